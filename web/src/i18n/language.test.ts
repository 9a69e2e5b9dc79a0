import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, setCookie } from '../lib/cookies';
import { linkLanguageQuery, pageLanguage } from './language';

describe('the language a page opens in', () => {
  afterEach(() => deleteCookie('language'));

  it('is Russian for a reader who chose none and a link that asks for none', () => {
    expect(pageLanguage('')).toBe('ru');
    expect(pageLanguage('?lang=de')).toBe('ru');
  });

  it("is the link's for a reader who chose none", () => {
    expect(pageLanguage('?from=congratulations&lang=en')).toBe('en');
  });

  it("is the reader's own choice on this device, whatever the link asks for", () => {
    setCookie('language', 'ru');
    expect(pageLanguage('?lang=en')).toBe('ru');
    setCookie('language', 'en');
    expect(pageLanguage('')).toBe('en');
  });

  it("inside Telegram, is the Telegram user's (as the bot speaks to them) unless chosen on this device", () => {
    const launch = (code: string | null) => {
      const user = JSON.stringify({ id: 7, first_name: 'Ann', ...(code ? { language_code: code } : {}) });
      return `#tgWebAppData=${encodeURIComponent(new URLSearchParams({ user, auth_date: '1', hash: 'x' }).toString())}&tgWebAppVersion=8.0`;
    };
    expect(pageLanguage('', { pathname: '/telegram/gallery', hash: launch('en') })).toBe('en');
    expect(pageLanguage('', { pathname: '/telegram', hash: launch('de') })).toBe('en');
    expect(pageLanguage('', { pathname: '/telegram/gallery', hash: launch('uk') })).toBe('ru');
    expect(pageLanguage('?lang=en', { pathname: '/telegram/gallery', hash: launch(null) })).toBe('en');
    expect(pageLanguage('', { pathname: '/telegram/gallery', hash: launch(null) })).toBe('ru');
    expect(pageLanguage('', { pathname: '/telegram/gallery', hash: '#tgWebAppData=%7Bbroken' })).toBe('ru');
    // outside the Mini App the address says nothing of Telegram
    expect(pageLanguage('', { pathname: '/gallery', hash: launch('en') })).toBe('ru');
    setCookie('language', 'ru');
    expect(pageLanguage('', { pathname: '/telegram/gallery', hash: launch('en') })).toBe('ru');
  });

  it('is written into a shared link only when it is not Russian', () => {
    expect(linkLanguageQuery('ru')).toBe('');
    expect(linkLanguageQuery('en')).toBe('?lang=en');
    expect(linkLanguageQuery('xx')).toBe('');
  });
});
