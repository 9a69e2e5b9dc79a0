/**
 * Plain calendar dates: no time of day, no time zone. A date travels as `'YYYY-MM-DD'` text and is
 * computed on as a day number (days since 1970-01-01 in the Gregorian calendar), so adding days and
 * comparing dates are integer operations.
 */

/** A Gregorian calendar date written `'YYYY-MM-DD'`. */
export type CalendarDate = string;

/** Day of the week, as `Date#getUTCDay` counts: 0 is Sunday, 6 is Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const SUNDAY = 0;
export const MONDAY = 1;
export const TUESDAY = 2;
export const SATURDAY = 6;

/** The years the calendar answers for (the computus and the Julian offset are checked over them). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

export const isGregorianLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isGregorianLeap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days in a Julian-calendar month: every fourth year is a leap year, with no century exception. */
export function julianDaysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 ? 29 : 28;
  return daysInMonth(2001, month);
}

/** The day number of a Gregorian date (days since 1970-01-01; negative before it). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = floorDiv(153 * (month + (month > 2 ? -3 : 9)) + 2, 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The Gregorian date of a day number. */
export function fromDayNumber(n: number): YearMonthDay {
  const z = n + 719468;
  const era = floorDiv(z, 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = floorDiv(dayOfEra - floorDiv(dayOfEra, 1460) + floorDiv(dayOfEra, 36524) - floorDiv(dayOfEra, 146096), 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100));
  const mp = floorDiv(5 * dayOfYear + 2, 153);
  const day = dayOfYear - floorDiv(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Day number 0 (1970-01-01) is Julian Day Number 2440588. */
const JDN_OF_DAY_ZERO = 2440588;

/**
 * The day number of a date written in the Julian calendar (the Russian Orthodox Church's calendar).
 * The same day's Gregorian date is 12 days later until Julian 28 February 1900, 13 days later from
 * Julian 1 March 1900 (Gregorian 14 March 1900) to Julian 28 February 2100 (Gregorian 13 March
 * 2100), and 14 days later from Julian 1 March 2100. (Julian 29 February 1900 and 2100 exist; the
 * Gregorian years 1900 and 2100 are not leap years.)
 */
export function julianDayNumber(year: number, month: number, day: number): number {
  const a = floorDiv(14 - month, 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const jdn = day + floorDiv(153 * m + 2, 5) + 365 * y + floorDiv(y, 4) - 32083;
  return jdn - JDN_OF_DAY_ZERO;
}

/** The Gregorian date of a Julian-calendar date, written `'YYYY-MM-DD'`. */
export const julianToGregorian = (year: number, month: number, day: number): CalendarDate => formatDayNumber(julianDayNumber(year, month, day));

/** The day of the week of a day number (1970-01-01 was a Thursday). */
export const weekdayOf = (n: number): Weekday => (((n + 4) % 7) + 7) % 7 as Weekday;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function formatDayNumber(n: number): CalendarDate {
  const { year, month, day } = fromDayNumber(n);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a `'YYYY-MM-DD'` date, or null when the text is not a real Gregorian date. */
export function parseCalendarDate(text: string): number | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return dayNumber(year, month, day);
}
