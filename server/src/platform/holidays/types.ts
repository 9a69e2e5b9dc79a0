/**
 * The shape of the holiday calendar's data. Each file under entries/ holds one group of holidays
 * (state, church, professional, international, folk), and every entry cites the document that sets
 * its date (entries/citations.ts; SOURCES.md lists them with how they were checked).
 */
import type { Weekday } from './dates';

export type HolidayLang = 'ru' | 'en';

/**
 * What a holiday is:
 * - public: a state holiday or memorable date set by federal law or a presidential decree for
 *   everyone (only some are days off, see `dayOff`);
 * - religious: a church feast;
 * - professional: the day of a trade or a service;
 * - international: a day proclaimed by the UN or another international body;
 * - folk: a custom kept without an act that sets it.
 */
import type { HolidayKind } from '@otkrytka/contract/rules/calendar';

export { HOLIDAY_KINDS, type HolidayKind } from '@otkrytka/contract/rules/calendar';

/**
 * When a holiday falls, year after year.
 * - fixed: the same Gregorian day every year;
 * - julian: the same day of the Julian (church) calendar, shown on its Gregorian date (25 December
 *   Julian is 7 January from 1901 to 2100, 6 January in 1900);
 * - nthWeekday: the n-th given weekday of a month; n = -1 is the last one;
 * - dayOfYear: the n-th day of the Gregorian year (1 is 1 January);
 * - easter: a number of days after (negative: before) Orthodox or Western Easter.
 */
export type HolidayRule =
  | { type: 'fixed'; month: number; day: number }
  | { type: 'julian'; month: number; day: number }
  | { type: 'nthWeekday'; month: number; weekday: Weekday; n: 1 | 2 | 3 | 4 | -1 }
  | { type: 'dayOfYear'; day: number }
  | { type: 'easter'; church: 'orthodox' | 'western'; offset: number };

/** The kind of document a citation names. */
export type CitationType = 'law' | 'decree' | 'international' | 'church' | 'tradition';

export interface Citation {
  type: CitationType;
  /** the document as cited in Russian: its kind, date, number and title, and the article or point */
  title: string;
  /** the document's public text, where it has a stable address */
  url?: string;
}

/**
 * The gallery categories a holiday's postcards belong to, by name: the built-in categories the
 * demo seed creates (server/src/seed/catalogue.ts). Names, because the database gives the
 * categories their ids when it seeds them; a route maps the names to the gallery owner's ids.
 */
export const GALLERY_CATEGORIES = [
  'Новый год',
  '8 Марта',
  '23 Февраля',
  'День Победы',
  'День рождения',
  'Свадьба',
  'Юбилей',
  'Доброе утро',
  'Спокойной ночи',
  'Просто так',
  'Времена года',
] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export interface Holiday {
  /** a stable slug: never renamed, so saved references and reminders keep working */
  id: string;
  name: Readonly<Record<HolidayLang, string>>;
  kind: HolidayKind;
  rule: HolidayRule;
  /** how many days in a row it lasts, from the rule's date (1 unless said) */
  days?: number;
  /** a non-working day under the Labour Code, art. 112 */
  dayOff?: boolean;
  /** the interface languages that list it (both unless said) */
  langs?: readonly HolidayLang[];
  /** gallery categories whose postcards fit it; empty for a day of remembrance */
  categories: readonly GalleryCategory[];
  /** the document that sets its date */
  source: Citation;
  /** other documents that also name it */
  alsoCited?: readonly Citation[];
}
