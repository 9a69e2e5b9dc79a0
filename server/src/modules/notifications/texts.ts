import { type TextTree, type TOptions, translateText } from '@otkrytka/contract/i18n';
import { notificationText, type Translate } from '@otkrytka/contract/notification-text';
// The web app's texts are the one copy of every notification text and of the game's catalog
// (quests, achievements, cards, crystals); the server renders the API's texts from them in the
// reader's language.
import enGame from '../../../../web/src/i18n/en/game.json';
import enNotifications from '../../../../web/src/i18n/en/notifications.json';
import ruGame from '../../../../web/src/i18n/ru/game.json';
import ruNotifications from '../../../../web/src/i18n/ru/notifications.json';
import { DEFAULT_USER_LANGUAGE, type UserLanguage } from '../settings/repo';

export type ReaderLanguage = UserLanguage;
export const DEFAULT_READER_LANGUAGE = DEFAULT_USER_LANGUAGE;

const TEXTS: Record<ReaderLanguage, Record<string, TextTree>> = {
  ru: { notifications: ruNotifications, game: ruGame },
  en: { notifications: enNotifications, game: enGame },
};
const source = (lang: string, ns: string) => TEXTS[lang as ReaderLanguage]?.[ns];

/** A translator in `lang` (Russian where a text is missing), bare keys in `ns` (`notifications` unless named). */
export function translator(lang: ReaderLanguage, ns: 'notifications' | 'game' = 'notifications'): Translate {
  const languages = lang === DEFAULT_READER_LANGUAGE ? [lang] : [lang, DEFAULT_READER_LANGUAGE];
  return (key: string, opts?: TOptions) => translateText(source, languages, key, opts, ns);
}

export { notificationText };
