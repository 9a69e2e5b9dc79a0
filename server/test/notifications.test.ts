import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@otkrytka/contract';
import { client, createTestApp, signUp, type TestApp } from './helpers';
import { freezeClock, reportAction } from './factories/game';
import { acceptGreeting, sendGreeting } from './factories/greetings';
import { makeNotification } from './factories/notifications';
import { buildApp } from '../src/app';
import type { ManualClock } from '../src/platform/clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t, '2025-03-08T12:00:00.000Z');
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof signUp>>;
const list = async (u: Player, qs = '') => {
  const res = await u.get(`/api/notifications${qs}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('notification list', () => {
  it('pages newest first, 20 per page, with total, unread_count and hasMore', async () => {
    const u = await signUp(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) ids.push(await makeNotification(t, u.user.id, { at: new Date(Date.UTC(2025, 2, 1, 0, i)).toISOString() }));
    const p1 = await list(u);
    expect(p1).toMatchObject({ total: 45, unread_count: 45, page: 1, limit: 20, hasMore: true });
    expect(p1.notifications).toHaveLength(20);
    expect(p1.notifications[0].id).toBe(ids[44]);
    const p3 = await list(u, '?page=3');
    expect(p3.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect(p3.hasMore).toBe(false);
    const skipped = await list(u, '?skip=40&limit=20');
    expect(skipped).toMatchObject({ page: 3, hasMore: false });
    expect(skipped.notifications).toHaveLength(5);
    expect((await list(u, '?limit=5')).notifications).toHaveLength(5);
  });

  it('shows every field of a notification', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'postcard_approved', amount: 5 });
    const n = (await list(u, '?type=level_up')).notifications[0];
    expect(n).toEqual({
      id: expect.any(Number),
      type: 'level_up',
      title: 'Новый уровень: 2!',
      message: expect.stringContaining('+100 Ян'),
      bg_color: '#fef3c7',
      color: '#b45309',
      is_read: false,
      is_new: true,
      created_at: clock.now().toISOString(),
      actions: [{ action_type: 'open_tab', label: 'Мой уровень', is_primary: true, action_params: { tab: 'level' } }],
      // level 2 opens the strength card and raises the yin cap to 200
      template: { key: 'level_up', params: { level: 2, energy: 100, gems: 1, card: 'strength', cap: 200 } },
    });
  });

  it('keeps the template the Russian text was written from, for other languages', async () => {
    const u = await signUp(t.app);
    expect((await u.post('/api/game/daily-reward/claim')).statusCode).toBe(200);
    const daily = (await list(u, '?type=daily_reward')).notifications[0];
    expect(daily.message).toBe('День 1: +10 Ян, +5 монет. Возвращайтесь завтра!');
    expect(daily.template).toEqual({ key: 'daily_reward', params: { day: 1, energy: 10, coins: 5, gems: 0 } });
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent' });
    const achievement = (await list(u, '?type=achievement')).notifications[0];
    expect(achievement.title).toBe('Достижение: Первое поздравление');
    expect(achievement.template).toEqual({ key: 'achievement', params: { achievement: 'first_greeting', coins: 10, gems: 1 } });
    const quest = (await list(u, '?type=quest')).notifications[0];
    expect(quest.template).toEqual({ key: 'quest', params: { quest: 'greeting', energy: 30, gems: 1 } });
  });

  it('shows a notification stored without a template with its stored text', async () => {
    const u = await signUp(t.app);
    await makeNotification(t, u.user.id, { legacy: true });
    await u.put('/api/settings/language', { value: 'en' });
    const n = (await list(u)).notifications[0];
    expect(n.template).toBeNull();
    expect(n.title).toMatch(/^Уведомление \d+$/);
  });

  it('reads a notification written in a Russian context in English for an English reader', async () => {
    const sender = await signUp(t.app);
    const reader = await signUp(t.app);
    await reportAction(t, { userId: reader.user.id, action: 'greeting_sent' });
    expect((await reader.post('/api/game/daily-reward/claim')).statusCode).toBe(200);
    const ru = await list(reader, '?type=achievement');
    expect(ru.notifications[0]).toMatchObject({ title: 'Достижение: Первое поздравление', message: 'Отправьте первое поздравление. Награда: +10 монет и +1 самоцвет.' });

    expect((await reader.put('/api/settings/language', { value: 'en' })).statusCode).toBe(200);
    const achievement = (await list(reader, '?type=achievement')).notifications[0];
    expect(achievement).toMatchObject({
      title: 'Achievement: First greeting',
      message: 'Send your first greeting. Reward: +10 coins and +1 gem.',
      actions: [{ action_type: 'open_tab', label: 'Achievements', is_primary: true, action_params: { tab: 'achievements' } }],
    });
    const daily = (await list(reader, '?type=daily_reward')).notifications[0];
    expect(daily.message).toBe('Day 1: +10 yang, +5 coins. Come back tomorrow!');
    const quest = (await list(reader, '?type=quest')).notifications[0];
    expect(quest.message).toBe('“Warm words” is done. Claim your reward: +30 yang and +1 gem.');
    expect((await reader.get('/api/notifications/types')).json().types[0]).toEqual({ type: 'level_up', title: 'Level up' });
    // the sender, still Russian, reads the same kind of notification in Russian
    await reportAction(t, { userId: sender.user.id, action: 'greeting_sent' });
    expect((await list(sender, '?type=achievement')).notifications[0].title).toBe('Достижение: Первое поздравление');
  });

  it('is no longer new after a day', async () => {
    const u = await signUp(t.app);
    await makeNotification(t, u.user.id, { at: new Date(clock.now().getTime() - 25 * 3600_000).toISOString() });
    expect((await list(u)).notifications[0].is_new).toBe(false);
  });

  it('filters by read state, type and dates; totals follow the filter', async () => {
    const u = await signUp(t.app);
    await makeNotification(t, u.user.id, { type: 'gift', at: '2025-03-01T10:00:00.000Z' });
    await makeNotification(t, u.user.id, { type: 'gift', at: '2025-03-02T10:00:00.000Z', read: true });
    await makeNotification(t, u.user.id, { type: 'quest', at: '2025-03-03T23:59:59.000Z' });
    await makeNotification(t, u.user.id, { type: 'quest', at: '2025-03-05T10:00:00.000Z', read: true });
    const titles = async (qs: string) => (await list(u, qs)).total;
    expect(await titles('?isRead=false')).toBe(2);
    expect(await titles('?isRead=true')).toBe(2);
    expect(await titles('?type=gift')).toBe(2);
    expect(await titles('?notification_type=quest')).toBe(2);
    expect(await titles('?type=quest&isRead=false')).toBe(1);
    expect(await titles('?dateFrom=2025-03-02')).toBe(3);
    expect(await titles('?dateTo=2025-03-03')).toBe(3);
    expect(await titles('?dateFrom=2025-03-02&dateTo=2025-03-03')).toBe(2);
    expect(await titles('?dateFrom=2025-03-02T12:00:00Z')).toBe(2);
    const filtered = await list(u, '?type=gift&isRead=false');
    expect(filtered.unread_count).toBe(2); // the badge counts every unread notification
  });

  it.each([['?type=unknown'], ['?isRead=maybe'], ['?dateFrom=yesterday'], ['?page=0'], ['?limit=101'], ['?dateFrom=2025-03-05&dateTo=2025-03-01']])(
    'refuses %s with 422',
    async (qs) => {
      const u = await signUp(t.app);
      expect((await u.get(`/api/notifications${qs}`)).statusCode).toBe(422);
    },
  );
});

describe('counts and types', () => {
  it('counts unread, per type, and lists the types with titles', async () => {
    const u = await signUp(t.app);
    await makeNotification(t, u.user.id, { type: 'gift' });
    await makeNotification(t, u.user.id, { type: 'gift', read: true });
    await makeNotification(t, u.user.id, { type: 'achievement' });
    expect((await u.get('/api/notifications/unread-count')).json()).toEqual({ unread_count: 2 });
    const counts = (await u.get('/api/notifications/type-counts')).json();
    expect(counts).toMatchObject({ total: 3, unread_count: 2 });
    expect(counts.counts).toMatchObject({ gift: 2, achievement: 1, quest: 0 });
    expect(counts.unread).toMatchObject({ gift: 1, achievement: 1, quest: 0 });
    const types = (await u.get('/api/notifications/types')).json().types;
    expect(types).toHaveLength(NOTIFICATION_TYPES.length);
    expect(types.find((x: { type: string }) => x.type === 'date_reminder')).toEqual({ type: 'date_reminder', title: 'Напоминания о датах' });
    expect(types[0]).toEqual({ type: 'level_up', title: 'Новый уровень' });
  });
});

describe('reading and removing', () => {
  it('marks one read (count down by one), then all, and deletes one or all', async () => {
    const u = await signUp(t.app);
    const a = await makeNotification(t, u.user.id);
    const b = await makeNotification(t, u.user.id);
    const c = await makeNotification(t, u.user.id);
    expect((await u.post(`/api/notifications/${a}/read`)).json()).toEqual({ success: true, unread_count: 2 });
    expect((await u.post(`/api/notifications/${a}/read`)).json()).toEqual({ success: true, unread_count: 2 });
    expect((await u.delete(`/api/notifications/${b}`)).json()).toEqual({ success: true, unread_count: 1 });
    expect((await u.post('/api/notifications/read-all')).json()).toEqual({ success: true, updated: 1, unread_count: 0 });
    expect((await list(u)).notifications.map((n: { id: number; is_read: boolean }) => [n.id, n.is_read])).toEqual([
      [c, true],
      [a, true],
    ]);
    expect((await u.delete(`/api/notifications/${b}`)).statusCode).toBe(404);
    expect((await u.delete('/api/notifications')).json()).toEqual({ success: true, deleted: 2 });
    expect((await list(u)).total).toBe(0);
  });

  it("never touches another player's notifications", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await makeNotification(t, owner.user.id);
    expect((await other.post(`/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await other.delete(`/api/notifications/${id}`)).statusCode).toBe(404);
    await other.post('/api/notifications/read-all');
    await other.delete('/api/notifications');
    expect((await list(other)).total).toBe(0);
    expect(await list(owner)).toMatchObject({ total: 1, unread_count: 1 });
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const anon = client(t.app);
    for (const path of ['', '/unread-count', '/types', '/type-counts', '/stream']) expect((await anon.get(`/api/notifications${path}`)).statusCode).toBe(401);
    expect((await anon.post('/api/notifications/1/read')).statusCode).toBe(401);
    expect((await anon.post('/api/notifications/read-all')).statusCode).toBe(401);
    expect((await anon.delete('/api/notifications/1')).statusCode).toBe(401);
    expect((await anon.delete('/api/notifications')).statusCode).toBe(401);
  });
});

