import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, MODERATOR_LOGIN, SEED_MARK, startDemoSeeding, type DemoItem } from '../src/seed';
import { DEMO_CARDS, DEMO_GIFS, DEMO_OWN, DEMO_PENDING } from '../src/seed/catalogue';
import { drawDemoItem } from '../src/seed/content';
import { client, createTestApp, onPostgres, TEST_DATABASE_URL, type TestApp } from './helpers';

/**
 * A first start with the demo on: the server answers within 10 s while the demo pictures are drawn
 * in the background; the demo accounts can be signed in to at once; the gallery grows as postcards
 * are added, to the full demo; a restart mid-way continues without duplicates; a failed drawing is
 * logged and tried again and never stops the server.
 */
const root = path.resolve(import.meta.dirname, '../..');
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** the approved postcards of the full demo gallery */
const FULL_GALLERY = DEMO_CARDS.length + DEMO_GIFS.length + (hasFfmpeg ? 1 : 0);
const PASSWORD = 'demo-password-1';

type Listed = { id: number; title: string; media_kind: string };
async function galleryOf(base: string): Promise<Listed[]> {
  const res = await fetch(`${base}/api/gallery?limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Listed[] }).items;
}
const signIn = (base: string, login: string) =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password: PASSWORD }) });

describe('the built server on a first start', () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'ignore' });
  }, 120_000);
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  afterAll(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  /** A fresh data folder, and on PostgreSQL a fresh database. */
  async function freshPlace() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-first-start-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (!onPostgres) return { dataDir, databaseUrl: '' };
    const name = `t_first_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return { dataDir, databaseUrl: url.toString() };
  }

  async function freePort(): Promise<number> {
    const s = net.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as net.AddressInfo).port;
    await new Promise((r) => s.close(r));
    return port;
  }

  /** Starts the server and waits for its health check; answers how long that took. */
  async function start(place: { dataDir: string; databaseUrl: string }) {
    const port = await freePort();
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['server/dist/main.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl,
        REDIS_URL: '',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: PASSWORD,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() - startedAt > 60_000) throw new Error('no health within 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    return { child, base, tookMs: Date.now() - startedAt, stderr: () => stderr };
  }

  /** Watches the gallery until it holds the full demo; answers every count seen on the way. */
  async function untilFull(base: string, withinMs: number) {
    const seen: number[] = [];
    const started = Date.now();
    for (;;) {
      const n = (await galleryOf(base)).length;
      if (seen.at(-1) !== n) seen.push(n);
      if (n >= FULL_GALLERY) return seen;
      if (Date.now() - started > withinMs) throw new Error(`the gallery stopped at ${n} of ${FULL_GALLERY}: ${seen.join(' → ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('answers within 10 s, signs the demo accounts in at once, and the gallery fills while it serves', async () => {
    const { base, tookMs, stderr } = await start(await freshPlace());
    expect(tookMs).toBeLessThan(10_000);
    // the accounts come before the pictures
    expect((await signIn(base, DEMO_LOGIN)).status).toBe(200);
    expect((await signIn(base, MODERATOR_LOGIN)).status).toBe(200);
    expect((await galleryOf(base)).length).toBeLessThan(FULL_GALLERY);
    const seen = await untilFull(base, 240_000);
    // postcards showed as they were added, not all at once at the end
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(stderr()).not.toMatch(/"level":50/);
  }, 300_000);

  it('a restart mid-way continues the demo: every postcard once, no upload twice', async () => {
    const place = await freshPlace();
    const first = await start(place);
    for (;;) {
      const n = (await galleryOf(first.base)).length;
      if (n >= 5) {
        expect(n).toBeLessThan(FULL_GALLERY);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // killed outright, in the middle of drawing
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start(place);
    expect(second.tookMs).toBeLessThan(10_000);
    await untilFull(second.base, 240_000);
    const items = await galleryOf(second.base);
    expect(items).toHaveLength(FULL_GALLERY);
    expect(new Set(items.map((p) => `${p.title}/${p.media_kind}`)).size).toBe(FULL_GALLERY);
    // the same accounts (the password set at the first start still works), each upload once
    const moderator = (await (await signIn(second.base, MODERATOR_LOGIN)).json()) as { access_token: string };
    const uploads = (await (await fetch(`${second.base}/api/uploads?limit=200`, { headers: { authorization: `Bearer ${moderator.access_token}` } })).json()) as unknown[];
    expect(uploads).toHaveLength(FULL_GALLERY);
    const demo = (await (await signIn(second.base, DEMO_LOGIN)).json()) as { access_token: string };
    // the demo user's own and pending postcards come after the gallery's: wait for the last of them
    for (let i = 0; ; i++) {
      const mine = (await (await fetch(`${second.base}/api/uploads?limit=200`, { headers: { authorization: `Bearer ${demo.access_token}` } })).json()) as unknown[];
      if (mine.length === DEMO_PENDING.length + DEMO_OWN.length) break;
      expect(mine.length).toBeLessThan(DEMO_PENDING.length + DEMO_OWN.length);
      if (i > 600) throw new Error('the demo user\'s postcards were not all added');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 400_000);
});

describe('demo seeding in the background (in process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', DEMO_PASSWORD: PASSWORD });
  });
  afterAll(() => t.close());

  /** Small stills instead of the full-size art (distinct per card); the moving ones as they are. */
  const quickDraw = (item: DemoItem) =>
    item.type === 'jpg'
      ? sharp({ create: { width: 96, height: 148, channels: 3, background: { r: (item.seed * 37) % 256, g: (item.seed * 91) % 256, b: 100 + (item.seed >> 8) * 40 } } })
          .jpeg()
          .toBuffer()
      : drawDemoItem(item);

  const logged: { level: string; msg: string }[] = [];
  const spyLog = () => {
    const record = (level: string) => (...args: unknown[]) => void logged.push({ level, msg: String(args.find((a) => typeof a === 'string') ?? '') });
    return { ...t.deps.log, error: record('error'), warn: record('warn'), info: record('info') } as typeof t.deps.log;
  };

  it('a drawing that fails is logged and tried again after a wait; the server serves meanwhile; the demo completes', async () => {
    let failuresLeft = 1;
    const seeding = startDemoSeeding(
      { ...t.deps, log: spyLog() },
      {
        backoffMs: 50,
        draw: async (item) => {
          if (item.card.title === 'Доброе утро!' && failuresLeft-- > 0) throw new Error('the drawing broke (injected)');
          return quickDraw(item);
        },
      },
    );
    await seeding.accounts;
    expect((await client(t.app).post('/api/auth/login', { login: DEMO_LOGIN, password: PASSWORD })).statusCode).toBe(200);
    await seeding.done;
    expect(logged.find((l) => l.level === 'error')?.msg).toMatch(/Доброе утро!/);
    expect(logged.some((l) => l.level === 'warn' && /round 1 failed; trying again/.test(l.msg))).toBe(true);
    expect((await client(t.app).get('/api/health')).statusCode).toBe(200);
    const items = (await client(t.app).get('/api/gallery?limit=100')).json().items as Listed[];
    expect(items).toHaveLength(FULL_GALLERY);
    expect(items.filter((p) => p.title === 'Доброе утро!')).toHaveLength(1);
  }, 120_000);

  it('a complete demo is left alone on the next start: a postcard the moderator removed does not come back', async () => {
    const [gone] = (await client(t.app).get('/api/gallery?limit=1')).json().items as Listed[];
    await t.db.deleteFrom('image_relations').where('id', '=', gone!.id).execute();
    const again = startDemoSeeding(t.deps, { maxRounds: 1, draw: () => Promise.reject(new Error('nothing should be drawn')) });
    await again.done;
    expect((await client(t.app).get('/api/gallery?limit=100')).json().items).toHaveLength(FULL_GALLERY - 1);
    // a demo seeded whole before the progress mark existed counts as complete too
    await t.db.deleteFrom('settings').where('key', '=', SEED_MARK).execute();
    await startDemoSeeding(t.deps, { maxRounds: 1, draw: () => Promise.reject(new Error('nothing should be drawn')) }).done;
    expect((await client(t.app).get('/api/gallery?limit=100')).json().items).toHaveLength(FULL_GALLERY - 1);
  });
});
