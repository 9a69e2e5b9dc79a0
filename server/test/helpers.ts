import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Db, dbOptionsOf, migrateToLatest } from '../src/db';
import type { Deps } from '../src/deps';
import { ManualClock } from '../src/platform/clock';

/**
 * Tests run on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set
 * (CI runs the server suites twice). Every test app gets its own fresh database.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const onPostgres = !!TEST_DATABASE_URL;
export const TEST_BOT_TOKEN = '123456:TEST-bot-token-for-otkrytka';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  config: Config;
  clock: ManualClock;
  close(): Promise<void>;
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-test-'));
  const pgDb = onPostgres ? await freshPostgres() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_TOKEN: TEST_BOT_TOKEN,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: '100000',
    UPLOAD_RATE_LIMIT: '100000',
    PASSWORD_HASH_COST: 'fast',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const { db, dialect } = createDb(dbOptionsOf(config));
  await migrateToLatest(db);
  const clock = new ManualClock();
  const { app, deps } = await buildApp({ config, db, dialect, clock });
  await app.ready();
  return {
    app,
    deps,
    db,
    config,
    clock,
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Res = LightMyRequestResponse & { body: string };

/** A small client over app.inject that carries a bearer token. */
export function client(app: FastifyInstance, token?: string) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
    patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
    delete: (url: string) => call('DELETE', url),
    raw: call,
  };
}
export type Client = ReturnType<typeof client>;

let seq = 0;
/** Factory: registers a fresh user through the API and returns a client signed in as them. */
export async function signUp(app: FastifyInstance, over: Partial<{ login: string; email: string; password: string }> = {}) {
  seq += 1;
  const uniq = `${Date.now().toString(36)}${seq}${crypto.randomBytes(2).toString('hex')}`;
  const body = {
    email: over.email ?? `user${uniq}@example.com`,
    login: over.login ?? `user${uniq}`,
    password: over.password ?? 'correct-horse-9',
    agreement: true,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { access_token: string; user: { id: number } };
  return { ...client(app, json.access_token), user: json.user, password: body.password, login: body.login };
}

/** Factory: a user with a chosen id (for example the moderator, 22), signed in. */
export async function signUpAs(t: TestApp, id: number) {
  const { hash } = await import('@node-rs/argon2');
  const login = `u${id}x${crypto.randomBytes(3).toString('hex')}`;
  await t.db
    .insertInto('users')
    .values({
      id,
      email: `${login}@example.com`,
      login,
      username: null,
      first_name: null,
      last_name: null,
      password_hash: await hash('correct-horse-9'),
      telegram_id: null,
      auth_type: 'local',
      created_at: new Date().toISOString(),
    } as never)
    .execute();
  if (onPostgres) {
    const { sql } = await import('kysely');
    await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(t.db);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password: 'correct-horse-9' },
  });
  const json = res.json() as { access_token: string; user: { id: number } };
  return { ...client(t.app, json.access_token), user: json.user };
}
