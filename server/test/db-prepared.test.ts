import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { retryingTx } from '../src/jobs/runner';
import { createDb, type Db, dbOptionsOf } from '../src/db';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';

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

  it.runIf(onPostgres)('a statement prepared before a migration added a column runs again after it; inside a transaction it fails once', async () => {
    t = await createTestApp();
    await sql`create table prepared_probe (id int primary key)`.execute(t.db);
    await sql`insert into prepared_probe values (1)`.execute(t.db);
    await t.db.connection().execute(async (c) => {
      const probe = () => sql<{ id: number; note: string | null }>`select * from prepared_probe where id = ${1}`.execute(c);
      await probe();
      await sql`alter table prepared_probe add column note text`.execute(c);
      expect((await probe()).rows).toEqual([{ id: 1, note: null }]);
      await sql`alter table prepared_probe add column tag text`.execute(c);
      // the connection no longer prepares: the new column comes back
      expect((await probe()).rows).toEqual([{ id: 1, note: null, tag: null }]);
    });
    // a fresh pool: that connection above prepares no more
    const other = createDb({ databaseUrl: t.config.databaseUrl, sqlitePath: '' });
    try {
      await other.db.connection().execute(async (c) => {
        const probe = () => sql`select * from prepared_probe where id = ${1}`.execute(c);
        await probe();
        await sql`alter table prepared_probe add column kind text`.execute(c);
        await sql.raw('begin').execute(c);
        await expect(probe()).rejects.toThrow(/cached plan must not change result type/);
        await sql.raw('rollback').execute(c);
        expect((await probe()).rows).toHaveLength(1);
      });
    } finally {
      await other.db.destroy();
    }
  });

  it.runIf(onPostgres)("a service's transaction that meets another instance's column-changing migration is run again, not answered with a 500", async () => {
    t = await createTestApp();
    // the first sign-up prepares `insert into users … returning *` on the pooled connection
    await signUp(t.app);
    // another instance of a rolling deploy adds a column to users
    await sql`alter table users add column rolled_out_probe text`.execute(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'rolled@example.com', login: 'rolled_out', password: 'correct-horse-9', agreement: true } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ login: 'rolled_out' });
  });

  it('a transaction that met an outdated prepared statement is run again', async () => {
    t = await createTestApp();
    let tries = 0;
    const answer = await retryingTx(t.db, async () => {
      tries += 1;
      if (tries === 1) throw Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
      return 'done';
    });
    expect([answer, tries]).toEqual(['done', 2]);
    // another unsupported feature is not retried
    await expect(retryingTx(t.db, async () => Promise.reject(Object.assign(new Error('something else'), { code: '0A000' })))).rejects.toThrow('something else');
  });

  it('they are on unless PG_PREPARED_STATEMENTS says otherwise', () => {
    expect(loadConfig({}).pgPreparedStatements).toBe(true);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'sometimes' })).toThrow();
  });
});

describe('the PostgreSQL connection pool', () => {
  it.runIf(onPostgres)('a server process keeps at most DATABASE_POOL_SIZE connections open, however many queries wait', async () => {
    t = await createTestApp();
    const config = loadConfig({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, DATABASE_POOL_SIZE: '3' });
    const small = createDb(dbOptionsOf(config));
    try {
      const backends = await Promise.all(
        Array.from({ length: 8 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(small.db)),
      );
      expect(new Set(backends.map((r) => r.rows[0]!.pid)).size).toBe(3);
    } finally {
      await small.db.destroy();
    }
  });

  it('it is 10 unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).pgPoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).pgPoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
  });
});
