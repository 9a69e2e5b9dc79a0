import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Migrator, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db, migrateToLatest } from '../src/db';
import { isPostgres } from '../src/db/dialect';
import { LAST_UNORDERED_MIGRATION, migrations, orderedMigrations } from '../src/db/migrations';
import { onPostgres, TEST_DATABASE_URL } from './helpers';

const NAMES = orderedMigrations.map(([name]) => name);
const dialect = onPostgres ? 'PostgreSQL' : 'SQLite';

const opened: { db: Db; drop?: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.destroy();
    await drop?.();
  }
});

/** An empty database of the dialect under test: SQLite in memory, or a new PostgreSQL database. */
async function emptyDb(): Promise<Db> {
  if (!onPostgres) {
    const { db } = createDb({ sqlitePath: ':memory:' });
    opened.push({ db });
    return db;
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const { db } = createDb({ databaseUrl: url.toString(), sqlitePath: '' });
  opened.push({
    db,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  });
  return db;
}

/** kysely's migrator over the given migrations, as earlier releases of the server ran it. */
const oldMigrator = (db: Db, names: string[], allowUnorderedMigrations: boolean) =>
  new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(names.map((n) => [n, migrations[n]!])) }, allowUnorderedMigrations });

/** Moves the recorded times of the migrations applied so far an hour back, as if applied by an earlier start. */
async function applyEarlier(db: Db) {
  const rows = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(db)).rows;
  for (const { name, timestamp } of rows) {
    await sql`update kysely_migration set ${sql.ref('timestamp')} = ${new Date(Date.parse(timestamp) - 3_600_000).toISOString()} where name = ${name}`.execute(db);
  }
}

async function expectOk(run: Promise<{ error?: unknown }>) {
  const { error } = await run;
  expect(error).toBeUndefined();
}

/** Applied migrations in the order kysely reads them (recorded time, then name). */
async function recordedOrder(db: Db): Promise<string[]> {
  const rows = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(db)).rows;
  return rows
    .sort((a, b) => (a.timestamp === b.timestamp ? a.name.localeCompare(b.name) : Date.parse(a.timestamp) - Date.parse(b.timestamp)))
    .map((r) => r.name);
}

/**
 * Everything a migration can leave behind: tables with their columns (in order, with type,
 * nullability and default), indexes, constraints, triggers and functions — each by its name and
 * the definition the database reports.
 */
async function schemaOf(db: Db) {
  const q = async (query: RawBuilder<unknown>) => (await query.execute(db)).rows;
  if (isPostgres(db)) {
    return {
      columns: await q(sql`select table_name, ordinal_position, column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = current_schema() and table_name not like 'kysely%'
        order by table_name, ordinal_position`),
      indexes: await q(sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename not like 'kysely%' order by indexname`),
      constraints: await q(sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
        where connamespace = current_schema()::regnamespace and conrelid::regclass::text not like 'kysely%' order by conname, tbl`),
      triggers: await q(sql`select tgrelid::regclass::text as tbl, tgname, pg_get_triggerdef(oid) as def from pg_trigger
        where not tgisinternal order by tgname`),
      functions: await q(sql`select proname, pg_get_functiondef(oid) as def from pg_proc
        where pronamespace = current_schema()::regnamespace order by proname`),
    };
  }
  return {
    columns: await q(sql`select m.name as table_name, p.cid, p.name, p.type, p."notnull", p.dflt_value, p.pk
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'kysely%' order by m.name, p.cid`),
    // the statements SQLite keeps for tables (rewritten by every added column), indexes and triggers
    objects: await q(sql`select type, name, tbl_name, sql from sqlite_master
      where name not like 'kysely%' and tbl_name not like 'kysely%' order by type, name`),
  };
}

/** The schema of an empty database migrated to the latest in one go. */
let freshSchema: Awaited<ReturnType<typeof schemaOf>> | undefined;
async function fresh() {
  if (!freshSchema) {
    const db = await emptyDb();
    await migrateToLatest(db);
    expect(await recordedOrder(db)).toEqual(NAMES);
    freshSchema = await schemaOf(db);
  }
  return freshSchema;
}

describe('the migration list', () => {
  it('names every migration file once, in ascending order, so kysely runs them in the listed order', () => {
    expect([...NAMES].sort()).toEqual(NAMES);
    expect(new Set(NAMES).size).toBe(NAMES.length);
    const dir = path.join(import.meta.dirname, '../src/db/migrations');
    const files = fs.readdirSync(dir).filter((f) => /^\d{4}_.*\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(NAMES);
    expect(NAMES).toContain(LAST_UNORDERED_MIGRATION);
  });
});

describe(`migrating on ${dialect}`, () => {
  it('an empty database reaches the latest schema with every migration recorded in list order', async () => {
    const schema = await fresh();
    expect(schema.columns.length).toBeGreaterThan(0);
  });

  // the first schema ever released, and the last one before the numbering jumped from 0021 to 0050
  it.each(['0001_core', '0021_unicode_handles'])('a database left at %s reaches the same schema as an empty one', async (oldest) => {
    const db = await emptyDb();
    await expectOk(oldMigrator(db, NAMES, false).migrateTo(oldest));
    expect(await recordedOrder(db)).toEqual(NAMES.slice(0, NAMES.indexOf(oldest) + 1));
    await migrateToLatest(db);
    expect(await recordedOrder(db)).toEqual(NAMES);
    expect(await schemaOf(db)).toEqual(await fresh());
  });

  // 0050 was applied on databases before 0030–0032 were written; with migrations in any order
  // those ran after it, so such a database recorded them out of list order
  const before0030 = [...NAMES.slice(0, NAMES.indexOf('0030_postcard_source_url')), '0050_greeting_tracking'];

  it('a database that applied the unordered migrations in another order is accepted as it is and recorded in list order', async () => {
    const db = await emptyDb();
    await expectOk(oldMigrator(db, before0030, true).migrateToLatest());
    await applyEarlier(db);
    await expectOk(oldMigrator(db, NAMES, true).migrateToLatest());
    const legacy = await recordedOrder(db);
    expect(legacy).not.toEqual(NAMES);
    expect([...legacy].sort()).toEqual(NAMES);
    const schema = await schemaOf(db);

    await migrateToLatest(db);
    expect(await recordedOrder(db)).toEqual(NAMES);
    expect(await schemaOf(db)).toEqual(schema);
    expect(schema).toEqual(await fresh());
    // kysely's own ordered check now holds, and a second start changes nothing
    expect((await oldMigrator(db, NAMES, false).migrateToLatest()).error).toBeUndefined();
    await migrateToLatest(db);
    expect(await recordedOrder(db)).toEqual(NAMES);
  });

  it('a database that applied a later unordered migration before earlier ones gets the earlier ones, then the rest', async () => {
    const db = await emptyDb();
    await expectOk(oldMigrator(db, before0030, true).migrateToLatest());
    await applyEarlier(db);
    await migrateToLatest(db);
    expect(await recordedOrder(db)).toEqual(NAMES);
    expect(await schemaOf(db)).toEqual(await fresh());
  });

  it('a database that applied a migration missing from the list is refused, unchanged', async () => {
    const db = await emptyDb();
    await expectOk(oldMigrator(db, NAMES.slice(0, 3), false).migrateToLatest());
    await sql`insert into kysely_migration (name, timestamp) values ('0002a_unknown', ${new Date().toISOString()})`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/0002a_unknown is missing/);
    expect((await recordedOrder(db)).sort()).toEqual(['0001_core', '0002_collection', '0002a_unknown', '0003_votes_moderation']);
  });
});
