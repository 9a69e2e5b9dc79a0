import { getCookie } from '../lib/cookies';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

const asLanguage = (v: string | null | undefined): Language | null => (v === 'en' || v === 'ru' ? v : null);

/** The languages the device asks for, most wanted first (`navigator.languages`). */
const deviceLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * The language a page opens in: the one chosen on this device, else the one its link asks for
 * (`?lang=en`: a greeting shared by someone who uses the app in English) unless the device itself
 * reads Russian (then the sharer's language is not the reader's), else Russian. The server writes
 * the page's title and link preview by the link (`shareLang`); the app sets the title again when
 * the device overrules it. Inside Telegram the Telegram user's language then takes the link's
 * place (`telegram/launch.ts`).
 */
export function pageLanguage(search: string = window.location.search, device: readonly string[] = deviceLanguages()): Language {
  const chosen = asLanguage(getCookie('language'));
  if (chosen) return chosen;
  const linked = asLanguage(new URLSearchParams(search).get('lang'));
  const readsDefault = device.some((l) => l.toLowerCase().split('-')[0] === DEFAULT_LANGUAGE);
  return linked && !readsDefault ? linked : DEFAULT_LANGUAGE;
}

/** The query a shared link carries so that it opens in the sharer's language (none for Russian). */
export const linkLanguageQuery = (lang: string): string => (lang !== DEFAULT_LANGUAGE && asLanguage(lang) ? `?lang=${lang}` : '');
