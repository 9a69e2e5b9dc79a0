import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptic, isTelegramLink, isTelegramPath, openTelegramLink, telegramInitData } from './index';

afterEach(() => vi.restoreAllMocks());

describe('the Telegram area', () => {
  it('is everything under /telegram', () => {
    expect(isTelegramPath('/telegram')).toBe(true);
    expect(isTelegramPath('/telegram/')).toBe(true);
    expect(isTelegramPath('/telegram/auth')).toBe(true);
    expect(isTelegramPath('/telegrammy')).toBe(false);
    expect(isTelegramPath('/gallery')).toBe(false);
  });
});

describe('Telegram links', () => {
  it('must be https links to Telegram', () => {
    expect(isTelegramLink('https://t.me/otkrytka_bot?startapp=abc')).toBe(true);
    expect(isTelegramLink('https://telegram.me/share/url?url=x')).toBe(true);
    for (const bad of ['http://t.me/x', 'https://t.me.evil.example/x', 'https://evil.example/t.me', 'tg://resolve?domain=x', 'not a url', '']) {
      expect(isTelegramLink(bad), bad).toBe(false);
    }
  });

  it('outside Telegram open in a new tab; invalid ones open nothing', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openTelegramLink('https://t.me/otkrytka_bot')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://t.me/otkrytka_bot', '_blank', 'noopener,noreferrer');
    expect(openTelegramLink('https://evil.example/')).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('outside Telegram there is no initData and haptics do nothing', () => {
    expect(telegramInitData()).toBeNull();
    expect(() => haptic('success')).not.toThrow();
  });
});
