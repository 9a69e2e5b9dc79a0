/** Where a holiday rule lands in a given Gregorian year. */
import { type CalendarDate, dayNumber, daysInMonth, formatDayNumber, fromDayNumber, julianDayNumber, type Weekday, weekdayOf } from './dates';
import { assertSupportedYear, orthodoxEasterDay, westernEasterDay } from './computus';
import type { HolidayRule } from './types';

/** The day number of the n-th `weekday` of a month (n = -1: the last), or null when there is none. */
export function nthWeekdayDay(year: number, month: number, weekday: Weekday, n: number): number | null {
  if (n === -1) {
    const last = dayNumber(year, month, daysInMonth(year, month));
    return last - ((weekdayOf(last) - weekday + 7) % 7);
  }
  const first = dayNumber(year, month, 1);
  const day = first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1);
  return fromDayNumber(day).month === month ? day : null;
}

/**
 * The date of the n-th `weekday` (0 Sunday … 6 Saturday) of a month (1–12) of a year, `'YYYY-MM-DD'`;
 * n = -1 is the last one. Null when the month has no such day (a fifth Monday, say).
 */
export function nthWeekdayOf(year: number, month: number, weekday: Weekday, n: number): CalendarDate | null {
  assertSupportedYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1–12, got ${month}`);
  if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw new RangeError(`weekday must be 0 (Sunday) to 6 (Saturday), got ${weekday}`);
  if (n !== -1 && !(Number.isInteger(n) && n >= 1 && n <= 5)) throw new RangeError(`n must be 1–5 or -1 (the last), got ${n}`);
  const day = nthWeekdayDay(year, month, weekday, n);
  return day === null ? null : formatDayNumber(day);
}

/** The day numbers in Gregorian year `year` on which a rule falls (one for every rule in the data). */
export function ruleDaysIn(rule: HolidayRule, year: number): number[] {
  switch (rule.type) {
    case 'fixed':
      return [dayNumber(year, rule.month, rule.day)];
    case 'julian':
      // A Julian date of Julian year J falls in Gregorian year J or J + 1 (late December).
      return [year - 1, year].map((y) => julianDayNumber(y, rule.month, rule.day)).filter((day) => fromDayNumber(day).year === year);
    case 'nthWeekday': {
      const day = nthWeekdayDay(year, rule.month, rule.weekday, rule.n);
      return day === null ? [] : [day];
    }
    case 'dayOfYear':
      return [dayNumber(year, 1, 1) + rule.day - 1];
    case 'easter':
      return [(rule.church === 'orthodox' ? orthodoxEasterDay(year) : westernEasterDay(year)) + rule.offset];
  }
}
