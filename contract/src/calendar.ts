import { z } from 'zod';
import { defineRoutes } from './route';
import { Id, Ok } from './common';
import { HOLIDAY_KINDS, PERSON_DATE_KINDS, PERSON_DATES, daysInMonth } from './rules/calendar';
import { trimInvisible } from './rules/text';

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');

export const HolidaysQuery = z.object({
  from: CalendarDay,
  to: CalendarDay,
  /** the language of the names; by default the reader's (their setting, else Russian) */
  lang: z.enum(['ru', 'en']).optional(),
});

export const Holiday = z.object({
  id: z.string(),
  date: CalendarDay,
  /** the last day: the same as `date` unless the holiday lasts several days */
  end_date: CalendarDay,
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  /** the gallery categories whose postcards fit it */
  category_ids: z.array(Id),
});
export type Holiday = z.infer<typeof Holiday>;
export const HolidayList = z.object({ holidays: z.array(Holiday) });
export type HolidayList = z.infer<typeof HolidayList>;

const RemindTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time written HH:MM');
const TimeZone = z.string().min(1).max(64);

/** A person's date as its owner keeps it, with when it comes next. */
export const PersonDate = z.object({
  id: Id,
  person_name: z.string(),
  kind: z.enum(PERSON_DATE_KINDS),
  day: z.number().int(),
  month: z.number().int(),
  year: z.number().int().nullable(),
  note: z.string().nullable(),
  remind_days_before: z.array(z.number().int()),
  remind_time: z.string(),
  time_zone: z.string(),
  /** the day it comes next (today's counts): 29 February falls on the 28th in other years */
  next_date: CalendarDay,
  /** days from today (in the date's zone) to `next_date` */
  days_until: z.number().int(),
  /** how many years it will be on `next_date` (an age, years married), when the year is known */
  turns: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PersonDate = z.infer<typeof PersonDate>;
export const PersonDateList = z.object({ dates: z.array(PersonDate) });
export type PersonDateList = z.infer<typeof PersonDateList>;

const personDateFields = {
  person_name: z.string().overwrite(trimInvisible).min(1).max(PERSON_DATES.personNameMax),
  kind: z.enum(PERSON_DATE_KINDS),
  day: z.number().int().min(1).max(31),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1900).max(2100).nullable(),
  note: z
    .string()
    .overwrite(trimInvisible)
    .max(PERSON_DATES.noteMax)
    .nullable()
    .transform((v) => v || null),
  remind_days_before: z
    .array(z.number().int().min(0).max(PERSON_DATES.remindDaysMax))
    .max(PERSON_DATES.remindersMax)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  remind_time: RemindTime,
  time_zone: TimeZone,
};
const dayFitsMonth = (b: { day?: number | undefined; month?: number | undefined }) => b.day === undefined || b.month === undefined || b.day <= daysInMonth(b.month);
const DAY_ERROR = { error: 'no such day in that month', path: ['day'] };

/** A new date: a name, a kind, day and month; the rest has defaults (reminder the day before at 10:00, the user's zone). */
export const CreatePersonDateBody = z
  .object({
    ...personDateFields,
    year: personDateFields.year.optional().default(null),
    note: personDateFields.note.optional().default(null),
    remind_days_before: personDateFields.remind_days_before.optional(),
    remind_time: personDateFields.remind_time.optional(),
    time_zone: personDateFields.time_zone.optional(),
  })
  .refine(dayFitsMonth, DAY_ERROR);
export type CreatePersonDateBody = z.input<typeof CreatePersonDateBody>;

/** Any of the fields; the day is checked against the month the date ends with. */
export const UpdatePersonDateBody = z.object(personDateFields).partial();
export type UpdatePersonDateBody = z.input<typeof UpdatePersonDateBody>;

export const CalendarFeedBody = z
  .object({
    /** the holidays the feed carries besides the user's dates (none by default) */
    holiday_kinds: z.array(z.enum(HOLIDAY_KINDS)).max(HOLIDAY_KINDS.length).optional(),
  })
  .optional();
export const CalendarFeed = z.object({ url: z.string() });

export const calendarRoutes = defineRoutes({
  'GET /api/holidays': {
    access: 'optional',
    summary: 'Holidays from `from` to `to` (both included, at most a year), by date, named in the reader’s language',
    query: HolidaysQuery,
    response: HolidayList,
  },
  'GET /api/dates': {
    access: 'user',
    summary: 'My dates (birthdays, anniversaries, name days), the nearest first',
    response: PersonDateList,
  },
  'POST /api/dates': {
    access: 'user',
    summary: 'Keep a date with its reminders (at most 500 per user)',
    body: CreatePersonDateBody,
    status: 201,
    response: PersonDate,
  },
  'PATCH /api/dates/{id}': {
    access: 'user',
    summary: 'Change one of my dates; its reminders move with it',
    params: z.object({ id: Id }),
    body: UpdatePersonDateBody,
    response: PersonDate,
  },
  'DELETE /api/dates/{id}': {
    access: 'user',
    summary: 'Forget one of my dates and its reminders',
    params: z.object({ id: Id }),
    response: Ok,
  },
  'POST /api/dates/feed': {
    access: 'user',
    summary: 'Turn on my private calendar feed, or give it a new secret address (the old one stops working)',
    body: CalendarFeedBody,
    response: CalendarFeed,
  },
  'DELETE /api/dates/feed': {
    access: 'user',
    summary: 'Turn my calendar feed off',
    response: Ok,
  },
});
