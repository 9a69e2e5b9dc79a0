import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  type CreatePersonDateBody,
  type Holiday,
  HOLIDAY_YEARS,
  HOLIDAYS_MAX_RANGE_DAYS,
  type HolidayKind,
  type HolidaysQuery,
  type PersonDate,
  type PersonDateKind,
  PERSON_DATES,
  type UpdatePersonDateBody,
  daysInMonth,
  ErrorCode,
} from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, invalid, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { writeTx } from '../../jobs/runner';
import { iso } from '../../platform/clock';
import { categoriesRepo } from '../categories';
import { channelById } from '../channels';
import { settingsRepo } from '../settings';
import { calendarFeed } from './feed';
import { holidaysBetween, rangeDays } from '../../platform/holidays';
import { isTimeZone, nextOccurrence } from './moments';
import { remindDaysOf, syncReminders } from './reminders';
import { calendarRepo, type PersonDateRow } from './repo';

/** A feed's secret: 32 random bytes, base64url (what the URL carries). */
const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

export function calendarService(deps: Deps) {
  const { db, config } = deps;

  const present = (r: PersonDateRow, now: Date): PersonDate => {
    const next = nextOccurrence(r, now);
    return {
      id: r.id,
      person_name: r.person_name,
      kind: r.kind as PersonDateKind,
      day: r.day,
      month: r.month,
      year: r.year,
      note: r.note,
      remind_days_before: remindDaysOf(r),
      remind_time: r.remind_time,
      time_zone: r.time_zone,
      next_date: next.date,
      days_until: next.daysUntil,
      turns: r.year !== null ? next.year - r.year : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  };

  /** The owner's date, else 404 (someone else's is as good as none: 403 would tell it exists). */
  async function owned(trx: typeof db, user: AuthUser, id: number): Promise<PersonDateRow> {
    const row = await calendarRepo.date(trx, id);
    if (!row || row.user_id !== user.id) throw notFound('Date not found');
    return row;
  }

  const checkedZone = (zone: string) => {
    if (!isTimeZone(zone)) throw invalid('time_zone', 'an IANA time zone such as Europe/Moscow');
    return zone;
  };
  const checkedDay = (day: number, month: number) => {
    if (day > daysInMonth(month)) throw invalid('day', 'no such day in that month');
  };

  /** The gallery's categories by their (built-in, Russian) names: what a holiday's postcards are filed under. */
  async function galleryCategoryIds(): Promise<Map<string, number>> {
    const gallery = await channelById(db, config.galleryCollectionId);
    if (!gallery) return new Map();
    return new Map((await categoriesRepo.categories(db, gallery.user_id)).map((c) => [c.name, c.id]));
  }

  return {
    /** Holidays in a range of at most a year, named in the asked language, else the reader's. */
    async holidays(user: AuthUser | null, q: z.output<typeof HolidaysQuery>): Promise<{ holidays: Holiday[] }> {
      const days = rangeDays(q.from, q.to);
      if (days === null) throw invalid('from', 'a date written YYYY-MM-DD');
      for (const [field, value] of [['from', q.from], ['to', q.to]] as const) {
        const year = Number(value.slice(0, 4));
        if (year < HOLIDAY_YEARS.first || year > HOLIDAY_YEARS.last || !Number.isFinite(Date.parse(value))) {
          throw invalid(field, `a real date in ${HOLIDAY_YEARS.first}–${HOLIDAY_YEARS.last}`);
        }
      }
      if (days < 1) throw invalid('to', 'must not be before from');
      if (days > HOLIDAYS_MAX_RANGE_DAYS) throw invalid('to', `at most ${HOLIDAYS_MAX_RANGE_DAYS} days after from`);
      const lang = q.lang ?? (user ? await settingsRepo.language(db, user.id) : 'ru');
      const ids = await galleryCategoryIds();
      return {
        holidays: holidaysBetween(q.from, q.to, lang).map((h) => ({
          id: h.id,
          date: h.date,
          end_date: h.end_date,
          name: h.name,
          kind: h.kind,
          category_ids: h.categories.map((name) => ids.get(name)).filter((id): id is number => id !== undefined),
        })),
      };
    },

    /** The user's dates, the nearest first. */
    async list(user: AuthUser): Promise<{ dates: PersonDate[] }> {
      const now = deps.clock.now();
      const dates = (await calendarRepo.dates(db, user.id)).map((r) => present(r, now));
      return { dates: dates.sort((a, b) => a.days_until - b.days_until || a.id - b.id) };
    },

    async create(user: AuthUser, body: z.output<typeof CreatePersonDateBody>): Promise<PersonDate> {
      const at = deps.clock.now();
      checkedDay(body.day, body.month);
      const saved = body.time_zone ? undefined : await settingsRepo.timeZone(db, user.id);
      const zone = checkedZone(body.time_zone ?? (saved && isTimeZone(saved) ? saved : PERSON_DATES.defaultTimeZone));
      const row = await writeTx(deps, async (trx) => {
        await calendarRepo.lockUser(trx, user.id);
        if ((await calendarRepo.count(trx, user.id)) >= PERSON_DATES.perUser) {
          throw new AppError(409, ErrorCode.CONFLICT, `At most ${PERSON_DATES.perUser} dates per user`);
        }
        const inserted = await calendarRepo.insert(trx, {
          user_id: user.id,
          person_name: body.person_name,
          kind: body.kind,
          day: body.day,
          month: body.month,
          year: body.year,
          note: body.note,
          remind_days_before: JSON.stringify(body.remind_days_before ?? PERSON_DATES.defaultRemindDaysBefore),
          remind_time: body.remind_time ?? PERSON_DATES.defaultRemindTime,
          time_zone: zone,
          created_at: iso(at),
          updated_at: iso(at),
        });
        await syncReminders(trx, at, undefined, inserted);
        return inserted;
      });
      return present(row, at);
    },

    async update(user: AuthUser, id: number, body: z.output<typeof UpdatePersonDateBody>): Promise<PersonDate> {
      const at = deps.clock.now();
      if (body.time_zone !== undefined) checkedZone(body.time_zone);
      const row = await writeTx(deps, async (trx) => {
        const before = await owned(trx, user, id);
        checkedDay(body.day ?? before.day, body.month ?? before.month);
        const after = await calendarRepo.update(trx, id, {
          ...(body.person_name !== undefined ? { person_name: body.person_name } : {}),
          ...(body.kind !== undefined ? { kind: body.kind } : {}),
          ...(body.day !== undefined ? { day: body.day } : {}),
          ...(body.month !== undefined ? { month: body.month } : {}),
          ...(body.year !== undefined ? { year: body.year } : {}),
          ...(body.note !== undefined ? { note: body.note } : {}),
          ...(body.remind_days_before !== undefined ? { remind_days_before: JSON.stringify(body.remind_days_before) } : {}),
          ...(body.remind_time !== undefined ? { remind_time: body.remind_time } : {}),
          ...(body.time_zone !== undefined ? { time_zone: body.time_zone } : {}),
          updated_at: iso(at),
        });
        await syncReminders(trx, at, before, after);
        return after;
      });
      return present(row, at);
    },

    async remove(user: AuthUser, id: number): Promise<{ success: true }> {
      const at = deps.clock.now();
      await writeTx(deps, async (trx) => {
        const before = await owned(trx, user, id);
        await syncReminders(trx, at, before, undefined);
        await calendarRepo.delete(trx, id);
      });
      return { success: true };
    },

    /** Turns the feed on, or gives it a new secret (the old address stops working at once). */
    async enableFeed(user: AuthUser, body: { holiday_kinds?: HolidayKind[] | undefined } | undefined): Promise<{ url: string }> {
      const secret = crypto.randomBytes(32).toString('base64url');
      const kinds = body?.holiday_kinds ?? JSON.parse((await calendarRepo.feedOf(db, user.id))?.holiday_kinds ?? '[]');
      await calendarRepo.putFeed(db, { user_id: user.id, secret, holiday_kinds: JSON.stringify(kinds), created_at: iso(deps.clock.now()) });
      return { url: `${config.publicUrl}/api/dates/feed/${secret}.ics` };
    },

    async disableFeed(user: AuthUser): Promise<{ success: true }> {
      await calendarRepo.deleteFeed(db, user.id);
      return { success: true };
    },

    /** The feed's iCalendar text, or null for a secret that opens none. */
    async feed(secret: string): Promise<string | null> {
      if (!FEED_SECRET.test(secret)) return null;
      const feed = await calendarRepo.feedBySecret(db, secret);
      if (!feed) return null;
      const [dates, lang] = await Promise.all([calendarRepo.dates(db, feed.user_id), settingsRepo.language(db, feed.user_id)]);
      return calendarFeed({ host: new URL(config.publicUrl).host, lang, dates, holidayKinds: JSON.parse(feed.holiday_kinds) as HolidayKind[], now: deps.clock.now() });
    },
  };
}
