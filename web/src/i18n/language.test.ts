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
    expect(pageLanguage('?from=congratulations&lang=en', ['en-US', 'en'])).toBe('en');
    expect(pageLanguage('?lang=en', [])).toBe('en');
  });

  it("is Russian, not the sharer's, for a reader who chose none on a device that reads Russian", () => {
    expect(pageLanguage('?lang=en', ['ru-RU', 'ru', 'en-US'])).toBe('ru');
    expect(pageLanguage('?lang=en', ['de-DE', 'ru'])).toBe('ru');
    expect(pageLanguage('?lang=en', ['rue'])).toBe('en');
  });

  it("is the reader's own choice on this device, whatever the link asks for", () => {
    setCookie('language', 'ru');
    expect(pageLanguage('?lang=en', ['en'])).toBe('ru');
    setCookie('language', 'en');
    expect(pageLanguage('', ['ru'])).toBe('en');
  });

  it('is written into a shared link only when it is not Russian', () => {
    expect(linkLanguageQuery('ru')).toBe('');
    expect(linkLanguageQuery('en')).toBe('?lang=en');
    expect(linkLanguageQuery('xx')).toBe('');
  });
});
