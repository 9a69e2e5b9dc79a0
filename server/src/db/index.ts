import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { DB } from './schema';
import { bringLegacyOrder, migrationProvider } from './migrations/legacy-order';
import { kyselySqlite } from './sqlite-statements';
import { isDatabaseUnavailable, markIfConnectionLost } from './errors';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Something that can run queries: the database or an open transaction. */
export type Queryable = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

/** The PostgreSQL driver, loaded only when a DATABASE_URL asks for it (not on every SQLite start). */
function loadPg(): typeof pg {
  const lib = createRequire(import.meta.url)('pg') as typeof pg;
  // bigint counts and sums come back as numbers (our values stay far below 2^53)
  lib.types.setTypeParser(20, (v) => Number(v));
  lib.types.setTypeParser(1700, (v) => Number(v));
  return lib;
}

export interface DbOptions {
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL: run parameterised queries as named prepared statements (default on) */
  pgPreparedStatements?: boolean;
  /** PostgreSQL: connections kept open at most (default 10) */
  pgPoolSize?: number;
  /** SQLite: a connection that only reads a database another connection has set up */
  readonly?: boolean;
}

/** The database options of a loaded configuration. */
export const dbOptionsOf = (c: { databaseUrl?: string | undefined; sqlitePath: string; pgPreparedStatements: boolean; pgPoolSize: number }): DbOptions => ({
  ...(c.databaseUrl ? { databaseUrl: c.databaseUrl } : {}),
  sqlitePath: c.sqlitePath,
  pgPreparedStatements: c.pgPreparedStatements,
  pgPoolSize: c.pgPoolSize,
});

export function createDb(opts: DbOptions): { db: Db; dialect: DialectName; pool?: pg.Pool } {
  if (opts.databaseUrl) {
    const pool = new (loadPg().Pool)({ connectionString: opts.databaseUrl, max: opts.pgPoolSize ?? 10 });
    // an idle connection the server closes (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    const dialect = new PostgresDialect({ pool: resilientPool(pool, { prepared: opts.pgPreparedStatements !== false }) });
    return { db: new Kysely<DB>({ dialect }), dialect: 'postgres', pool };
  }
  if (opts.readonly) return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: kyselySqlite(sqliteReader(opts.sqlitePath)) }) }), dialect: 'sqlite' };
  if (opts.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new Database(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  withUnicodeLower(sqlite);
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }) }), dialect: 'sqlite' };
}

// the built-in lower() folds only ASCII; logins and emails are matched case-insensitively in any script
const withUnicodeLower = (sqlite: Database.Database) =>
  sqlite.function('lower', { deterministic: true }, (s: unknown) => (s == null ? null : String(s).toLowerCase()));

/** A read-only connection to a database in WAL mode: each query sees every transaction committed before it. */
function sqliteReader(file: string): Database.Database {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  withUnicodeLower(sqlite);
  return sqlite;
}

/** How long a failed attempt to connect waits before its one retry. */
export const RECONNECT_DELAY_MS = 250;

/** A single read: a statement that may run again on another connection with the same effect. */
const READ = /^\s*select\b/i;
/** ...unless it takes a lock, moves a sequence, sets session state or notifies. */
const NOT_ONLY_A_READ = /\b(pg_advisory\w*|pg_try_advisory\w*|nextval|setval|set_config|pg_notify|lo_\w+|pg_sleep)\b|\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b/i;
const isSingleRead = (text: unknown) => typeof text === 'string' && READ.test(text) && !NOT_ONLY_A_READ.test(text);

type Run = ((text: unknown, values?: unknown[]) => Promise<unknown>) & { inTransaction(): boolean };

