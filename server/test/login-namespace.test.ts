import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../src/db';
import { migrations } from '../src/db/migrations';
import { createTestApp, onPostgres, signUp, TEST_DATABASE_URL, type TestApp } from './helpers';

/** logins and emails are unique case-insensitively, across both fields. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (login: string, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { login, email, password: 'correct-horse-9', agreement: true } });
const login = (loginOrEmail: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginOrEmail, password: 'correct-horse-9' } });

describe('one case-insensitive namespace for logins and emails', () => {
  it('refuses DEMO when demo exists (and the other way round)', async () => {
    const n = crypto.randomBytes(3).toString('hex');
    expect((await register(`demo${n}`, `a${n}@example.com`)).statusCode).toBe(201);
    const upper = await register(`DEMO${n}`.toUpperCase(), `b${n}@example.com`);
    expect(upper.statusCode).toBe(400);
    expect(upper.json().code).toBe('LOGIN_TAKEN');
  });

  it("refuses someone else's email as a login, so their sign-in by email keeps working", async () => {
    const n = crypto.randomBytes(3).toString('hex');
    const owner = await signUp(t.app, { email: `owner${n}@example.com` });
    const squat = await register(`Owner${n}@Example.com`, `squatter${n}@example.com`);
    expect(squat.statusCode).toBe(400);
    expect(squat.json().code).toBe('LOGIN_TAKEN');
    const byEmail = await login(`OWNER${n}@example.com`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.id).toBe(owner.user.id);
  });

  it("refuses an email that is someone's login, in any case", async () => {
    const n = crypto.randomBytes(3).toString('hex');
    await signUp(t.app, { login: `mail${n}@example.com` });
    const res = await register(`other${n}`, `MAIL${n}@example.com`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('folds Cyrillic too: refuses ДЕМО beside демо and signs in by either case', async () => {
    const n = crypto.randomBytes(3).toString('hex');
    const u = await signUp(t.app, { login: `демо${n}` });
    const upper = await register(`ДЕМО${n}`, `cyr${n}@example.com`);
    expect(upper.statusCode).toBe(400);
    expect(upper.json().code).toBe('LOGIN_TAKEN');
    expect((await login(`Демо${n}`)).json().user.id).toBe(u.user.id);
  });

  it('signs in by login in any letter case', async () => {
    const n = crypto.randomBytes(3).toString('hex');
    const u = await signUp(t.app, { login: `Ivan${n}` });
    expect((await login(`ivan${n}`)).json().user.id).toBe(u.user.id);
    expect((await login(`IVAN${n}`)).json().user.id).toBe(u.user.id);
  });

  it('holds for rows written outside registration too (the database refuses them)', async () => {
    const n = crypto.randomBytes(3).toString('hex');
    await signUp(t.app, { login: `seeded${n}` });
    const insert = t.db
      .insertInto('users')
      .values({ email: null, login: `SEEDED${n}`, username: null, first_name: null, last_name: null, password_hash: null, telegram_id: null, auth_type: 'local', created_at: new Date().toISOString() })
      .execute();
    await expect(insert).rejects.toThrow();
  });
});

describe.skipIf(onPostgres)('migration 0021 rebuilds SQLite handles with Unicode case folding', () => {
  it('renames the later of two logins that differ only in Cyrillic case', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-mig-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      // an old database: built-in ASCII lower(), so both logins got their own handle
      const raw = new Database(file);
      const old = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
      expect((await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo('0020_user_handles')).error).toBeUndefined();
      for (const login of ['демо', 'ДЕМО']) {
        await old.insertInto('users').values({ login, email: null, username: null, first_name: null, last_name: null, password_hash: null, telegram_id: null, auth_type: 'local', created_at: new Date().toISOString() }).execute();
      }
      await old.destroy();

      const { db } = createDb({ sqlitePath: file });
      try {
        await migrateToLatest(db);
        const rows = await db.selectFrom('users').select(['id', 'login']).orderBy('id').execute();
        expect(rows.map((r) => r.login)).toEqual(['демо', `ДЕМО_${rows[1]!.id}`]);
        const handles = await sql<{ handle: string }>`select handle from user_handles order by handle`.execute(db);
        expect(handles.rows.map((h) => h.handle)).toEqual(['демо', `демо_${rows[1]!.id}`]);
      } finally {
        await db.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0020 resolves existing clashes, oldest account first', () => {
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the first DEMO/demo, renames the later login, and keeps the email owner signing in', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-mig-'));
    let databaseUrl: string | undefined;
    if (onPostgres) {
      const name = `t_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      drop = async () => {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
    const { db } = createDb({ databaseUrl, sqlitePath: path.join(dir, 'db.sqlite') });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0008_notification_template');
      expect(before.error).toBeUndefined();
      const user = (login: string, email: string | null) => ({
        login, email, username: null, first_name: null, last_name: null, password_hash: null, telegram_id: null, auth_type: 'local', created_at: new Date().toISOString(),
      });
      const [a, b, c, d] = [user('demo', 'Alice@Example.com'), user('DEMO', 'b@example.com'), user('alice@example.com', 'c@example.com'), user('dave', 'ALICE@example.com')];
      const ids: number[] = [];
      for (const u of [a, b, c, d]) ids.push((await db.insertInto('users').values(u as never).returning('id').executeTakeFirstOrThrow()).id);
      await migrateToLatest(db);
      const rows = await db.selectFrom('users').select(['id', 'login', 'email']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: ids[0], login: 'demo', email: 'alice@example.com' },
        { id: ids[1], login: `DEMO_${ids[1]}`, email: 'b@example.com' },
        { id: ids[2], login: `alice@example.com_${ids[2]}`, email: 'c@example.com' },
        { id: ids[3], login: 'dave', email: null },
      ]);
      const handles = await sql<{ n: number }>`select count(*) as n from user_handles`.execute(db);
      expect(Number(handles.rows[0]!.n)).toBe(7);
    } finally {
      await db.destroy();
    }
  });
});
