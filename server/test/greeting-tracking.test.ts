import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedGreeting, Greeting } from '@otkrytka/contract';
import { acceptGreeting, BROWSER_UA, notificationsOf, readGreeting, sendGreeting, signedInAt, viewGreeting, visitor } from './factories/greetings';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Открытка</title></head><body></body></html>');
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://otkrytka.example' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const MIN = 60_000;
const OPENED = ['greeting_opened'];

/** What the sender sees of their greeting. */
async function tracked(sender: Awaited<ReturnType<typeof signUp>>, id: string) {
  const g = (await viewGreeting(sender, id)) as Greeting;
  expect(g.sealed).toBe(false);
  return g;
}

describe('delivery tracking: opens', () => {
  it('counts opens by others, never the sender’s, and repeats by one viewer only after 30 minutes', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    expect(g).toMatchObject({ status: 'sent', opened_at: null, open_count: 0, accepted_at: null, replies: [] });

    // the sender reading their own greeting, however often, is no open
    for (let i = 0; i < 3; i += 1) await viewGreeting(a, g.id);
    expect(await tracked(a, g.id)).toMatchObject({ status: 'sent', opened_at: null, open_count: 0 });

    const firstAt = t.clock.now().toISOString();
    const anon = visitor(t);
    await viewGreeting(anon, g.id);
    let seen = await tracked(a, g.id);
    expect(seen).toMatchObject({ status: 'opened', open_count: 1 });
    expect(seen.opened_at! >= firstAt).toBe(true);

    // the same browser again, within the window: not a new open
    t.clock.advance(29 * MIN);
    await viewGreeting(anon, g.id);
    expect((await tracked(a, g.id)).open_count).toBe(1);

    // a signed-in user counts once per window too
    const b = await signUp(t.app);
    await viewGreeting(b, g.id);
    await viewGreeting(b, g.id);
    expect((await tracked(a, g.id)).open_count).toBe(2);

    // another browser is another viewer
    await viewGreeting(visitor(t, `${BROWSER_UA} Other/1`), g.id);
    expect((await tracked(a, g.id)).open_count).toBe(3);

    // 30 minutes after its last counted open the first visitor counts again
    t.clock.advance(2 * MIN);
    await viewGreeting(anon, g.id);
    seen = await tracked(a, g.id);
    expect(seen.open_count).toBe(4);
    // opened_at stays the first open
    expect(seen.opened_at! < t.clock.now().toISOString()).toBe(true);
  });

  it('a recipient who opens signed out and then signs in to accept, on the same device, is one open', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    const device = '198.51.100.7';
    await viewGreeting(visitor(t, BROWSER_UA, device), g.id);
    expect((await tracked(a, g.id)).open_count).toBe(1);
    const b = await signUp(t.app);
    const asB = signedInAt(t, b, device);
    await viewGreeting(asB, g.id);
    expect((await tracked(a, g.id)).open_count).toBe(1);
    // signed out again and back in, within the 30 minutes: still the one person
    await viewGreeting(visitor(t, BROWSER_UA, device), g.id);
    await viewGreeting(asB, g.id);
    expect((await tracked(a, g.id)).open_count).toBe(1);
    // a user in another browser is another viewer
    await viewGreeting(await signUp(t.app), g.id);
    expect((await tracked(a, g.id)).open_count).toBe(2);
  });

  it('two people on one device (one address), each signing in to accept, are two opens, never fewer than the acceptances', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    const device = '198.51.100.8';
    for (const expected of [1, 2]) {
      await viewGreeting(visitor(t, BROWSER_UA, device), g.id);
      const person = await signUp(t.app);
      await viewGreeting(signedInAt(t, person, device), g.id);
      await acceptGreeting(person, g.id);
      expect((await tracked(a, g.id)).open_count).toBe(expected);
    }
    const [row] = ((await a.get('/api/greetings/created?limit=5')).json() as { items: CreatedGreeting[] }).items.filter((c) => c.id === g.id);
    expect(row).toMatchObject({ open_count: 2, accepted_count: 2 });
  });

  it('a visitor is one viewer per address: sixty opens from one address with rotating user agents count once', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    for (let i = 0; i < 60; i += 1) await viewGreeting(visitor(t, `${BROWSER_UA} Rotating/${i}`, '198.51.100.9'), g.id);
    expect((await tracked(a, g.id)).open_count).toBe(1);
  });

  it('a bare read of the API counts no open, whoever sends it: only the page’s script, once the greeting is shown, does', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    const fetchers = ['Viber/1.0', 'Signal/7.0 (preview)', 'Mastodon/4.2 (http.rb/5.1; +https://example.social/)', 'Mozilla/5.0 (compatible; Google-PageRenderer)', 'curl/8.5.0', 'python-requests/2.31.0', BROWSER_UA];
    for (const ua of fetchers) await readGreeting(visitor(t, ua), g.id);
    await readGreeting(await signUp(t.app), g.id);
    expect(await tracked(a, g.id)).toMatchObject({ status: 'sent', opened_at: null, open_count: 0 });
    expect(await notificationsOf(t, a.user.id, OPENED)).toHaveLength(0);
    await viewGreeting(visitor(t), g.id);
    expect(await tracked(a, g.id)).toMatchObject({ status: 'opened', open_count: 1 });
  });

  it('does not count link-preview fetchers: crawler user agents, the page’s meta and the preview picture', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a);
    for (const ua of ['TelegramBot (like TwitterBot)', 'WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1', 'Mozilla/5.0 (compatible; Googlebot/2.1)']) {
      await viewGreeting(visitor(t, ua), g.id);
    }
    for (const url of [`/greeting/${g.id}`, `/telegram/greeting/${g.id}`, `/og/greeting/${g.id}/wide.jpg`, `/og/greeting/${g.id}/square.jpg`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await tracked(a, g.id)).toMatchObject({ status: 'sent', opened_at: null, open_count: 0 });
    expect(await notificationsOf(t, a.user.id, OPENED)).toHaveLength(0);
  });

  it('shows open times and counts to the sender only', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await sendGreeting(t, a);
    await viewGreeting(b, g.id);
    const asB = (await viewGreeting(b, g.id)) as Greeting;
    expect(asB).toMatchObject({ status: 'opened', opened_at: null, open_count: null, replies: [] });
    const asVisitor = (await viewGreeting(visitor(t), g.id)) as Greeting;
    expect(asVisitor).toMatchObject({ opened_at: null, open_count: null });
    expect(await tracked(a, g.id)).toMatchObject({ open_count: 2 });
  });
});

