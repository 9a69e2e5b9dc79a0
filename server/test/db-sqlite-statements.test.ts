import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { kyselySqlite } from '../src/db/sqlite-statements';

let open: Database.Database | undefined;
afterEach(() => open?.close());

/** A fresh in-memory database, as better-sqlite3 itself and as Kysely sees it through our adapter. */
function fresh() {
  const sqlite = (open = new Database(':memory:'));
  sqlite.exec(`create table t (id integer primary key, name text, n real, b blob);
    insert into t values (1, 'Открытка', 1.5, x'00ff'), (2, null, null, null);`);
  const adapted = kyselySqlite(sqlite);
  return { sqlite, adapted, db: new Kysely<any>({ dialect: new SqliteDialect({ database: adapted }) }) };
}

describe('SQLite statements through the adapter', () => {
  it('rows are the objects better-sqlite3 makes: same keys in the same order, same values', async () => {
    const { sqlite, db } = fresh();
    const text = 'select t.*, t.id as id, length(name) as chars from t order by id';
    const ours = (await sql.raw(text).execute(db)).rows;
    expect(ours).toEqual(sqlite.prepare(text).all());
    expect(ours.map((r) => Object.keys(r as object))).toEqual(sqlite.prepare(text).all().map((r) => Object.keys(r as object)));
    expect(ours[0]).toEqual({ id: 1, name: 'Открытка', n: 1.5, b: Buffer.from([0, 255]), chars: 8 });
  });

  it('a name given twice takes its last value, as in better-sqlite3', async () => {
    const { sqlite, db } = fresh();
    const text = `select 1 as x, 'a' as y, 2 as x`;
    expect((await sql.raw(text).execute(db)).rows).toEqual([{ x: 2, y: 'a' }]);
    expect(sqlite.prepare(text).get()).toEqual({ x: 2, y: 'a' });
  });

  it('a column named __proto__ cannot change a row\'s prototype (left to better-sqlite3, which drops it)', async () => {
    const { sqlite, db } = fresh();
    const text = `select 'p' as "__proto__", 1 as id`;
    const [row] = (await sql.raw(text).execute(db)).rows as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual(sqlite.prepare(text).get());
  });

  it('writes report their changes and new row id; returning gives rows', async () => {
    const { db } = fresh();
    const inserted = await db.insertInto('t').values({ name: 'третья' }).executeTakeFirst();
    expect(inserted.insertId).toBe(3n);
    const updated = await db.updateTable('t').set({ n: 7 }).where('id', '<', 3).returning(['id', 'n']).execute();
    expect(updated).toEqual([
      { id: 1, n: 7 },
      { id: 2, n: 7 },
    ]);
  });

  it('keeps one compiled statement per SQL text', () => {
    const { adapted } = fresh();
    expect(adapted.prepare('select id from t')).toBe(adapted.prepare('select id from t'));
    expect(adapted.prepare('select id from t')).not.toBe(adapted.prepare('select id from t '));
  });

  it('after a schema change, a kept "select *" shows the new columns', async () => {
    const { db } = fresh();
    const all = () => sql.raw('select * from t where id = 1').execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'Открытка', n: 1.5, b: Buffer.from([0, 255]) }]);
    await db.schema.alterTable('t').addColumn('extra', 'text', (c) => c.defaultTo('новое')).execute();
    expect((await all()).rows).toEqual([{ id: 1, name: 'Открытка', n: 1.5, b: Buffer.from([0, 255]), extra: 'новое' }]);
  });

  it('a column added by another connection shows in a kept "select *"', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-sqlite-'));
    const file = path.join(dir, 'db.sqlite');
    const sqlite = (open = new Database(file));
    sqlite.exec(`create table t (id integer primary key, name text); insert into t values (1, 'а');`);
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }) });
    const all = () => sql.raw('select * from t').execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'а' }]);
    const other = new Database(file);
    other.exec(`alter table t add column extra text default 'б'`);
    other.close();
    expect((await all()).rows).toEqual([{ id: 1, name: 'а', extra: 'б' }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams rows as objects', async () => {
    const { db } = fresh();
    const seen: unknown[] = [];
    for await (const row of db.selectFrom('t').select(['id', 'name']).orderBy('id').stream()) seen.push(row);
    expect(seen).toEqual([
      { id: 1, name: 'Открытка' },
      { id: 2, name: null },
    ]);
  });
});
