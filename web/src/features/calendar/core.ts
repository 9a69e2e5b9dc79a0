import type { Holiday, PersonDate } from '@otkrytka/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TFunction } from '@/i18n';

/*
 * The calendar's shared core, in one module so that the gallery's «Скоро» strip, which loads after
 * the gallery's first page, brings one small chunk: calendar days, how far off a day is in words,
 * and the holidays by range.
 */

// ---- calendar days: `YYYY-MM-DD` strings (the API's), counted in whole days with no time zone
// inside — a day is the reader's day, read from the device clock ----

const pad = (n: number) => String(n).padStart(2, '0');

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

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'ru-RU');

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

/** A day and month without a year: «8 марта» / "8 March" (a date kept without its year). */
export function formatDayMonth(day: number, month: number, lang: string): string {
  // 2000 is a leap year: 29 February is a day of it
  return formatDay(`2000-${pad(month)}-${pad(day)}`, lang);
}

/** The months' names for a picker: «января»… in Russian (as in «8 марта»), "January"… in English. */
export function monthNames(lang: string): string[] {
  const f = new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => {
    const parts = f.formatToParts(new Date(Date.UTC(2000, i, 1)));
    return parts.find((p) => p.type === 'month')?.value ?? String(i + 1);
  });
}

/** `YYYY-MM-DDT09:00`: a `datetime-local` value for a day at `time` (the device's zone reads it). */
export const dayAt = (day: string, time = '09:00') => `${day}T${time}`;

// ---- days in words ----
/** «сегодня», «завтра», «через 3 дня»: how far a day is (`days` from today; 0 or less while it is on). */
export function daysLeftText(t: TFunction, days: number): string {
  if (days <= 0) return t('gallery:days.today');
  if (days === 1) return t('gallery:days.tomorrow');
  return t('gallery:days.in', { count: days });
}

/** «исполнится 60» (a birthday), «10 лет» (any other date), or null without a year. */
export function turnsText(t: TFunction<'calendar'>, d: Pick<PersonDate, 'turns' | 'kind'>): string | null {
  if (d.turns === null || d.turns <= 0) return null;
  return t('dates.turns', { count: d.turns, context: d.kind === 'birthday' ? 'birthday' : undefined });
}

/** «в тот же день», «за 3 дня». */
export const beforeText = (t: TFunction<'calendar'>, days: number) => (days === 0 ? t('dates.sameDay') : t('dates.before', { count: days }));

/** «Напомним за 7 дней и за 1 день в 10:00», the farthest first. */
export function remindersText(t: TFunction<'calendar'>, d: Pick<PersonDate, 'remind_days_before' | 'remind_time'>): string {
  if (d.remind_days_before.length === 0) return t('dates.noReminders');
  const list = [...d.remind_days_before].sort((a, b) => b - a).map((n) => beforeText(t, n));
  return t('dates.reminders', { list: list.join(t('dates.and')), time: d.remind_time });
}

// ---- holidays ----

/** How far ahead the «Скоро» strip and the wizard's choices look. */
export const COMING_DAYS = 60;
/** How far ahead a holiday page looks for the holiday's next day: a year (the API's longest range). */
const YEAR_DAYS = 365;

export const calendarKeys = {
  all: ['calendar'] as const,
  holidays: (from: string, to: string, lang: string) => [...calendarKeys.all, 'holidays', from, to, lang] as const,
  dates: () => [...calendarKeys.all, 'dates'] as const,
};

const holidaysQuery = (from: string, to: string, lang: string) => ({
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

/** A holiday's next (or current) occurrence within a year, by its id; `data` null when there is none. */
export function useHoliday(id: string, lang: string, enabled = true) {
  const today = localToday();
  return useQuery({
    ...holidaysQuery(today, addDays(today, YEAR_DAYS), lang),
    enabled: enabled && id !== '',
    select: (d) => {
      const h = d.holidays.find((x) => x.id === id);
      return h ? withDays(h, today) : null;
    },
  });
}