/**
 * The PostgreSQL pool the queries go through. It rides out a database that restarts or drops
 * connections (`isDatabaseUnavailable` in db/errors.ts):
 * - a connection that cannot be opened (refused, "the database system is starting up / shutting
 *   down") is tried once more after RECONNECT_DELAY_MS — nothing has been sent yet, so this is
 *   safe for any query;
 * - a single read outside a transaction whose connection is lost (terminated, reset) runs once more
 *   on a fresh connection: a read has no effect to repeat. A write, or anything inside a
 *   transaction, is not repeated here (it may have taken effect; a transaction's connection is gone
 *   with its work) — its request is answered 503 with Retry-After by the error handler;
 * - every connection failure it passes on is marked as the database's (`markIfConnectionLost`).
 *
 * Queries with parameters also run as named prepared statements unless `prepared` is off:
 * PostgreSQL parses and plans a query on every run unless it is a named prepared statement; each
 * connection prepares a query the first time it runs it, by a name given to its SQL text. Only
 * parameterised queries are named: a query without parameters goes by the simple protocol, which
 * migrations need for several commands in one text. Past `max` distinct texts, new ones run unnamed.
 */
function resilientPool(pool: pg.Pool, { prepared, max = 2000 }: { prepared: boolean; max?: number }) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < max) names.set(text, (name = `q${names.size}`));
    return name;
  };
  const runs = new WeakMap<pg.PoolClient, Run>();

  const open = async () => {
    try {
      return await pool.connect();
    } catch (e) {
      throw markIfConnectionLost(e);
    }
  };

  async function connect(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await open();
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      await new Promise((r) => setTimeout(r, RECONNECT_DELAY_MS));
      client = await open();
    }
    if (!runs.has(client)) runs.set(client, guard(client));
    return client;
  }

  /** Replaces the client's `query` with one that prepares, marks failures and repeats lost reads. */
  function guard(client: pg.PoolClient): Run {
    const run = runner(client, prepared ? nameOf : () => undefined);
    // a connection lost while the client is checked out is also emitted as an 'error' event, which
    // the pool listens for only while the client is idle: unheard, it would end the process. The
    // query in progress has failed with it, and the pool drops the client when it is released.
    client.on('error', () => {});
    client.query = (async (text: unknown, values?: unknown[]) => {
      try {
        return await run(text, values);
      } catch (e) {
        markIfConnectionLost(e);
        if (run.inTransaction() || !isDatabaseUnavailable(e) || !isSingleRead(text)) throw e;
        const fresh = await connect();
        let lost: Error | undefined;
        try {
          return await runs.get(fresh)!(text, values);
        } catch (again) {
          markIfConnectionLost(again);
          if (isDatabaseUnavailable(again)) lost = again as Error;
          throw again;
        } finally {
          // a connection that failed goes, the others back to the pool
          fresh.release(lost);
        }
      }
    }) as typeof client.query;
    return run;
  }

  return { connect, end: () => pool.end() };
}

/**
 * A statement prepared before a migration changed a table's columns (another instance migrating
 * during a rolling deploy) fails with this. That connection then stops preparing; outside a
 * transaction the query runs again at once, inside one the transaction is lost (`retryingTx`
 * runs it again).
 */
export const isPlanChanged = (e: unknown) =>
  (e as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test(String((e as Error).message));

/** Runs queries on one client: named when `nameOf` names them, noting whether a transaction is open. */
function runner(client: pg.PoolClient, nameOf: (text: string) => string | undefined): Run {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let preparing = true;
  let inTransaction = false;
  const run = async (text: unknown, values?: unknown[]) => {
    if (typeof text === 'string') {
      if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^\s*(commit|rollback)\s*$/i.test(text)) inTransaction = false;
    }
    const name = preparing && typeof text === 'string' && values?.length ? nameOf(text) : undefined;
    if (!name) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (e) {
      if (!isPlanChanged(e)) throw e;
      preparing = false;
      if (inTransaction) throw e;
      return query(text, values);
    }
  };
  return Object.assign(run, { inTransaction: () => inTransaction });
}

/**
 * Applies every pending migration, in the one order of migrations/index.ts on every database:
 * unordered migrations are off, so a database whose applied migrations are not the first of that
 * list is refused rather than migrated differently from a fresh one (see legacy-order.ts for the
 * databases migrated before that rule).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await bringLegacyOrder(db);
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: false });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`migration ${failed.migrationName} failed: ${String(error)}`);
  if (error) throw new Error(`migrations failed: ${String(error)}`);
}
