import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db';
import { createTestApp, onPostgres, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The statements prepared on one pooled connection after running `query` on it twice. */
async function preparedAfter(db: Db, query: (c: Db) => Promise<unknown>): Promise<string[]> {
  return db.connection().execute(async (c) => {
    await query(c);
    await query(c);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
    return rows.map((r) => r.statement);
  });
}

const userById = (c: Db) => c.selectFrom('users').select('id').where('id', '=', 1).execute();

describe('prepared statements on PostgreSQL', () => {
  it.runIf(onPostgres)('a query with parameters is prepared once per connection and reused', async () => {
    t = await createTestApp();
    const statements = await preparedAfter(t.db, userById);
    expect(statements.filter((s) => s.includes('from "users"') && s.includes('$1'))).toHaveLength(1);
  });

  it.runIf(onPostgres)('a query without parameters is not prepared, so several commands in one text still run', async () => {
    t = await createTestApp();
    // as a prepared statement it would fail: "cannot insert multiple commands into a prepared statement"
    const statements = await preparedAfter(t.db, (c) => sql.raw('select 1; select 2').execute(c));
    expect(statements.filter((s) => s.includes('select 2'))).toEqual([]);
  });

  it.runIf(onPostgres)('PG_PREPARED_STATEMENTS=false prepares nothing', async () => {
    t = await createTestApp({ PG_PREPARED_STATEMENTS: 'false' });
    expect(await preparedAfter(t.db, userById)).toEqual([]);
  });

  it('they are on unless PG_PREPARED_STATEMENTS says otherwise', () => {
    expect(loadConfig({}).pgPreparedStatements).toBe(true);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'sometimes' })).toThrow();
  });
});
