import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type Greeting, greetingsRoutes, type SealedGreeting } from '@otkrytka/contract';
import { compiledSerializerCompiler } from '../src/http/serializer';
import { inlineSource } from '../src/modules/share/bot';
import { getBalances } from '../src/modules/ledger';
import { grantBalance } from './factories/game';
import {
  acceptGreeting,
  BROWSER_UA,
  momentIn,
  notificationsOf,
  SECRET_FROM,
  SECRET_TEXT,
  sendGreeting,
  viewGreeting,
  visitor,
} from './factories/greetings';
import { makeStoredPostcard } from './factories/share';
import { makeChannel } from './factories/collection';
import { createTestApp, signUp, type TestApp } from './helpers';

const PUBLIC_URL = 'https://otkrytka.example';
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><title>Открытка</title></head><body></body></html>');
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL, ENABLE_TEST_HOOKS: 'true' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const MIN = 60_000;
const DAY = 24 * 3600_000;
const OPENS = ['greeting_scheduled_open'];
type User = Awaited<ReturnType<typeof signUp>>;

/** Moves the server clock the way end-to-end runs do (the test hook), which also runs due jobs. */
async function advance(ms: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/test-hooks/clock/advance', payload: { ms } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A greeting with a postcard picture in storage, opening `inMs` from now. */
async function scheduled(sender: User, inMs = 2 * DAY, over: Record<string, unknown> = {}) {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  const postcard = await makeStoredPostcard(t, owner.user.id, channel.id);
  return sendGreeting(t, sender, { image_relations_id: postcard.id, opens_at: momentIn(t, inMs), opens_tz: 'Europe/Moscow', ...over });
}

/** The page's meta as a link-preview fetcher reads it. */
async function previewMeta(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/greeting/${id}`, headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
  expect(res.statusCode).toBe(200);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(res.body)?.[1]?.replace(/&amp;/g, '&');
  return { body: res.body, image: image!.slice(PUBLIC_URL.length) };
}

const bytesOf = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } })).rawPayload;
const neutralPicture = () => bytesOf('/og/site/-/wide.jpg?lang=ru');

describe('scheduling bounds', () => {
  it('accepts 5 minutes to 365 days ahead, stores UTC and the timezone; refuses anything else with 422 naming the field', async () => {
    const a = await signUp(t.app);
    const sent = momentIn(t, 6 * MIN);
    const g = await scheduled(a, 6 * MIN, { opens_at: sent });
    // the moment sent in Moscow time, stored and answered in UTC
    expect(g.opens_at).toBe(new Date(sent).toISOString());
    expect(g).toMatchObject({ status: 'scheduled', sealed: false, opens_tz: 'Europe/Moscow' });
    expect(g.seconds_until_open).toBeGreaterThan(5 * 60);
    expect(g.seconds_until_open).toBeLessThanOrEqual(6 * 60);
    await scheduled(a, 364 * DAY);
    // the zone's name as sent, not the runtime's older alias of it (Europe/Kiev)
    expect((await scheduled(a, DAY, { opens_tz: 'Europe/Kyiv' })).opens_tz).toBe('Europe/Kyiv');

    const refused: [Record<string, unknown>, string][] = [
      [{ opens_at: momentIn(t, 4 * MIN) }, 'opens_at'],
      [{ opens_at: momentIn(t, 365 * DAY + MIN) }, 'opens_at'],
      [{ opens_at: momentIn(t, -DAY) }, 'opens_at'],
      [{ opens_at: 'в пятницу' }, 'opens_at'],
      // without an offset the moment is ambiguous
      [{ opens_at: '2030-03-12T09:00:00' }, 'opens_at'],
      [{ opens_at: momentIn(t, DAY), opens_tz: 'Mars/Olympus' }, 'opens_tz'],
    ];
    for (const [body, field] of refused) {
      const res = await a.post('/api/greetings', { image_relations_id: g.image_relations_id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });
});

describe('before the moment', () => {
  it('nothing of the postcard or the text leaves the server to anyone but the sender', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await scheduled(a, 3 * DAY, { to_whom: 'Светлане' });
    const created = await viewGreeting(a, g.id);
    expect(created).toMatchObject({ sealed: false, status: 'scheduled', greeting: SECRET_TEXT, from_whom: SECRET_FROM, is_own: true });

    for (const who of [b, visitor(t)]) {
      const res = await who.get(`/api/greetings/${g.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SECRET_TEXT);
      expect(res.body).not.toContain(SECRET_FROM);
      const sealed = res.json() as SealedGreeting;
      expect(Object.keys(sealed).sort()).toEqual(
        ['background_first_page', 'background_greeting_page', 'id', 'is_own', 'opens_at', 'opens_tz', 'seconds_until_open', 'sealed', 'status', 'to_whom'].sort(),
      );
      expect(sealed).toMatchObject({ id: g.id, sealed: true, status: 'scheduled', to_whom: 'Светлане', background_first_page: 'orange-red-pink', opens_at: g.opens_at, opens_tz: 'Europe/Moscow', is_own: false });
      const left = Math.ceil((Date.parse(g.opens_at!) - t.clock.now().getTime()) / 1000);
      expect(sealed.seconds_until_open - left).toBeGreaterThanOrEqual(0);
      expect(sealed.seconds_until_open - left).toBeLessThanOrEqual(1);
    }

    // accepting is refused with its own code, and nothing is paid or recorded
    const accept = await b.post(`/api/greetings/${g.id}/accept`, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({ code: 'GREETING_NOT_OPEN_YET' });
    expect(accept.body).not.toContain(SECRET_TEXT);
    expect((await b.get(`/api/greetings/${g.id}/accepted`)).json()).toMatchObject({ is_accepted: false });
    for (const list of ['/api/greetings/accepted', '/api/greetings/created', '/api/greetings/received']) {
      const res = await b.get(list);
      expect(res.statusCode).toBe(200);
      expect(res.json().items, list).toEqual([]);
    }
    expect((await a.get('/api/greetings/received')).json().items).toEqual([]);
    const replyRes = await b.put(`/api/greetings/${g.id}/reply`, { reaction: '❤️' });
    expect(replyRes.statusCode).toBe(403);

    // the link preview is the neutral one: meta and picture
    const meta = await previewMeta(g.id);
    expect(meta.image.startsWith('/og/site/')).toBe(true);
    expect(meta.body).not.toContain('Светлане');
    expect(meta.body).toContain('noindex');
    const picture = await bytesOf(`/og/greeting/${g.id}/wide.jpg?lang=ru`);
    expect(picture.equals(await neutralPicture())).toBe(true);

    // the bot's inline answer (the sender's own greetings, to send into a chat): the neutral picture
    await t.db.updateTable('users').set({ telegram_id: String(900_000 + a.user.id) }).where('id', '=', a.user.id).execute();
    const inline = await inlineSource(t.deps)({ query: '', offset: '', telegramId: 900_000 + a.user.id, lang: 'ru' });
    const ours = inline.results.filter((r) => JSON.stringify(r).includes(g.id));
    expect(ours).toHaveLength(1);
    expect(JSON.stringify(inline)).not.toContain(SECRET_TEXT);
    const inlinePhoto = (ours[0] as { photo_url: string }).photo_url.slice(PUBLIC_URL.length);
    expect((await bytesOf(inlinePhoto)).equals(await neutralPicture())).toBe(true);

    // the recipient hears nothing, opens are not counted, the sender is not told anything yet
    expect(await notificationsOf(t, b.user.id, ['gift', 'greeting_received', 'greeting_opened', 'greeting_scheduled_open'])).toEqual([]);
    const asSender = (await viewGreeting(a, g.id)) as Greeting;
    expect(asSender).toMatchObject({ status: 'scheduled', opened_at: null, open_count: 0 });
    expect(await notificationsOf(t, a.user.id, ['greeting_opened', ...OPENS])).toEqual([]);
    const messages = await t.db.selectFrom('notifications').select(['title', 'message']).execute();
    expect(JSON.stringify(messages)).not.toContain(SECRET_TEXT);
  });

  it('the countdown follows the server clock (the test-hook clock moves it)', async () => {
    const a = await signUp(t.app);
    const g = await scheduled(a, 2 * 3600_000);
    const before = (await viewGreeting(visitor(t), g.id)) as SealedGreeting;
    await advance(3600_000);
    const after = (await viewGreeting(visitor(t), g.id)) as SealedGreeting;
    // an hour, and the moment real time took between the two reads
    expect(before.seconds_until_open - after.seconds_until_open).toBeGreaterThanOrEqual(3600);
    expect(before.seconds_until_open - after.seconds_until_open).toBeLessThanOrEqual(3601);
    expect(after.sealed).toBe(true);
  });
});

