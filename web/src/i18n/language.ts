import { telegramUserLanguage } from '@otkrytka/contract/rules/telegram';
import { getCookie } from '../lib/cookies';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

const asLanguage = (v: string | null | undefined): Language | null => (v === 'en' || v === 'ru' ? v : null);

/**
 * Inside the Mini App, the Telegram user's language from the launch data Telegram puts in the
 * address (`#tgWebAppData=…user={…"language_code":"en"…}`), by the bot's rule
 * (`telegramUserLanguage`). Null outside Telegram or without a code.
 */
function telegramLanguage(location: Pick<Location, 'pathname' | 'hash'>): Language | null {
  if (location.pathname !== '/telegram' && !location.pathname.startsWith('/telegram/')) return null;
  try {
    const data = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
    const user = data ? (JSON.parse(new URLSearchParams(data).get('user') ?? 'null') as { language_code?: unknown } | null) : null;
    return typeof user?.language_code === 'string' && user.language_code ? telegramUserLanguage(user.language_code) : null;
  } catch {
    return null;
  }
}

/**
 * The language a page opens in: the one chosen on this device, else (inside Telegram) the Telegram
 * user's, else the one its link asks for (`?lang=en`: a greeting shared by someone who uses the
 * app in English), else Russian. The server writes the page's title and link preview by the same
 * rule (`shareLang`), less Telegram's part, which only the page sees.
 */
export function pageLanguage(search: string = window.location.search, location: Pick<Location, 'pathname' | 'hash'> = window.location): Language {
  return asLanguage(getCookie('language')) ?? telegramLanguage(location) ?? asLanguage(new URLSearchParams(search).get('lang')) ?? DEFAULT_LANGUAGE;
}

/** The query a shared link carries so that it opens in the sharer's language (none for Russian). */
export const linkLanguageQuery = (lang: string): string => (lang !== DEFAULT_LANGUAGE && asLanguage(lang) ? `?lang=${lang}` : '');
