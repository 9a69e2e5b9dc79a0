import { getCookie } from '../lib/cookies';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

const asLanguage = (v: string | null | undefined): Language | null => (v === 'en' || v === 'ru' ? v : null);

/**
 * The language a page opens in: the one chosen on this device, else the one its link asks for
 * (`?lang=en`: a greeting shared by someone who uses the app in English), else Russian. The server
 * writes the page's title and link preview by the same rule (`shareLang`). Inside Telegram the
 * Telegram user's language then takes the link's place (`telegram/launch-language.ts`).
 */
export function pageLanguage(search: string = window.location.search): Language {
  return asLanguage(getCookie('language')) ?? asLanguage(new URLSearchParams(search).get('lang')) ?? DEFAULT_LANGUAGE;
}

/** The query a shared link carries so that it opens in the sharer's language (none for Russian). */
export const linkLanguageQuery = (lang: string): string => (lang !== DEFAULT_LANGUAGE && asLanguage(lang) ? `?lang=${lang}` : '');
