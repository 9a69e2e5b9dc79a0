import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { DB } from './schema';
import { bringLegacyOrder, migrationProvider } from './migrations/legacy-order';
import { kyselySqlite } from './sqlite-statements';

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
    const dialect = new PostgresDialect({ pool: opts.pgPreparedStatements === false ? pool : withPreparedStatements(pool) });
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

/**
 * PostgreSQL parses and plans a query on every run unless it is a named prepared statement; each
 * connection prepares a query the first time it runs it, by a name given to its SQL text. Only
 * parameterised queries are named: a query without parameters goes by the simple protocol, which
 * migrations need for several commands in one text. Past `max` distinct texts, new ones run unnamed.
 */
function withPreparedStatements(pool: pg.Pool, max = 2000) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < max) names.set(text, (name = `q${names.size}`));
    return name;
  };
  const wrapped = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!wrapped.has(client)) {
        wrapped.add(client);
        prepareOn(client, nameOf);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * A statement prepared before a migration changed a table's columns (another instance migrating
 * during a rolling deploy) fails with this. That connection then stops preparing; outside a
 * transaction the query runs again at once, inside one the transaction is lost (`retryingTx`
 * runs it again).
 */
export const isPlanChanged = (e: unknown) =>
  (e as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test(String((e as Error).message));

function prepareOn(client: pg.PoolClient, nameOf: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let preparing = true;
  let inTransaction = false;
  client.query = (async (text: unknown, values?: unknown[]) => {
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
  }) as typeof client.query;
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
