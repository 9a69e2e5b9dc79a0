import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Db, dbOptionsOf, migrateToLatest } from '../src/db';
import { createTestApp, onPostgres, signUp, TEST_DATABASE_URL, type TestApp } from './helpers';
import { type PgProxy, pgProxy } from './support/pg-outage';

/**
 * The database restarting, shutting down or dropping connections under a running server: a
 * request it cannot serve is answered 503 with Retry-After and the code DATABASE_UNAVAILABLE, never
 * 500; a single read whose connection was lost is tried once more on a fresh one; once the
 * database is back the server serves again by itself.
 *
 * PostgreSQL: the app reaches the shared cluster through a TCP proxy this test takes away and
 * brings back, or has its own backends terminated (the shared cluster is never stopped); and a
 * server of the test's own is really stopped and started under load.
 */

type Answer = { status: number; retryAfter: string | undefined; code: string | undefined };
const answer = async (app: FastifyInstance, opts: InjectOptions): Promise<Answer> => {
  const res = await app.inject(opts);
  const header = res.headers['retry-after'];
  let code: string | undefined;
  try {
    code = (res.json() as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, retryAfter: header === undefined ? undefined : String(header), code };
};
const unavailable = { status: 503, retryAfter: '2', code: 'DATABASE_UNAVAILABLE' };

describe.skipIf(!onPostgres)('PostgreSQL goes away under a running server', () => {
  const name = `t_outage_${crypto.randomBytes(5).toString('hex')}`;
  const direct = new URL(TEST_DATABASE_URL || 'postgres://localhost/x');
  direct.pathname = `/${name}`;
  let proxy: PgProxy;
  let app: FastifyInstance;
  let db: Db;
  let dataDir: string;
  let user: Awaited<ReturnType<typeof signUp>>;
  /** connections straight to the test's database, beside the app's: one watches, one holds locks */
  let admin: pg.Client;
  let locker: pg.Client;
  let lockerPid: number;

  const adminOn = async (url: string, fn: (c: pg.Client) => Promise<void>) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await fn(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await adminOn(TEST_DATABASE_URL!, (c) => c.query(`create database ${name}`).then(() => undefined));
    proxy = await pgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '100000',
      PASSWORD_HASH_COST: 'fast',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const created = createDb(dbOptionsOf(config));
    db = created.db;
    await migrateToLatest(db);
    ({ app } = await buildApp({ config, db, dialect: created.dialect, ...(created.pool ? { pool: created.pool } : {}) }));
    await app.ready();
    user = await signUp(app);
    admin = new pg.Client({ connectionString: direct.toString() });
    await admin.connect();
    locker = new pg.Client({ connectionString: direct.toString() });
    await locker.connect();
    lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid;
  }, 60_000);

  afterAll(async () => {
    await admin?.end().catch(() => {});
    await locker?.end().catch(() => {});
    await app?.close();
    await db?.destroy().catch(() => {});
    await proxy?.close();
    await adminOn(TEST_DATABASE_URL!, (c) => c.query(`drop database if exists ${name} with (force)`).then(() => undefined));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${user.token}` });
  const requests = (): InjectOptions[] => [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/gallery' },
    { method: 'HEAD', url: '/api/gallery' },
    { method: 'GET', url: '/api/collections', headers: auth() },
    { method: 'GET', url: '/api/bookmarks', headers: auth() },
    { method: 'POST', url: '/api/collections', headers: auth(), payload: { name: 'Во время сбоя' } },
    { method: 'POST', url: '/api/settings/batch', headers: auth(), payload: { settings: { theme: 'dark' } } },
    { method: 'POST', url: '/api/auth/login', payload: { login: user.login, password: user.password } },
  ];

  /** Waits until the app answers its health check again, by itself. */
  const recovered = async () => {
    const started = Date.now();
    for (;;) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode === 200) return Date.now() - started;
      expect(res.statusCode).toBe(503);
      if (Date.now() - started > 15_000) throw new Error('the app did not recover within 15 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** The app's backends: every connection to the test's database but the test's own two. */
  const appBackends = "datname = $1 and pid <> pg_backend_pid() and pid <> $2";
  const terminateAppBackends = () => admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${appBackends}`, [name, lockerPid]);

  /** Runs `fn` while `table` is locked against everyone else. */
  const whileLocked = async (table: string, fn: () => Promise<void>) => {
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    try {
      await fn();
    } finally {
      await locker.query('rollback');
    }
  };

  /** Waits until one of the app's queries waits for a lock. */
  const appWaitsForLock = async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_stat_activity where ${appBackends} and wait_event_type = 'Lock'`,
        [name, lockerPid],
      );
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no query of the app waited for the lock');
  };

  it('the database down (connections cut, new ones refused): 503 + Retry-After + DATABASE_UNAVAILABLE to reads and writes, never 500; then it serves again by itself', async () => {
    expect((await answer(app, { method: 'GET', url: '/api/health' })).status).toBe(200);
    await proxy.down();
    const answers = [];
    for (const r of requests()) answers.push({ request: `${r.method} ${r.url}`, ...(await answer(app, r)) });
    for (const a of answers) {
      expect(a, a.request).toMatchObject(a.request.startsWith('HEAD') ? { status: 503, retryAfter: '2' } : unavailable);
    }
    await proxy.up();
    await recovered();
    for (const r of requests()) expect((await answer(app, r)).status, `${r.method} ${r.url}`).toBeLessThan(300);
  });

  it('"the database system is shutting down" (57P03) to every new connection: 503, never 500; then it serves again by itself', async () => {
    await proxy.shuttingDown();
    for (const r of requests()) {
      const a = await answer(app, r);
      expect(a, `${r.method} ${r.url}`).toMatchObject(r.method === 'HEAD' ? { status: 503, retryAfter: '2' } : unavailable);
    }
    await proxy.up();
    await recovered();
  });

  it('a read whose backend is terminated (57P01) while it runs is tried again on a fresh connection and answered 200', async () => {
    // the gallery's first query waits behind a lock until the test lets it go
    let pending: Promise<Answer> | undefined;
    await whileLocked('gallery_versions', async () => {
      pending = answer(app, { method: 'GET', url: '/api/gallery' });
      await appWaitsForLock();
      await terminateAppBackends();
      // the read runs again on a new connection, and waits for the lock again
      await appWaitsForLock();
    });
    expect(await pending).toMatchObject({ status: 200 });
  });

  it('a write whose backend is terminated (57P01) is not repeated: 503 + Retry-After + DATABASE_UNAVAILABLE; the next try succeeds', async () => {
    const write = () => answer(app, { method: 'POST', url: '/api/settings/batch', headers: auth(), payload: { settings: { sound: false } } });
    await whileLocked('settings', async () => {
      const pending = write();
      await appWaitsForLock();
      await terminateAppBackends();
      expect(await pending).toMatchObject(unavailable);
    });
    expect((await write()).status).toBe(200);
  });

  it('idle connections terminated between requests: the next requests are served', async () => {
    expect((await answer(app, { method: 'GET', url: '/api/collections', headers: auth() })).status).toBe(200);
    await terminateAppBackends();
    for (const r of requests().filter((x) => x.method === 'GET')) expect((await answer(app, r)).status, `${r.method} ${r.url}`).toBe(200);
  });
});

describe.skipIf(onPostgres)('SQLite locked by another process past the busy timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 + Retry-After + DATABASE_UNAVAILABLE, not 500, and serves again once the lock is gone', async () => {
    const user = await signUp(t.app);
    const other = new Database(t.config.sqlitePath);
    other.exec('begin exclusive');
    try {
      const a = await answer(t.app, { method: 'POST', url: '/api/settings/batch', headers: { authorization: `Bearer ${user.token}` }, payload: { settings: { theme: 'dark' } } });
      expect(a).toMatchObject(unavailable);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await answer(t.app, { method: 'POST', url: '/api/settings/batch', headers: { authorization: `Bearer ${user.token}` }, payload: { settings: { theme: 'dark' } } })).status).toBe(200);
  }, 30_000);
});

/** A PostgreSQL server of the test's own (initdb in a temporary folder, run as the `postgres` user), so it can really be stopped and started. */
const PG_BIN = (() => {
  try {
    const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
    return fs.existsSync(`${bin}/pg_ctl`) ? bin : undefined;
  } catch {
    return undefined;
  }
})();
const canRunOwnPostgres = onPostgres && !!PG_BIN && process.getuid?.() === 0;

describe.skipIf(!canRunOwnPostgres)('a real PostgreSQL restart under load', () => {
  let dir: string;
  let app: FastifyInstance;
  let db: Db;
  let port: number;
  const asPostgres = (args: string[]) => {
    const r = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr || r.stdout}`);
  };
  const pgCtl = (action: 'start' | 'stop') =>
    asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-w', '-l', `${dir}/log`, ...(action === 'stop' ? ['-m', 'fast'] : ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]), action]);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-own-pg-'));
    fs.chmodSync(dir, 0o777);
    port = 20_000 + Math.floor(Math.random() * 20_000);
    asPostgres([`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pgCtl('start');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'app'),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '100000',
      PASSWORD_HASH_COST: 'fast',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    });
    fs.mkdirSync(config.dataDir, { recursive: true });
    const created = createDb(dbOptionsOf(config));
    db = created.db;
    await migrateToLatest(db);
    ({ app } = await buildApp({ config, db, dialect: created.dialect, ...(created.pool ? { pool: created.pool } : {}) }));
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy().catch(() => {});
    try {
      asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('clients get 503 with Retry-After while it is down, never 500, and the server serves again by itself once it is back', async () => {
    const user = await signUp(app);
    const auth = { authorization: `Bearer ${user.token}` };
    const load: InjectOptions[] = [
      { method: 'GET', url: '/api/gallery' },
      { method: 'GET', url: '/api/collections', headers: auth },
      { method: 'POST', url: '/api/settings/batch', headers: auth, payload: { settings: { theme: 'dark' } } },
    ];
    const seen: Answer[] = [];
    let running = true;
    // three clients asking without pause, through the stop and the start
    const clients = load.map(async (r) => {
      while (running) seen.push(await answer(app, r));
    });
    const waitFor = async (what: string, ok: () => boolean) => {
      const started = Date.now();
      while (!ok()) {
        if (Date.now() - started > 20_000) throw new Error(`no ${what} within 20 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitFor('answer before the restart', () => seen.some((a) => a.status === 200));
    pgCtl('stop');
    const from = seen.length;
    await waitFor('503 while PostgreSQL is down', () => seen.slice(from).some((a) => a.status === 503));
    pgCtl('start');
    const back = seen.length;
    await waitFor('answers after PostgreSQL is back', () => seen.slice(back).filter((a) => a.status === 200).length >= 9);
    running = false;
    await Promise.all(clients);
    const statuses = new Set(seen.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const a of seen.filter((x) => x.status === 503)) expect(a).toMatchObject(unavailable);
  }, 90_000);
});
