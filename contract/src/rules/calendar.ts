/**
 * The calendar's rules (docs/PRODUCT-RULES.md, calendar). Zod-free, so the web app may import it at
 * run time.
 */

/** What kind of day a holiday is. */
export const HOLIDAY_KINDS = ['public', 'religious', 'international', 'professional', 'folk'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** The longest range `GET /api/holidays` answers: a year, both ends counted (366 covers a leap year). */
export const HOLIDAYS_MAX_RANGE_DAYS = 366;
/** The years the holiday calendar is worked out for. */
export const HOLIDAY_YEARS = { first: 1900, last: 2100 } as const;

/** What a person's date is. */
export const PERSON_DATE_KINDS = ['birthday', 'anniversary', 'name_day', 'other'] as const;
export type PersonDateKind = (typeof PERSON_DATE_KINDS)[number];

export const PERSON_DATES = {
  /** dates one user may keep */
  perUser: 500,
  personNameMax: 80,
  noteMax: 500,
  /** a reminder comes 0 (on the day) to 30 days before */
  remindDaysMax: 30,
  /** at most this many reminders per date */
  remindersMax: 5,
  /** when no reminder is asked for: the day before, at 10:00 local time */
  defaultRemindDaysBefore: [1] as readonly number[],
  defaultRemindTime: '10:00',
  /** the zone of a user whose browser told none */
  defaultTimeZone: 'Europe/Moscow',
  /** a reminder that fires this much after its moment (the server was down) says it is late */
  lateAfterMs: 60 * 60_000,
} as const;

/** Days in a month; February has 29 (a date kept for 29 February falls on the 28th in other years). */
export const daysInMonth = (month: number): number => [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** The day a yearly date falls on in `year`: 29 February is the 28th in a year that is not leap. */
export function dayInYear(year: number, month: number, day: number): { year: number; month: number; day: number } {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && day === 29 && !leap ? { year, month, day: 28 } : { year, month, day };
}