/** Opens the live stream over a real socket and collects its events. */
async function openStream(port: number, opts: { token?: string; query?: string }) {
  const events: { event: string; data: any }[] = [];
  let buffer = '';
  const waiters: (() => void)[] = [];
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(
      {
        port,
        path: `/api/notifications/stream${opts.query ?? ''}`,
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      },
      resolve,
    );
    req.on('error', reject);
  });
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let i: number;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
      waiters.splice(0).forEach((w) => w());
    }
  });
  const waitFor = async (pred: (e: { event: string; data: any }) => boolean) => {
    for (let i = 0; i < 100; i += 1) {
      const found = events.find(pred);
      if (found) return found;
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error(`no matching event; got ${JSON.stringify(events)}`);
  };
  return { res, events, waitFor, close: () => res.destroy() };
}

describe('live stream', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('sends the unread count at once, then each new notification and count change', async () => {
    const u = await signUp(t.app);
    await makeNotification(t, u.user.id);
    const s = await openStream(port, { token: u.token });
    expect(s.res.statusCode).toBe(200);
    expect(s.res.headers['content-type']).toContain('text/event-stream');
    expect((await s.waitFor((e) => e.event === 'unread')).data).toEqual({ unread_count: 1 });
    // another player's action (a greeting accepted, say) reaches this player's stream
    await reportAction(t, { userId: u.user.id, action: 'postcard_approved', amount: 5 });
    const live = await s.waitFor((e) => e.event === 'notification' && e.data.notification.type === 'level_up');
    expect(live.data.notification).toMatchObject({ type: 'level_up', is_read: false });
    expect(live.data.unread_count).toBeGreaterThanOrEqual(2);
    await u.post('/api/notifications/read-all');
    await s.waitFor((e) => e.event === 'unread' && e.data.unread_count === 0);
    s.close();
  });

  it("carries the list's shape, in the reader's language", async () => {
    const u = await signUp(t.app);
    await u.put('/api/settings/language', { value: 'en' });
    const s = await openStream(port, { token: u.token });
    await s.waitFor((e) => e.event === 'unread');
    await reportAction(t, { userId: u.user.id, action: 'postcard_approved', amount: 5 });
    const live = await s.waitFor((e) => e.event === 'notification' && e.data.notification.type === 'level_up');
    s.close();
    expect(live.data.notification).toMatchObject({ title: 'Level 2!', message: 'Reward: +100 yang and +1 gem. Level 2: the “Strength” card unlocks, yin energy cap 200.' });
    expect(live.data.notification).toEqual((await list(u, '?type=level_up')).notifications[0]);
  });

  it('tells of a notice whose text changed (a reply edited) as `changed`, with its new text', async () => {
    const sender = await signUp(t.app);
    const g = await sendGreeting(t, sender, { to_whom: 'Оле' });
    const acceptor = await signUp(t.app);
    await acceptGreeting(acceptor, g.id);
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '❤️', text: 'Спасибо!' })).statusCode).toBe(200);
    await t.deps.jobs.settled();
    const s = await openStream(port, { token: sender.token });
    await s.waitFor((e) => e.event === 'unread');
    expect((await acceptor.put(`/api/greetings/${g.id}/reply`, { reaction: '🙏', text: 'Спасибо огромное!' })).statusCode).toBe(200);
    const changed = await s.waitFor((e) => e.event === 'changed');
    s.close();
    expect(changed.data.notification.message).toBe(`${acceptor.login} пишет в ответ на ваше поздравление «Оле»: 🙏 Спасибо огромное!`);
    expect(s.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('accepts the token as ?token= on the stream only', async () => {
    const u = await signUp(t.app);
    const s = await openStream(port, { query: `?token=${u.token}` });
    expect(s.res.statusCode).toBe(200);
    await s.waitFor((e) => e.event === 'unread');
    s.close();
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/notifications/unread-count?token=${u.token}` });
    expect(elsewhere.statusCode).toBe(401);
    const bad = await openStream(port, { query: '?token=not-a-token' });
    expect(bad.res.statusCode).toBe(401);
    bad.close();
  });

  it('holds at most 5 streams per account: a sixth closes the oldest, the others stay live', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await openStream(port, { token: u.token });
      await s.waitFor((e) => e.event === 'unread');
      streams.push(s);
    }
    const theirs = await openStream(port, { token: other.token });
    await theirs.waitFor((e) => e.event === 'unread');
    const oldestEnded = new Promise<void>((resolve) => streams[0]!.res.on('end', () => resolve()));
    const sixth = await openStream(port, { token: u.token });
    await sixth.waitFor((e) => e.event === 'unread');
    await oldestEnded;
    // the five newest still receive, and another account's stream was not touched
    await makeNotification(t, u.user.id, { type: 'gift' });
    await makeNotification(t, other.user.id, { type: 'gift' });
    await t.deps.jobs.runDue();
    for (const s of [...streams.slice(1), sixth, theirs]) await s.waitFor((e) => e.event === 'notification');
    expect(streams[0]!.events.some((e) => e.event === 'notification')).toBe(false);
    for (const s of [...streams, sixth, theirs]) s.close();
  });

  it("does not show one player's notifications on another's stream", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const s = await openStream(port, { token: b.token });
    await s.waitFor((e) => e.event === 'unread');
    await reportAction(t, { userId: a.user.id, action: 'postcard_approved', amount: 5 });
    await makeNotification(t, b.user.id, { type: 'gift' });
    await reportAction(t, { userId: b.user.id, action: 'channel_created' });
    await s.waitFor((e) => e.event === 'notification' && e.data.notification.type === 'top_position');
    const types = s.events.filter((e) => e.event === 'notification').map((e) => e.data.notification.type as string);
    expect(types.sort()).toEqual(['gift', 'top_position']);
    s.close();
  });
});

describe('live stream across instances', () => {
  it('delivers a notification written by one instance to a stream held by another (shared event bus, as with REDIS_URL)', async () => {
    const second = await buildApp({ config: t.config, db: t.db, dialect: t.deps.dialect, clock: t.deps.clock, live: t.deps.live });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const u = await signUp(t.app);
      const s = await openStream((second.app.server.address() as AddressInfo).port, { token: u.token });
      await s.waitFor((e) => e.event === 'unread');
      await u.post('/api/game/daily-reward/claim'); // handled by the first instance
      const live = await s.waitFor((e) => e.event === 'notification');
      expect(live.data.notification).toMatchObject({ type: 'daily_reward', title: 'Ежедневная награда' });
      s.close();
    } finally {
      await second.app.close();
    }
  });
});
