import type { PersonDate } from '@otkrytka/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from '@/i18n';
import { addDays, formatDay, holidaysQuery, locale, localToday, pad, withDays } from './coming';

/*
 * The calendar's shared core: what the gallery's «Скоро» strip uses (./coming.ts, its own small
 * module so the strip brings no more than that), and the days, words and holidays the calendar's
 * pages and the greeting wizard use besides.
 */
export {
  addDays,
  calendarKeys,
  COMING_DAYS,
  type ComingHoliday,
  dayNumber,
  dayOf,
  daysBetween,
  daysLeftText,
  formatDay,
  localToday,
  useComingHolidays,
  withDays,
} from './coming';

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

/** How far ahead a holiday page looks for the holiday's next day: a year (the API's longest range). */
const YEAR_DAYS = 365;

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
