import type { Holiday } from '@otkrytka/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TFunction } from '@/i18n';

/*
 * What the gallery's «Скоро» strip counts with — calendar days, how far off a day is in words, the
 * holidays by range — and nothing else, so the strip, which loads by itself on every visit to the
 * gallery, brings no more than it uses. The rest of the calendar's shared code is in ./core.ts.
 */

// ---- calendar days: `YYYY-MM-DD` strings (the API's), counted in whole days with no time zone
// inside — a day is the reader's day, read from the device clock ----

export const pad = (n: number) => String(n).padStart(2, '0');

/** A day number (days since 1970-01-01) of a `YYYY-MM-DD` day; NaN when it is not one. */
export function dayNumber(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 : NaN;
}

/** The `YYYY-MM-DD` of a day number. */
export function dayOf(n: number): string {
  const d = new Date(n * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Today on this device (its zone), `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

export const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'ru-RU');

/**
 * A day as people write it: «8 марта» / "8 March", the year only when it is not `thisYear`'s, and
 * the weekday first when asked («пятница, 8 марта»).
 */
export function formatDay(day: string, lang: string, o: { weekday?: boolean; thisYear?: string } = {}): string {
  const n = dayNumber(day);
  if (Number.isNaN(n)) return day;
  const year = day.slice(0, 4);
  return new Intl.DateTimeFormat(locale(lang), {
    day: 'numeric',
    month: 'long',
    ...(o.thisYear && o.thisYear !== year ? { year: 'numeric' as const } : {}),
    ...(o.weekday ? { weekday: 'long' as const } : {}),
    timeZone: 'UTC',
  })
    .format(new Date(n * 86_400_000))
    .replace(/\s?г\.$/, '');
}

/** «сегодня», «завтра», «через 3 дня»: how far a day is (`days` from today; 0 or less while it is on). */
export function daysLeftText(t: TFunction, days: number): string {
  if (days <= 0) return t('gallery:days.today');
  if (days === 1) return t('gallery:days.tomorrow');
  return t('gallery:days.in', { count: days });
}

// ---- holidays ----

/** How far ahead the «Скоро» strip and the wizard's choices look. */
export const COMING_DAYS = 60;

export const calendarKeys = {
  all: ['calendar'] as const,
  holidays: (from: string, to: string, lang: string) => [...calendarKeys.all, 'holidays', from, to, lang] as const,
  dates: () => [...calendarKeys.all, 'dates'] as const,
};

export const holidaysQuery = (from: string, to: string, lang: string) => ({
  queryKey: calendarKeys.holidays(from, to, lang),
  // named in the language on screen (the server would name them in the account's, else Russian)
  queryFn: () => api('GET /api/holidays', { query: { from, to, lang: lang === 'en' ? ('en' as const) : ('ru' as const) } }),
  // the calendar of a day does not change within it
  staleTime: 60 * 60_000,
  gcTime: 60 * 60_000,
});

/** A holiday with where it stands from today: `days` until it (0 today, negative while one of several days is on). */
export interface ComingHoliday extends Holiday {
  days: number;
  /** today is one of its days */
  isToday: boolean;
}

export function withDays(h: Holiday, today: string): ComingHoliday {
  const days = daysBetween(today, h.date);
  return { ...h, days, isToday: days <= 0 && daysBetween(today, h.end_date) >= 0 };
}

/** The holidays of the next COMING_DAYS days (today's first), each with its days left. */
export function useComingHolidays(lang: string) {
  const today = localToday();
  return useQuery({
    ...holidaysQuery(today, addDays(today, COMING_DAYS), lang),
    select: (d) => d.holidays.map((h) => withDays(h, today)).filter((h) => h.days >= 0 || h.isToday),
  });
}
