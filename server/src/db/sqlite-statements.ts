import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The better-sqlite3 connection as Kysely sees it, with two savings on every query:
 * - a compiled statement is kept per SQL text (better-sqlite3 compiles SQL on every prepare(),
 *   and Kysely prepares for every query);
 * - rows are read as arrays and turned into objects by a function made for the statement's
 *   columns. better-sqlite3 builds each row object key by key in native code, which costs about
 *   twice as much: a gallery page of 21 postcards reads in 58 µs instead of 115 µs.
 * (Safe to share a statement: Kysely runs one query at a time on the connection and never leaves
 * a statement mid-iteration.)
 */
export function kyselySqlite(sqlite: Database.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string): SqliteStatement {
      let stmt = cache.get(source);
      if (stmt) return stmt;
      stmt = statementOf(sqlite.prepare(source));
      // a schema change can change what a kept statement's columns are: start afresh after one
      if (SCHEMA_CHANGE.test(source)) cache.clear();
      else {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(source, stmt);
      }
      return stmt;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

function statementOf(stmt: Database.Statement): SqliteStatement {
  if (!stmt.reader) return stmt as unknown as SqliteStatement;
  let names = stmt.columns().map((c) => c.name);
  // `{"__proto__": …}` would set the prototype: leave such a statement to better-sqlite3
  if (names.includes('__proto__')) return stmt as unknown as SqliteStatement;
  let toRow = rowBuilder(names);
  stmt.raw(true);
  // another connection's migration can change a kept statement's columns under it (SQLite
  // recompiles it on its own): a row of another width means the names are out of date
  const current = (values: unknown[] | undefined) => {
    if (values && values.length !== names.length) {
      names = stmt.columns().map((c) => c.name);
      toRow = rowBuilder(names);
    }
    return toRow;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = stmt.all(parameters) as unknown[][];
      return rows.map(current(rows[0]));
    },
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const values of stmt.iterate(parameters) as IterableIterator<unknown[]>) yield current(values)(values);
    },
  };
}

/**
 * `values → {name: value, …}` as one object literal, so every row of a statement shares one
 * shape. A name that appears twice takes its last value, as better-sqlite3's own rows do.
 */
function rowBuilder(names: string[]): (values: unknown[]) => Record<string, unknown> {
  const last = new Map<string, number>();
  names.forEach((name, i) => last.set(name, i));
  const fields = [...last].map(([name, i]) => `${JSON.stringify(name)}: v[${i}]`);
  return new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Record<string, unknown>;
}
