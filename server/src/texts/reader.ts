import { type TextTree, type TOptions, translateText } from '@otkrytka/contract/i18n';
import type { Translate } from '@otkrytka/contract/notification-text';
// The texts the API writes in words (notifications, the game's catalog and refusals, the sandbox's
// empty state) are the contract's, one copy the web app shows too. The server reads them in the
// reader's saved language.
import enGame from '@otkrytka/contract/texts/en/game.json';
import enNotifications from '@otkrytka/contract/texts/en/notifications.json';
import enSandbox from '@otkrytka/contract/texts/en/sandbox.json';
import ruGame from '@otkrytka/contract/texts/ru/game.json';
import ruNotifications from '@otkrytka/contract/texts/ru/notifications.json';
import ruSandbox from '@otkrytka/contract/texts/ru/sandbox.json';

/** The languages a reader can choose (settings: `language`); Russian first. */
export const READER_LANGUAGES = ['ru', 'en'] as const;
export type ReaderLanguage = (typeof READER_LANGUAGES)[number];
export const DEFAULT_READER_LANGUAGE: ReaderLanguage = 'ru';
export type TextNamespace = 'notifications' | 'game' | 'sandbox';

const TEXTS: Record<ReaderLanguage, Record<TextNamespace, TextTree>> = {
  ru: { notifications: ruNotifications, game: ruGame, sandbox: ruSandbox },
  en: { notifications: enNotifications, game: enGame, sandbox: enSandbox },
};
const source = (lang: string, ns: string) => TEXTS[lang as ReaderLanguage]?.[ns as TextNamespace];

/** A translator in `lang` (Russian where a text is missing), bare keys in `ns` (`notifications` unless named). */
export function translator(lang: ReaderLanguage, ns: TextNamespace = 'notifications'): Translate {
  const languages = lang === DEFAULT_READER_LANGUAGE ? [lang] : [lang, DEFAULT_READER_LANGUAGE];
  return (key: string, opts?: TOptions) => translateText(source, languages, key, opts, ns);
}
