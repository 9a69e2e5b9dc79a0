import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonDate } from '@otkrytka/contract';
import { buildApp } from '../src/app';
import { notificationsOf } from './factories/greetings';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';

/**
 * Reminders on the test clock: each fires once at its local moment (daylight saving included), a
 * missed one fires late once and says so, and moving or deleting a date moves or cancels them.
 * The clock only moves forward, so each case uses its own user and a moment further ahead.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Moves the test clock to `iso` (never back) and runs the jobs due then. */
async function at(iso: string) {
  const ms = Date.parse(iso) - t.clock.now().getTime();
  if (ms > 0) t.clock.advance(ms);
  await t.deps.jobs.runDue();
}
const reminders = async (userId: number) =>
  (await notificationsOf(t, userId, ['date_reminder'])).map((n) => ({ ...JSON.parse(n.template!).params, actions: JSON.parse(n.actions) }));

/** The year a kept date comes next in (from its next_date). */
const yearOf = (d: PersonDate) => Number(d.next_date.slice(0, 4));

describe('date reminders', () => {
  it('one day before at 10:00 in Europe/Moscow: once at 07:00 UTC, then again the next year', async () => {
    const u = await signUp(t.app);
    // the clock first moves past the 13th, so the reminder's day is still ahead in the date's year
    const first = (await u.post('/api/dates', { person_name: 'Мама', kind: 'birthday', day: 14, month: 3, year: 1966, time_zone: 'Europe/Moscow' })).json() as PersonDate;
    const year = Number(first.next_date.slice(0, 4)) + (first.days_until < 2 ? 1 : 0);
    const d = (await u.patch(`/api/dates/${first.id}`, { year: year - 60 })).json() as PersonDate;
    await at(`${year}-03-13T06:59:00Z`);
    expect(await reminders(u.user.id)).toEqual([]);
    await at(`${year}-03-13T07:00:01Z`);
    await t.deps.jobs.runDue();
    const got = await reminders(u.user.id);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ name: 'Мама', kind: 'birthday', days: 1, turns: 60, late: false });
    // its action starts a greeting to the person, opening on the day
    expect(got[0].actions[0]).toMatchObject({ action_type: 'open_wizard', action_params: { to_whom: 'Мама', opens_on: `${year}-03-14`, date_id: d.id } });
    await at(`${year}-06-01T00:00:00Z`);
    expect(await reminders(u.user.id)).toHaveLength(1);
    await at(`${year + 1}-03-13T07:00:01Z`);
    expect(await reminders(u.user.id)).toHaveLength(2);
  });

  it('in America/New_York across the change to daylight saving: 10:00 local on each side of it', async () => {
    // a year whose March is still ahead
    const year = new Date(t.clock.now()).getUTCFullYear() + 1;
    t.clock.advance(Date.parse(`${year}-01-01T00:00:00Z`) - t.clock.now().getTime());
    // the second Sunday of March: clocks go forward at 02:00
    const march = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(year, 2, i + 1))).filter((d) => d.getUTCDay() === 0)[1]!.getUTCDate();
    const u = await signUp(t.app);
    // reminders the day before: one on the Saturday (EST, UTC−5), one on the Sunday of the change (EDT, UTC−4)
    await u.post('/api/dates', { person_name: 'Before', kind: 'other', day: march, month: 3, year: null, time_zone: 'America/New_York' });
    await u.post('/api/dates', { person_name: 'After', kind: 'other', day: march + 1, month: 3, year: null, time_zone: 'America/New_York' });
    const pad = (n: number) => String(n).padStart(2, '0');
    await at(`${year}-03-${pad(march - 1)}T14:59:00Z`);
    expect(await reminders(u.user.id)).toEqual([]);
    await at(`${year}-03-${pad(march - 1)}T15:00:01Z`);
    expect((await reminders(u.user.id)).map((r) => r.name)).toEqual(['Before']);
    await at(`${year}-03-${pad(march)}T13:59:00Z`);
    expect(await reminders(u.user.id)).toHaveLength(1);
    await at(`${year}-03-${pad(march)}T14:00:01Z`);
    expect((await reminders(u.user.id)).map((r) => r.name).sort()).toEqual(['After', 'Before']);
  });

  it('29 February in a year that is not leap: on the 28th', async () => {
    let year = new Date(t.clock.now()).getUTCFullYear() + 1;
    while ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) year += 1;
    t.clock.advance(Date.parse(`${year}-01-01T00:00:00Z`) - t.clock.now().getTime());
    const u = await signUp(t.app);
    await u.post('/api/dates', { person_name: 'Лёша', kind: 'birthday', day: 29, month: 2, year: null, remind_days_before: [0], time_zone: 'Europe/Moscow' });
    await at(`${year}-02-28T06:59:00Z`);
    expect(await reminders(u.user.id)).toEqual([]);
    await at(`${year}-02-28T07:00:01Z`);
    expect(await reminders(u.user.id)).toMatchObject([{ name: 'Лёша', days: 0 }]);
  });

  it('a reminder missed while the server was down comes late, once, and says so', async () => {
    const u = await signUp(t.app);
    const d = (await u.post('/api/dates', { person_name: 'Папа', kind: 'birthday', day: 20, month: 6, year: null, time_zone: 'Europe/Moscow' })).json() as PersonDate;
    const year = yearOf(d);
    // nothing ran at 07:00; the server is back three hours later
    t.clock.advance(Date.parse(`${year}-06-19T10:00:00Z`) - t.clock.now().getTime());
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(await reminders(u.user.id)).toMatchObject([{ name: 'Папа', late: true }]);
  });

  it('moving a date moves its reminders, and deleting it cancels them', async () => {
    const u = await signUp(t.app);
    const moved = (await u.post('/api/dates', { person_name: 'Катя', kind: 'name_day', day: 10, month: 8, year: null, time_zone: 'Europe/Moscow' })).json() as PersonDate;
    const year = yearOf(moved);
    const gone = (await u.post('/api/dates', { person_name: 'Оля', kind: 'other', day: 10, month: 8, year: null, time_zone: 'Europe/Moscow' })).json() as PersonDate;
    expect((await u.patch(`/api/dates/${moved.id}`, { day: 12, remind_days_before: [0] })).statusCode).toBe(200);
    expect((await u.delete(`/api/dates/${gone.id}`)).statusCode).toBe(200);
    await at(`${year}-08-11T12:00:00Z`);
    expect(await reminders(u.user.id)).toEqual([]);
    await at(`${year}-08-12T07:00:01Z`);
    expect(await reminders(u.user.id)).toMatchObject([{ name: 'Катя', days: 0 }]);
  });

  it.runIf(onPostgres)('two instances on one PostgreSQL send one reminder', async () => {
    const second = await buildApp({ config: t.config, db: t.db, dialect: t.deps.dialect, clock: t.deps.clock, live: t.deps.live });
    try {
      const u = await signUp(t.app);
      const d = (await u.post('/api/dates', { person_name: 'Бабушка', kind: 'birthday', day: 5, month: 10, year: null, time_zone: 'Europe/Moscow' })).json() as PersonDate;
      const year = yearOf(d);
      t.clock.advance(Date.parse(`${year}-10-04T07:00:01Z`) - t.clock.now().getTime());
      await Promise.all([t.deps.jobs.runDue(), second.deps.jobs.runDue(), t.deps.jobs.runDue(), second.deps.jobs.runDue()]);
      expect(await reminders(u.user.id)).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });
});

