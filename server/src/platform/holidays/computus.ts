/**
 * The date of Easter (computus), as pure arithmetic.
 *
 * - Orthodox Easter follows the Alexandrian paschalion on the Julian calendar (the Russian Orthodox
 *   Church's rule): computed as a Julian date (Meeus's Julian algorithm), then written as the
 *   Gregorian date of the same day.
 * - Western Easter follows the Gregorian computus (the "anonymous Gregorian algorithm",
 *   Meeus/Jones/Butcher).
 */
import { type CalendarDate, dayNumber, FIRST_YEAR, formatDayNumber, julianDayNumber, LAST_YEAR } from './dates';

/** Orthodox Easter of a year, as a Julian-calendar month and day. */
export function orthodoxEasterJulian(year: number): { month: number; day: number } {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const f = d + e + 114;
  return { month: Math.floor(f / 31), day: (f % 31) + 1 };
}

/** Orthodox Easter of a year as a day number (see dates.ts). */
export function orthodoxEasterDay(year: number): number {
  const { month, day } = orthodoxEasterJulian(year);
  return julianDayNumber(year, month, day);
}

/** Western (Gregorian) Easter of a year as a day number (see dates.ts). */
export function westernEasterDay(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return dayNumber(year, Math.floor(n / 31), (n % 31) + 1);
}

/** Throws a RangeError unless the year is a whole number the calendar answers for (1900–2100). */
export function assertSupportedYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`year must be a whole number from ${FIRST_YEAR} to ${LAST_YEAR}, got ${year}`);
  }
}

/** Orthodox Easter (Pascha) of a year, as its Gregorian date `'YYYY-MM-DD'`. */
export function orthodoxEaster(year: number): CalendarDate {
  assertSupportedYear(year);
  return formatDayNumber(orthodoxEasterDay(year));
}

/** Western Easter of a year, `'YYYY-MM-DD'`. */
export function westernEaster(year: number): CalendarDate {
  assertSupportedYear(year);
  return formatDayNumber(westernEasterDay(year));
}
