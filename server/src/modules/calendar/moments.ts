import { dayInYear } from '@otkrytka/contract';
import { DateTime } from 'luxon';

/** What a yearly date's moments are worked out from. */
export interface YearlyDate {
  day: number;
  month: number;
  remind_time: string;
  time_zone: string;
}

type Day = { year: number; month: number; day: number };
const dayText = (d: Day) => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Whether the runtime knows an IANA zone (`Europe/Moscow`). */
export const isTimeZone = (zone: string): boolean => DateTime.local().setZone(zone).isValid;

/**
 * The next moment, strictly after `after`, of the reminder `daysBefore` days before a yearly date,
 * at its local time in its zone (daylight saving included: a local time that does not exist that
 * day moves forward, as clocks do), with the day of the date it is for. 29 February falls on the
 * 28th in years that are not leap (docs/PRODUCT-RULES.md, calendar).
 */
export function nextReminder(d: YearlyDate, daysBefore: number, after: Date): { at: Date; date: string; year: number } {
  const [hour, minute] = d.remind_time.split(':').map(Number) as [number, number];
  const startYear = DateTime.fromJSDate(after, { zone: d.time_zone }).year - 1;
  for (let year = startYear; year <= startYear + 3; year++) {
    const on = dayInYear(year, d.month, d.day);
    const moment = DateTime.fromObject(on, { zone: d.time_zone }).minus({ days: daysBefore }).set({ hour, minute, second: 0, millisecond: 0 });
    if (moment.toMillis() > after.getTime()) return { at: moment.toJSDate(), date: dayText(on), year };
  }
  throw new Error('no reminder moment within three years');
}

/** The day a yearly date comes next (today's counts, in its zone), and how many days away it is. */
export function nextOccurrence(d: Pick<YearlyDate, 'day' | 'month' | 'time_zone'>, now: Date): { date: string; year: number; daysUntil: number } {
  const today = DateTime.fromJSDate(now, { zone: d.time_zone }).startOf('day');
  for (const year of [today.year, today.year + 1]) {
    const on = DateTime.fromObject(dayInYear(year, d.month, d.day), { zone: d.time_zone });
    if (on >= today) return { date: dayText(on), year, daysUntil: Math.round(on.diff(today, 'days').days) };
  }
  throw new Error('unreachable: a yearly date comes within a year');
}
