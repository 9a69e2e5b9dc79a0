import { describe, expect, it } from 'vitest';
import { backTarget, greetingPageUrl, shareTargets } from './share';

describe('greeting links', () => {
  it('point at the web greeting page', () => {
    expect(greetingPageUrl('AbC_-9', 'ru', 'https://otkrytka.example')).toBe('https://otkrytka.example/greeting/AbC_-9');
    // shared from the app in English, it opens in English (where the reader chose no language)
    expect(greetingPageUrl('AbC_-9', 'en', 'https://otkrytka.example')).toBe('https://otkrytka.example/greeting/AbC_-9?lang=en');
  });

  it('encode the link and text for Telegram, WhatsApp and VK', () => {
    const url = 'https://o.example/greeting/x1';
    const text = 'Посмотрите на это красивое поздравление! 🎉';
    expect(shareTargets.telegram(url, text)).toBe(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`);
    expect(shareTargets.whatsapp(url, text)).toBe(`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`);
    expect(shareTargets.vk(url, text)).toContain(`https://vk.com/share.php?url=${encodeURIComponent(url)}`);
  });

  it('go back where the greeting was opened from', () => {
    expect(backTarget('congratulations')).toBe('/congratulations');
    expect(backTarget('accepted-greetings')).toBe('/accepted-greetings');
    expect(backTarget('received-greetings')).toBe('/received-greetings');
    expect(backTarget(null)).toBeNull();
    expect(backTarget('https://evil.example')).toBeNull();
  });
});
