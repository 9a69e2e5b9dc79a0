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

  it('is written into a shared link only when it is not Russian', () => {
    expect(linkLanguageQuery('ru')).toBe('');
    expect(linkLanguageQuery('en')).toBe('?lang=en');
    expect(linkLanguageQuery('xx')).toBe('');
  });
});