describe('the production serializer', () => {
  const schema = greetingsRoutes['GET /api/greetings/{id}'].response;
  const compile = (compiler: typeof compiledSerializerCompiler) =>
    compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

  it('writes the sealed and the open answer as the checking serializer does, and never a field the envelope lacks', async () => {
    const a = await signUp(t.app);
    const g = await scheduled(a, DAY);
    const sealed = await viewGreeting(visitor(t), g.id);
    const open = await viewGreeting(a, g.id);
    const replied = { ...open, replies: [{ reaction: null, text: 'Спасибо', from: null, replied_at: g.created_at, updated_at: g.created_at, editable_until: g.created_at }] };
    for (const answer of [sealed, open, replied]) {
      expect(JSON.parse(compile(compiledSerializerCompiler)(answer))).toEqual(JSON.parse(compile(serializerCompiler as never)(answer)));
    }
    // an envelope carrying content by mistake is refused (a 500), never written out
    let written = '';
    try {
      written = compile(compiledSerializerCompiler)({ ...sealed, greeting: SECRET_TEXT, from_whom: SECRET_FROM });
    } catch {
      written = 'refused';
    }
    expect(written).not.toContain(SECRET_TEXT);
  });
});

describe('the moment arriving', () => {
  it('switches every route at once and tells the sender once', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await scheduled(a, 10 * MIN, { to_whom: 'Коле' });
    const neutral = await neutralPicture();

    // to a little before the moment (the test clock runs on with real time, hence the margin)
    await advance(Date.parse(g.opens_at!) - t.clock.now().getTime() - 1500);
    const last = (await viewGreeting(b, g.id)) as SealedGreeting;
    expect(last.sealed).toBe(true);
    expect(last.seconds_until_open).toBeLessThanOrEqual(2);
    expect(await notificationsOf(t, a.user.id, OPENS)).toEqual([]);

    await advance(1500);
    // the greeting page
    const opened = (await viewGreeting(b, g.id)) as Greeting;
    expect(opened).toMatchObject({ sealed: false, status: 'opened', greeting: SECRET_TEXT, from_whom: SECRET_FROM, opens_at: g.opens_at, seconds_until_open: null });
    expect(opened.postcard).not.toBeNull();
    // the link preview
    const meta = await previewMeta(g.id);
    expect(meta.image.startsWith(`/og/greeting/${g.id}/wide.jpg`)).toBe(true);
    expect(meta.body).toContain('Коле');
    expect((await bytesOf(meta.image)).equals(neutral)).toBe(false);
    expect((await bytesOf(`/og/greeting/${g.id}/wide.jpg?lang=ru`)).equals(neutral)).toBe(false);
    // the sender's view and the notification, once however often jobs run
    expect((await viewGreeting(a, g.id)) as Greeting).toMatchObject({ status: 'opened', open_count: 1, seconds_until_open: null });
    await advance(DAY);
    await t.deps.jobs.runDue();
    const told = await notificationsOf(t, a.user.id, OPENS);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Ваше поздравление открылось');
    expect(JSON.parse(told[0]!.template!)).toEqual({ key: 'greeting_scheduled_open', params: { to: 'Коле' } });
    expect(JSON.parse(told[0]!.actions)[0]).toMatchObject({ action_type: 'open_greeting', action_params: { greeting_id: g.id } });
    // accepting works now
    expect((await acceptGreeting(b, g.id)).already_accepted).toBe(false);
    expect(((await viewGreeting(a, g.id)) as Greeting).status).toBe('accepted');
  });
});

