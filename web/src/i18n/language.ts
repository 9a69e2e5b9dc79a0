import { getCookie } from '../lib/cookies';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** The language chosen on this device (the `language` cookie), Russian by default. */
export function savedLanguage(): Language {
  const c = getCookie('language');
  return c === 'en' || c === 'ru' ? c : DEFAULT_LANGUAGE;
}
