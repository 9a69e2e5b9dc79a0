import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonDate } from '@otkrytka/contract';
import { makeCategory, makeChannel } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
  for (const name of ['Новый год', 'День рождения', '8 марта']) await makeCategory(t, mod.user.id, { name });
});
afterAll(() => t.close());

const MOM = { person_name: 'Мама', kind: 'birthday', day: 14, month: 3, year: 1966, note: 'любит розы' };

describe('GET /api/holidays', () => {
  it('lists a range by date with names in the reader’s language and the gallery categories that fit', async () => {
    const ru = (await client(t.app).get('/api/holidays?from=2026-12-25&to=2027-01-08')).json() as { holidays: { id: string; date: string; name: string; kind: string; category_ids: number[] }[] };
    const newYear = ru.holidays.find((h) => h.date === '2027-01-01' && h.kind === 'public')!;
    expect(newYear.name).toMatch(/Новый год/);
    const newYearCategory = (await t.db.selectFrom('categories').select('id').where('name', '=', 'Новый год').executeTakeFirstOrThrow()).id;
    expect(newYear.category_ids).toContain(newYearCategory);
    expect(ru.holidays.map((h) => h.date)).toEqual([...ru.holidays.map((h) => h.date)].sort());
    expect(ru.holidays.some((h) => h.date === '2027-01-07')).toBe(true);
    const en = (await client(t.app).get('/api/holidays?from=2026-12-25&to=2027-01-08&lang=en')).json() as { holidays: { date: string; name: string }[] };
    expect(en.holidays.find((h) => h.date === '2027-01-01')!.name).toMatch(/New Year/);
    // a signed-in reader gets their saved language without asking
    const reader = await signUp(t.app);
    await reader.put('/api/settings/language', { value: 'en' });
    const theirs = (await reader.get('/api/holidays?from=2027-01-01&to=2027-01-01')).json() as { holidays: { name: string }[] };
    expect(theirs.holidays[0]!.name).toMatch(/New Year/);
  });

  it('places the moving feasts and the n-th Sundays right', async () => {
    const year = (await client(t.app).get('/api/holidays?from=2026-01-01&to=2026-12-31')).json() as { holidays: { id: string; date: string }[] };
    const on = (date: string) => year.holidays.filter((h) => h.date === date).map((h) => h.id);
    expect(on('2026-04-12').length).toBeGreaterThan(0); // Orthodox Easter
    expect(on('2026-11-29').length).toBeGreaterThan(0); // Mother's Day: the last Sunday of November
  });

  it.each([
    ['from=2026-01-01&to=2027-01-03', 'to'],
    ['from=2026-05-01&to=2026-04-01', 'to'],
    ['from=1899-12-01&to=1899-12-31', 'from'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=tomorrow&to=2026-03-01', 'from'],
  ])('refuses %s with 422 naming %s', async (q, field) => {
    const res = await client(t.app).get(`/api/holidays?${q}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });
});

describe('/api/dates', () => {
  it('keeps a date with defaults (the day before at 10:00 in the user’s zone) and says when it comes next', async () => {
    const u = await signUp(t.app);
    const res = await u.post('/api/dates', { ...MOM, time_zone: 'Europe/Moscow' });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as PersonDate;
    expect(d).toMatchObject({ person_name: 'Мама', kind: 'birthday', day: 14, month: 3, year: 1966, note: 'любит розы', remind_days_before: [1], remind_time: '10:00', time_zone: 'Europe/Moscow' });
    expect(d.next_date).toMatch(/-03-14$/);
    expect(d.turns).toBe(Number(d.next_date.slice(0, 4)) - 1966);
    expect((await u.get('/api/dates')).json()).toEqual({ dates: [d] });
  });

  it('edits and deletes for the owner only: 401 for visitors, 404 for anyone else', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = ((await owner.post('/api/dates', MOM)).json() as PersonDate).id;
    const refusals = [
      await client(t.app).get('/api/dates'),
      await client(t.app).post('/api/dates', MOM),
      await client(t.app).patch(`/api/dates/${id}`, { note: 'x' }),
      await client(t.app).delete(`/api/dates/${id}`),
      await client(t.app).post('/api/dates/feed', {}),
      await client(t.app).delete('/api/dates/feed'),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await other.patch(`/api/dates/${id}`, { note: 'чужое' })).statusCode).toBe(404);
    expect((await other.delete(`/api/dates/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/dates')).json()).toEqual({ dates: [] });
    const edited = await owner.patch(`/api/dates/${id}`, { person_name: 'Мамочка', remind_days_before: [7, 0, 7], remind_time: '09:30' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ person_name: 'Мамочка', remind_days_before: [0, 7], remind_time: '09:30', note: 'любит розы' });
    expect((await owner.delete(`/api/dates/${id}`)).statusCode).toBe(200);
    expect((await owner.get('/api/dates')).json()).toEqual({ dates: [] });
  });

  it.each([
    [{ day: 31, month: 4 }, 'day'],
    [{ day: 0 }, 'day'],
    [{ month: 13 }, 'month'],
    [{ person_name: '   ' }, 'person_name'],
    [{ person_name: 'я'.repeat(81) }, 'person_name'],
    [{ kind: 'wedding' }, 'kind'],
    [{ remind_days_before: [31] }, 'remind_days_before.0'],
    [{ remind_days_before: [0, 1, 2, 3, 4, 5] }, 'remind_days_before'],
    [{ remind_time: '24:00' }, 'remind_time'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    [{ year: 1800 }, 'year'],
    [{ note: 'я'.repeat(501) }, 'note'],
  ])('refuses %j with 422 naming %s', async (over, field) => {
    const u = await signUp(t.app);
    const res = await u.post('/api/dates', { ...MOM, ...over });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ field });
  });

  it('takes the zone from the user’s time_zone setting when the body names none', async () => {
    const u = await signUp(t.app);
    expect((await u.put('/api/settings/time_zone', { value: 'Asia/Yekaterinburg' })).statusCode).toBe(200);
    expect(((await u.post('/api/dates', MOM)).json() as PersonDate).time_zone).toBe('Asia/Yekaterinburg');
  });

  it('accepts 29 February: in other years it comes on the 28th', async () => {
    const u = await signUp(t.app);
    const d = (await u.post('/api/dates', { ...MOM, day: 29, month: 2, year: null })).json() as PersonDate;
    const year = Number(d.next_date.slice(0, 4));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    expect(d.next_date).toBe(`${year}-02-${leap ? 29 : 28}`);
  });

  it('keeps at most 500 dates per user, also when they are added at once', async () => {
    const u = await signUp(t.app);
    await t.db
      .insertInto('person_dates')
      .values(
        Array.from({ length: 497 }, (_, i) => ({
          user_id: u.user.id,
          person_name: `Друг ${i}`,
          kind: 'other',
          day: (i % 28) + 1,
          month: (i % 12) + 1,
          year: null,
          note: null,
          remind_days_before: '[]',
          remind_time: '10:00',
          time_zone: 'Europe/Moscow',
          created_at: t.clock.now().toISOString(),
          updated_at: t.clock.now().toISOString(),
        })),
      )
      .execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => u.post('/api/dates', MOM)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });
});

describe('the calendar feed', () => {
  it('is a valid iCalendar with yearly dates and their alarms, found only by its secret; a new secret ends the old address', async () => {
    const u = await signUp(t.app);
    await u.post('/api/dates', { ...MOM, remind_days_before: [0, 3], remind_time: '10:00' });
    await u.post('/api/dates', { person_name: 'Лёша', kind: 'birthday', day: 29, month: 2, year: null });
    const on = await u.post('/api/dates/feed', { holiday_kinds: ['public'] });
    expect(on.statusCode, on.body).toBe(200);
    const url = new URL((on.json() as { url: string }).url);
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);

    // RFC 5545 as a parser reads it: a VCALENDAR with VERSION and PRODID, events with UID, DTSTAMP, DTSTART
    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = cal.getAllSubcomponents('vevent');
    for (const e of events) for (const prop of ['uid', 'dtstamp', 'dtstart', 'summary']) expect(e.getFirstPropertyValue(prop), prop).toBeTruthy();
    const mom = events.find((e) => String(e.getFirstPropertyValue('summary')).includes('Мама'))!;
    expect(String(mom.getFirstPropertyValue('rrule'))).toMatch(/FREQ=YEARLY/);
    const start = mom.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect([start.isDate, start.month, start.day]).toEqual([true, 3, 14]);
    const triggers = mom.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')));
    expect(triggers.sort()).toEqual(['-P2DT14H', 'PT10H'].sort());
    const leap = events.find((e) => String(e.getFirstPropertyValue('summary')).includes('Лёша'))!;
    expect(String(leap.getFirstPropertyValue('rrule'))).toMatch(/BYMONTH=2.*BYMONTHDAY=-1|BYMONTHDAY=-1.*BYMONTH=2/);
    expect(events.some((e) => /Новый год/.test(String(e.getFirstPropertyValue('summary'))))).toBe(true);

    // a wrong secret, and the old one once a new one is made, find nothing
    expect((await t.app.inject({ method: 'GET', url: url.pathname.replace(/\/[^/]+\.ics$/, `/${'A'.repeat(43)}.ics`) })).statusCode).toBe(404);
    const again = new URL(((await u.post('/api/dates/feed', {})).json() as { url: string }).url);
    expect(again.pathname).not.toBe(url.pathname);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: again.pathname })).statusCode).toBe(200);
    expect((await u.delete('/api/dates/feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: again.pathname })).statusCode).toBe(404);
  });
});
