import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { deleteCookie, setCookie } from '../lib/cookies';
import { showTelegramUserLanguage } from './launch';

describe("inside Telegram the app speaks the Telegram user's language, as the bot does", () => {
  afterEach(async () => {
    deleteCookie('language');
    await initI18n('ru');
  });

  it('English for an English or any other non-Russian-like code, with the texts and the page language switched', async () => {
    await initI18n('ru');
    await showTelegramUserLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:appName')).toBe('Otkrytka');
    expect(document.documentElement.lang).toBe('en');

    await initI18n('ru');
    await showTelegramUserLanguage('de');
    expect(i18n.t('common:appName')).toBe('Otkrytka');
  });

  it('Russian for Russian-like codes, even on a page opened in English by its link', async () => {
    await initI18n('en');
    await showTelegramUserLanguage('uk');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common:appName')).toBe('Открытка');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('keeps the language chosen on this device, and the one the page opened in when Telegram gives no code', async () => {
    setCookie('language', 'ru');
    await initI18n('ru');
    await showTelegramUserLanguage('en');
    expect(i18n.language).toBe('ru');

    deleteCookie('language');
    await initI18n('en');
    await showTelegramUserLanguage(null);
    expect(i18n.language).toBe('en');
  });
});