describe('changing or cancelling the date', () => {
  it('the sender moves the moment: the old moment passes sealed and silent, the new one opens it and notifies once', async () => {
    const a = await signUp(t.app);
    const g = await scheduled(a, DAY);
    const later = momentIn(t, 3 * DAY);
    const res = await a.patch(`/api/greetings/${g.id}`, { opens_at: later, opens_tz: 'Asia/Yekaterinburg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', opens_at: new Date(later).toISOString(), opens_tz: 'Asia/Yekaterinburg' });

    await advance(DAY + MIN);
    expect((await viewGreeting(visitor(t), g.id)).sealed).toBe(true);
    expect(await notificationsOf(t, a.user.id, OPENS)).toEqual([]);
    await advance(2 * DAY);
    expect((await viewGreeting(visitor(t), g.id)).sealed).toBe(false);
    expect(await notificationsOf(t, a.user.id, OPENS)).toHaveLength(1);
  });

  it('the sender cancels: the greeting opens at once and the old moment sends nothing', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await scheduled(a, DAY);
    const res = await a.patch(`/api/greetings/${g.id}`, { opens_at: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', opens_at: null, opens_tz: null, seconds_until_open: null });
    expect((await viewGreeting(b, g.id)) as Greeting).toMatchObject({ sealed: false, greeting: SECRET_TEXT });
    await advance(2 * DAY);
    expect(await notificationsOf(t, a.user.id, OPENS)).toEqual([]);
  });

  it('only the sender, only before the moment, only within the bounds', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await scheduled(a, DAY);

    const other = await b.patch(`/api/greetings/${g.id}`, { opens_at: null });
    expect(other.statusCode).toBe(403);
    expect((await visitor(t).patch(`/api/greetings/${g.id}`, { opens_at: null })).statusCode).toBe(401);
    expect((await viewGreeting(b, g.id)).sealed).toBe(true);

    for (const opens_at of [momentIn(t, 4 * MIN), momentIn(t, 366 * DAY)]) {
      const bad = await a.patch(`/api/greetings/${g.id}`, { opens_at });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ field: 'opens_at' });
    }
    const badTz = await a.patch(`/api/greetings/${g.id}`, { opens_tz: 'Nowhere/Land' });
    expect(badTz.json()).toMatchObject({ field: 'opens_tz' });
    // the text can still change while sealed
    expect((await a.patch(`/api/greetings/${g.id}`, { to_whom: 'Маме' })).json()).toMatchObject({ to_whom: 'Маме', status: 'scheduled' });

    await advance(DAY);
    const late = await a.patch(`/api/greetings/${g.id}`, { opens_at: momentIn(t, DAY) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GREETING_ALREADY_OPEN' });
    // a greeting sent without a date cannot be sealed afterwards
    const plain = await sendGreeting(t, a);
    expect((await a.patch(`/api/greetings/${plain.id}`, { opens_at: momentIn(t, DAY) })).json()).toMatchObject({ code: 'GREETING_ALREADY_OPEN' });
  });
});

describe('the gift of a scheduled greeting', () => {
  it('stays escrowed until the moment; deleting before it refunds the sender, and the moment then does nothing', async () => {
    const a = await signUp(t.app);
    await grantBalance(t, a.user.id, 'yang', 100);
    const start = (await getBalances(t.db, a.user.id)).yang;
    const g = await scheduled(a, DAY, { energy: 40 });
    expect((await getBalances(t.db, a.user.id)).yang).toBe(start - 40);

    const del = await a.delete(`/api/greetings/${g.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ success: true, refunded_energy: 40 });
    expect((await getBalances(t.db, a.user.id)).yang).toBe(start);
    await advance(2 * DAY);
    expect(await notificationsOf(t, a.user.id, OPENS)).toEqual([]);
    expect((await visitor(t).get(`/api/greetings/${g.id}`)).statusCode).toBe(404);
  });

  it('the first to accept after the moment gets it', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await grantBalance(t, a.user.id, 'yang', 50);
    const g = await scheduled(a, 10 * MIN, { energy: 30 });
    expect((await b.post(`/api/greetings/${g.id}/accept`, {})).statusCode).toBe(409);
    await advance(10 * MIN);
    expect((await acceptGreeting(b, g.id)).energy_received).toBe(30);
  });
});
