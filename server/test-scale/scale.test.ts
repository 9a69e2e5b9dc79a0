import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { multipartFile } from '../test/factories/uploads';
import { makeChannel, makePostcard } from '../test/factories/collection';
import { fixtures } from '../test/fixtures';
import type { TestApp } from '../test/helpers';
import { AUTH_RATE_LIMIT, BOT_WEBHOOK_SECRET, type Instance, newClientAddress, portOpen, PUBLIC_URL, request, startCluster } from './cluster';

/**
 * Two instances behind nginx (deploy/nginx.conf) on PostgreSQL, Redis and S3 (s3rver): what a
 * scaled-out deployment promises, checked through the balancer.
 */
let cluster: Awaited<ReturnType<typeof startCluster>>;
let A: Instance;
let B: Instance;
let lb: number;
let db: Db;

beforeAll(async () => {
  cluster = await startCluster();
  [A, B] = cluster.instances as [Instance, Instance];
  lb = cluster.lbPort;
  db = createDb({ databaseUrl: cluster.databaseUrl, sqlitePath: ':memory:' }).db;
});
afterAll(async () => {
  await db?.destroy();
  await cluster?.cleanup();
});

interface User {
  id: number;
  token: string;
}
async function signUp(port = lb): Promise<User> {
  const login = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const res = await request(port, 'POST', '/api/auth/register', {
    body: { login, email: `${login}@example.com`, password: 'correct-horse-9', agreement: true },
    from: newClientAddress(),
  });
  expect(res.status, res.body.toString()).toBe(201);
  return { id: res.json().user.id, token: res.json().access_token };
}

/** an approved postcard in a channel of a fresh owner, written straight to the shared database */
async function approvedPostcard() {
  const owner = await signUp();
  const t = { db } as TestApp;
  const channel = await makeChannel(t, owner.id);
  return makePostcard(t, { userId: owner.id, collectionId: channel.id, approved: true });
}

const yang = async (port: number, u: User) =>
  (await request(port, 'GET', '/api/user-game-data/energy-status', { token: u.token })).json().yang_energy as number;

