/**
 * The holiday calendar: the data (entries/*.ts, sources in SOURCES.md) and the pure functions that
 * place it on dates. No clock, no time zone: dates are plain `'YYYY-MM-DD'` calendar days.
 */
import { type CalendarDate, FIRST_YEAR, formatDayNumber, fromDayNumber, LAST_YEAR, parseCalendarDate } from './dates';
import { ruleDaysIn } from './rules';
import { HOLIDAY_KINDS, type GalleryCategory, type Holiday, type HolidayKind, type HolidayLang } from './types';
import { CHURCH_FEASTS } from './entries/church';
import { FOLK_DAYS } from './entries/folk';
import { INTERNATIONAL_DAYS } from './entries/international';
import { PROFESSIONAL_DAYS } from './entries/professional';
import { STATE_HOLIDAYS } from './entries/state';

export { FIRST_YEAR, LAST_YEAR, SATURDAY, SUNDAY, type CalendarDate, type Weekday } from './dates';
export { orthodoxEaster, westernEaster } from './computus';
export { nthWeekdayOf } from './rules';
export { GALLERY_CATEGORIES, HOLIDAY_KINDS, type Citation, type GalleryCategory, type Holiday, type HolidayKind, type HolidayLang, type HolidayRule } from './types';

/**
 * The longest range `holidaysBetween` is asked for by a client: a year, counted in days with both
 * ends included (366 covers a leap year). The function itself answers any range in 1900–2100; the
 * caller (the HTTP route) refuses longer ones.
 */
export const MAX_RANGE_DAYS = 366;

/** Every holiday of the calendar. */
export const HOLIDAYS: readonly Holiday[] = [...STATE_HOLIDAYS, ...CHURCH_FEASTS, ...PROFESSIONAL_DAYS, ...INTERNATIONAL_DAYS, ...FOLK_DAYS];

/** One holiday on the calendar. */
export interface HolidayOccurrence {
  id: string;
  /** its (first) day */
  date: CalendarDate;
  /** its last day: the same as `date` unless it lasts several days (Maslenitsa lasts seven) */
  end_date: CalendarDate;
  /** the name in the asked language */
  name: string;
  kind: HolidayKind;
  /** a non-working day under the Labour Code */
  day_off: boolean;
  /** the gallery categories whose postcards fit it (by their built-in Russian names) */
  categories: readonly GalleryCategory[];
}

/** Days in a range with both ends included, or null when an end is not a `'YYYY-MM-DD'` date. */
export function rangeDays(from: CalendarDate, to: CalendarDate): number | null {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  return start === null || end === null ? null : end - start + 1;
}

function parseSupported(text: CalendarDate, what: string): number {
  const day = parseCalendarDate(text);
  if (day === null) throw new RangeError(`${what} must be a date written YYYY-MM-DD, got ${JSON.stringify(text)}`);
  const { year } = fromDayNumber(day);
  if (year < FIRST_YEAR || year > LAST_YEAR) throw new RangeError(`${what} must be in ${FIRST_YEAR}–${LAST_YEAR}, got ${text}`);
  return day;
}

const KIND_ORDER = new Map<HolidayKind, number>(HOLIDAY_KINDS.map((kind, index) => [kind, index]));

/**
 * The holidays from `from` to `to` (both included, `'YYYY-MM-DD'`, within 1900–2100) that the
 * interface in `lang` lists, sorted by date, then kind (public, religious, international,
 * professional, folk), then id. A holiday of several days is listed once, when any of its days is
 * in the range. An empty list when `to` is before `from`. Throws a RangeError for a malformed date
 * or one outside 1900–2100.
 */
export function holidaysBetween(from: CalendarDate, to: CalendarDate, lang: HolidayLang): HolidayOccurrence[] {
  const start = parseSupported(from, 'from');
  const end = parseSupported(to, 'to');
  if (end < start) return [];
  const found: { start: number; holiday: Holiday; last: number }[] = [];
  for (let year = fromDayNumber(start).year; year <= fromDayNumber(end).year; year++) {
    for (const holiday of HOLIDAYS) {
      if (holiday.langs && !holiday.langs.includes(lang)) continue;
      for (const first of ruleDaysIn(holiday.rule, year)) {
        const last = first + (holiday.days ?? 1) - 1;
        if (last >= start && first <= end) found.push({ start: first, holiday, last });
      }
    }
  }
  found.sort(
    (a, b) =>
      a.start - b.start ||
      KIND_ORDER.get(a.holiday.kind)! - KIND_ORDER.get(b.holiday.kind)! ||
      (a.holiday.id < b.holiday.id ? -1 : a.holiday.id > b.holiday.id ? 1 : 0),
  );
  return found.map(({ start: first, holiday, last }) => ({
    id: holiday.id,
    date: formatDayNumber(first),
    end_date: formatDayNumber(last),
    name: holiday.name[lang],
    kind: holiday.kind,
    day_off: holiday.dayOff ?? false,
    categories: holiday.categories,
  }));
}
