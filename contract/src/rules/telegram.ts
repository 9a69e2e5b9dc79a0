/** Telegram language codes answered in Russian. */
const RU_LIKE = new Set(['ru', 'uk', 'be', 'kk']);

/**
 * The language of a Telegram user, for the bot and the Mini App alike: Russian for Russian-like
 * codes and when there is none, English for any other.
 */
export const telegramUserLanguage = (code: string | null | undefined): 'ru' | 'en' =>
  !code || RU_LIKE.has(code.slice(0, 2).toLowerCase()) ? 'ru' : 'en';