describe('two instances behind nginx', () => {
  it('started at the same moment on an empty database, migrated it once without error', async () => {
    for (const s of [A, B]) {
      expect(s.child.exitCode).toBeNull();
      expect(s.stderr()).not.toMatch(/migration|error/i);
    }
    const rows = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    const names = rows.map((r) => (r as { name: string }).name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(migrations).sort());
  });

  it('serves a file uploaded through one instance from the other, with Range', async () => {
    const u = await signUp();
    const body = multipartFile(fixtures.png, 'card.png');
    const up = await request(lb, 'POST', '/api/uploads/upload', { raw: body.payload, headers: body.headers, token: u.token });
    expect(up.status, up.body.toString()).toBe(201);
    const url = up.json().cloud_url as string;
    const whole = await request(lb, 'GET', url);
    expect(whole.status).toBe(200);
    expect(whole.body.length).toBeGreaterThan(100);
    // whichever instance took the upload, both serve it, by range
    for (const s of [A, B]) {
      const part = await request(s.port, 'GET', url, { headers: { range: 'bytes=10-41' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-41/${whole.body.length}`);
      expect(part.body).toEqual(whole.body.subarray(10, 42));
    }
    const viaLb = await request(lb, 'GET', url, { headers: { range: 'bytes=0-7' } });
    expect(viaLb.status).toBe(206);
    expect(viaLb.body).toEqual(whole.body.subarray(0, 8));
  });

  it('accepts a session made on one instance on the other', async () => {
    const u = await signUp(A.port);
    for (const s of [A, B, { port: lb }]) {
      const me = await request(s.port, 'GET', '/api/auth/me', { token: u.token });
      expect(me.status).toBe(200);
      expect(me.json().id ?? me.json().user?.id).toBe(u.id);
    }
  });

  it('delivers a notification caused by a write on A to a live stream held on B within 2 s', async () => {
    const sender = await signUp();
    const acceptor = await signUp();
    const postcard = await approvedPostcard();
    const g = await request(lb, 'POST', '/api/greetings', { token: sender.token, body: { image_relations_id: postcard.id, energy: 2 } });
    expect(g.status, g.body.toString()).toBe(201);

    let received = '';
    const stream = http.get({ host: '127.0.0.1', port: B.port, path: `/api/notifications/stream?token=${sender.token}`, agent: false });
    const opened = new Promise<http.IncomingMessage>((resolve) => stream.on('response', resolve));
    const res = await opened;
    expect(res.statusCode).toBe(200);
    res.on('data', (d: Buffer) => (received += d.toString()));
    await new Promise((r) => setTimeout(r, 300)); // subscribed

    const acceptedAt = Date.now();
    const accept = await request(A.port, 'POST', `/api/greetings/${g.json().id}/accept`, { token: acceptor.token, body: {} });
    expect(accept.status).toBe(200);
    while (!received.includes('event: notification') && Date.now() - acceptedAt < 2000) await new Promise((r) => setTimeout(r, 20));
    const took = Date.now() - acceptedAt;
    stream.destroy();
    expect(received).toContain('event: notification');
    expect(took).toBeLessThan(2000);
  });

  it('shares the sign-in rate limit across instances', async () => {
    const from = newClientAddress();
    const codes: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT + 4; i++) {
      codes.push((await request(lb, 'POST', '/api/auth/login', { body: { login: 'nobody-at-all', password: 'wrong-password-1' }, from })).status);
    }
    // nginx alternates the instances: with per-instance counters 2 × the limit would get through
    expect(codes.slice(0, AUTH_RATE_LIMIT).every((c) => c === 401)).toBe(true);
    expect(codes.slice(AUTH_RATE_LIMIT)).toEqual([429, 429, 429, 429]);
  });

  it("takes the bot's updates by webhook on both instances: each registered it at start, and every update is answered once, also one Telegram sends again to either", async () => {
    const bot = cluster.botApi;
    await expect.poll(() => bot.callsOf('setWebhook').length, { timeout: 5000 }).toBe(2);
    for (const call of bot.callsOf('setWebhook')) {
      expect(call.payload).toEqual({ url: `${PUBLIC_URL}/api/telegram/webhook`, secret_token: BOT_WEBHOOK_SECRET, allowed_updates: ['message', 'inline_query', 'pre_checkout_query'] });
    }
    const update = (n: number) => ({
      update_id: 9000 + n,
      message: {
        message_id: n,
        date: 1_700_000_000,
        chat: { id: 500 + n, type: 'private' },
        from: { id: 500 + n, is_bot: false, first_name: 'Аня', language_code: 'ru' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const headers = { 'x-telegram-bot-api-secret-token': BOT_WEBHOOK_SECRET };
    for (let n = 1; n <= 6; n++) expect((await request(lb, 'POST', '/api/telegram/webhook', { body: update(n), headers })).status).toBe(200);
    const sent = bot.callsOf('sendMessage').map((c) => c.payload.chat_id);
    expect(sent.sort()).toEqual([501, 502, 503, 504, 505, 506]);
    // each instance started its bot (asked Telegram who it is) once: the balancer gave both of them updates
    expect(bot.callsOf('getMe')).toHaveLength(2);
    const forged = await request(lb, 'POST', '/api/telegram/webhook', { body: update(7), headers: { 'x-telegram-bot-api-secret-token': 'forged-secret-0123456789abcdef' } });
    expect(forged.status).toBe(401);
    expect(bot.callsOf('sendMessage')).toHaveLength(6);

    // Telegram sends an update again when it saw no answer: wherever the copies land, one reply
    const again = update(8);
    const copies = await Promise.all([A.port, B.port, A.port].map((port) => request(port, 'POST', '/api/telegram/webhook', { body: again, headers })));
    for (const c of copies) expect([200, 409]).toContain(c.status);
    await expect.poll(async () => (await request(lb, 'POST', '/api/telegram/webhook', { body: again, headers })).status, { timeout: 5000 }).toBe(200);
    expect(bot.callsOf('sendMessage').filter((c) => c.payload.chat_id === 508)).toHaveLength(1);
  });

  it('pays a gift once when 20 accepts of it arrive at both instances at once', async () => {
    const sender = await signUp();
    const postcard = await approvedPostcard();
    const g = await request(lb, 'POST', '/api/greetings', { token: sender.token, body: { image_relations_id: postcard.id, energy: 10 } });
    expect(g.status).toBe(201);
    const acceptors = await Promise.all([1, 2, 3, 4, 5].map(() => signUp()));
    const before = await Promise.all(acceptors.map((u) => yang(lb, u)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request((i % 2 ? A : B).port, 'POST', `/api/greetings/${g.json().id}/accept`, { token: acceptors[i % 5]!.token, body: {} }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const paid = answers.map((a) => a.json().energy_received as number).filter((e) => e > 0);
    expect(paid).toEqual([10]);
    const after = await Promise.all(acceptors.map((u) => yang(lb, u)));
    expect(after.reduce((s, v) => s + v, 0) - before.reduce((s, v) => s + v, 0)).toBe(10);
    expect(await yang(lb, sender)).toBe(20 - 10);
  });

  it('loses no acknowledged write when one instance is killed mid-load, and the other keeps serving', async () => {
    const u = await signUp();
    const postcard = await approvedPostcard();
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const r = await request(lb, 'POST', '/api/greetings', { token: u.token, body: { image_relations_id: postcard.id, to_whom: 'Другу' } }).catch(
          () => null,
        );
        if (r?.status === 201) acknowledged.push(r.json().id as string);
        else failed.push(r?.status ?? 0);
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((r) => setTimeout(r, 1500));
    const beforeKill = acknowledged.length;
    A.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 2500));
    stop = true;
    await Promise.all(workers);
    expect(beforeKill).toBeGreaterThan(0);
    expect(acknowledged.length - beforeKill).toBeGreaterThan(5); // B went on serving
    expect(await portOpen(A.port)).toBe(false);
    const stored = await db.selectFrom('greetings').select('public_id').where('user_id', '=', u.id).execute();
    const ids = new Set(stored.map((r) => r.public_id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // a request cut by the kill may fail (at most one per worker); it was never acknowledged
    expect(failed.length).toBeLessThanOrEqual(6);
    expect((await request(lb, 'GET', '/api/ready')).status).toBe(200);
  });
});