describe('delivery tracking: notifications and status', () => {
  it('tells the sender of the first open once, with an action that opens the greeting', async () => {
    const a = await signUp(t.app);
    const g = await sendGreeting(t, a, { to_whom: 'Бабушка' });
    await viewGreeting(visitor(t), g.id);
    await viewGreeting(visitor(t, `${BROWSER_UA} Second`), g.id);
    t.clock.advance(31 * MIN);
    await viewGreeting(visitor(t), g.id);
    await t.deps.jobs.runDue();

    const sent = await notificationsOf(t, a.user.id, OPENED);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toBe('Ваше поздравление «Бабушка» открыли');
    expect(JSON.parse(sent[0]!.template!)).toEqual({ key: 'greeting_opened', params: { to: 'Бабушка' } });
    const [action] = JSON.parse(sent[0]!.actions) as { action_type: string; action_params: { greeting_id: string } }[];
    expect(action).toMatchObject({ action_type: 'open_greeting', action_params: { greeting_id: g.id } });

    // and it is in the sender's list through the API
    const list = (await a.get('/api/notifications?type=greeting_opened')).json() as { notifications: { template: unknown }[] };
    expect(list.notifications).toHaveLength(1);
  });

  it('acceptance: status accepted with its time, the sender notified once per acceptor; the created list shows it all', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await sendGreeting(t, a);
    await viewGreeting(b, g.id);
    const acceptedFrom = t.clock.now().toISOString();
    await acceptGreeting(b, g.id);
    expect((await acceptGreeting(b, g.id)).already_accepted).toBe(true);

    const seen = await tracked(a, g.id);
    expect(seen.status).toBe('accepted');
    expect(seen.accepted_at! >= acceptedFrom).toBe(true);
    expect(await notificationsOf(t, a.user.id, ['greeting_received'])).toHaveLength(1);
    expect(await notificationsOf(t, a.user.id, OPENED)).toHaveLength(1);
    // the acceptor sees their own acceptance; only the sender the opens
    expect((await viewGreeting(b, g.id)) as Greeting).toMatchObject({ status: 'accepted', accepted_at: seen.accepted_at, open_count: null, opened_at: null });

    const created = (await a.get('/api/greetings/created')).json() as { items: CreatedGreeting[] };
    const row = created.items.find((x) => x.id === g.id)!;
    expect(row).toMatchObject({
      status: 'accepted',
      opened_at: seen.opened_at,
      open_count: 1,
      accepted_at: seen.accepted_at,
      opens_at: null,
      seconds_until_open: null,
      reply: null,
    });

    // anyone else with the link (a visitor, a crawler, another user) learns nothing of how it was received
    const c = await signUp(t.app);
    expect((await viewGreeting(c, g.id)) as Greeting).toMatchObject({ status: 'opened', accepted_at: null, open_count: null, opened_at: null, replies: [] });
    for (const ua of [BROWSER_UA, 'TelegramBot (like TwitterBot)']) {
      expect((await viewGreeting(visitor(t, ua), g.id)) as Greeting).toMatchObject({ status: 'opened', accepted_at: null, open_count: null, opened_at: null });
    }
  });

  it('a greeting accepted without a counted open (crawler-only views) is still accepted', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const g = await sendGreeting(t, a);
    await acceptGreeting(b, g.id);
    expect(await tracked(a, g.id)).toMatchObject({ status: 'accepted', opened_at: null, open_count: 0 });
  });
});
