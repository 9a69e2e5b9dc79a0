import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db';
import { isDatabaseUnavailable, isUniqueViolation } from '../src/db/errors';
import { onPostgres, TEST_DATABASE_URL } from './helpers';
import { pgErrorResponse } from './support/pg-outage';

/**
 * Which failures of the database count as "the database is unavailable" (answered 503 with
 * Retry-After) — real errors from each driver, not hand-made ones.
 */
const caught = async (fn: () => Promise<unknown> | unknown): Promise<unknown> => {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
};

const servers: net.Server[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A local port that accepts connections and answers each as `answer` says. */
async function fakeServer(answer: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    answer(socket);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A query through the server's own database layer (createDb) to `url`. */
async function queryThroughDb(url: string) {
  const { db } = createDb({ databaseUrl: url, sqlitePath: '' });
  try {
    return await caught(() => sql`select 1`.execute(db));
  } finally {
    await db.destroy().catch(() => {});
  }
}

describe.skipIf(!onPostgres)('PostgreSQL (pg)', () => {
  it('a refused connection (the server is down or restarting) is unavailability', async () => {
    const e = await queryThroughDb(`postgres://postgres:postgres@127.0.0.1:${await closedPort()}/x`);
    expect((e as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(e)).toBe(true);
  });

  it('"the database system is shutting down" (57P03) when connecting is unavailability, from pg itself and through the pool', async () => {
    const port = await fakeServer((s) => s.once('data', () => s.end(pgErrorResponse('57P03', 'the database system is shutting down'))));
    const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/x` });
    const e = await caught(() => client.connect());
    expect(e).toMatchObject({ code: '57P03', message: 'the database system is shutting down' });
    expect(isDatabaseUnavailable(e)).toBe(true);
    expect(isDatabaseUnavailable(await queryThroughDb(`postgres://postgres:postgres@127.0.0.1:${port}/x`))).toBe(true);
  });

  it('a connection closed by the server without a word ("Connection terminated unexpectedly") is unavailability', async () => {
    const port = await fakeServer((s) => s.once('data', () => s.destroy()));
    const e = await queryThroughDb(`postgres://postgres:postgres@127.0.0.1:${port}/x`);
    expect(String((e as Error).message)).toMatch(/Connection terminated/);
    expect(isDatabaseUnavailable(e)).toBe(true);
  });

  it('a backend terminated by the administrator or a fast shutdown (57P01) is unavailability', async () => {
    const victim = new pg.Client({ connectionString: TEST_DATABASE_URL });
    victim.on('error', () => {});
    await victim.connect();
    const victimPid: number = (await victim.query('select pg_backend_pid() as pid')).rows[0].pid;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const running = caught(() => victim.query('select pg_sleep(10)'));
      for (let i = 0; i < 200; i++) {
        const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where pid = $1 and state = 'active'", [victimPid]);
        if (rows[0].n) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query('select pg_terminate_backend($1)', [victimPid]);
      const e = await running;
      expect((e as { code?: string }).code).toBe('57P01');
      expect(isDatabaseUnavailable(e)).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  it('the query itself refused — bad SQL, a unique violation, a statement timeout — is not unavailability', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const syntax = await caught(() => client.query('selec 1'));
      expect((syntax as { code?: string }).code).toBe('42601');
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      await client.query('create temporary table u (x int primary key)');
      await client.query('insert into u values (1)');
      const unique = await caught(() => client.query('insert into u values (1)'));
      expect(isUniqueViolation(unique)).toBe(true);
      expect(isDatabaseUnavailable(unique)).toBe(false);
      await client.query("set statement_timeout = '10ms'");
      const timeout = await caught(() => client.query('select pg_sleep(1)'));
      expect((timeout as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(timeout)).toBe(false);
    } finally {
      await client.end();
    }
  });
});

describe('SQLite (better-sqlite3)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-db-errors-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a database locked by another process past the busy timeout (SQLITE_BUSY) is unavailability', () => {
    const file = path.join(dir, 'busy.sqlite');
    const holder = new Database(file);
    holder.exec('create table t (x int)');
    const waiter = new Database(file, { timeout: 0 });
    holder.exec('begin exclusive');
    try {
      const e = (() => {
        try {
          waiter.exec('insert into t values (1)');
        } catch (err) {
          return err;
        }
        throw new Error('expected a failure');
      })();
      expect((e as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(e)).toBe(true);
    } finally {
      holder.exec('rollback');
      holder.close();
      waiter.close();
    }
  });

  it('a database file that cannot be opened (SQLITE_CANTOPEN) or a closed connection is unavailability', () => {
    let cantOpen: unknown;
    try {
      // a file that is not there (the volume went away), opened as the gallery's readers open it
      new Database(path.join(dir, 'gone.sqlite'), { readonly: true, fileMustExist: true });
    } catch (e) {
      cantOpen = e;
    }
    expect((cantOpen as { code?: string }).code).toBe('SQLITE_CANTOPEN');
    expect(isDatabaseUnavailable(cantOpen)).toBe(true);
    const closed = new Database(':memory:');
    closed.close();
    let notOpen: unknown;
    try {
      closed.prepare('select 1');
    } catch (e) {
      notOpen = e;
    }
    expect(isDatabaseUnavailable(notOpen)).toBe(true);
  });

  it('the query itself refused — bad SQL, a unique violation — is not unavailability; a wrapped unavailability still is', () => {
    const db = new Database(':memory:');
    db.exec('create table u (x int primary key); insert into u values (1)');
    const attempt = (q: string) => {
      try {
        db.exec(q);
      } catch (e) {
        return e;
      }
      throw new Error('expected a failure');
    };
    const syntax = attempt('selec 1');
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    const unique = attempt('insert into u values (1)');
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isDatabaseUnavailable(unique)).toBe(false);
    db.close();
    const wrapped = new Error('could not load the page', { cause: attempt('select 1') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });
});

describe('not the database', () => {
  it('a refused connection to something else (object storage, the Bot API) is not counted as the database', async () => {
    const port = await closedPort();
    const e = await caught(() => fetch(`http://127.0.0.1:${port}/`));
    expect((e as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(e)).toBe(false);
  });
});
