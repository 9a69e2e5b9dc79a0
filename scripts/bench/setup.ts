import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDb, dbOptionsOf, migrateToLatest } from '../../server/src/db';
import type { Deps } from '../../server/src/deps';

export interface BenchServer {
  app: FastifyInstance;
  deps: Deps;
  url: string;
  setBareBody(body: unknown): void;
  close(): Promise<void>;
}

/** PostgreSQL for the bench: BENCH_DATABASE_URL, or the local server the tests use. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const BENCH_PG_DB = 'otkrytka_bench';

async function onAdmin(fn: (c: pg.Client) => Promise<unknown>) {
  const c = new pg.Client({ connectionString: BENCH_PG_URL });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database of its own on the PostgreSQL server (dropped first if a previous run left it). */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  await onAdmin(async (c) => {
    await c.query(`drop database if exists ${BENCH_PG_DB} with (force)`);
    await c.query(`create database ${BENCH_PG_DB}`);
  });
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${BENCH_PG_DB}`;
  return { url: url.toString(), drop: () => onAdmin((c) => c.query(`drop database if exists ${BENCH_PG_DB} with (force)`)) };
}

/** The real app on a fresh database (a SQLite file in a temp folder, or PostgreSQL), listening on a free port, logs off. */
export async function startServer(opts: { webDistDir?: string; postgres?: boolean } = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-bench-'));
  const pgDb = opts.postgres ? await freshPostgres() : undefined;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: pgDb?.url ?? '',
    ...(opts.webDistDir ? { WEB_DIST_DIR: opts.webDistDir } : { WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
  });
  const { db, dialect } = createDb(dbOptionsOf(config));
  await migrateToLatest(db);
  const { app, deps } = await buildApp({ config, db, dialect });
  // the baseline: a bare JSON route in the same app (same plugins and hooks) answering a document
  // held in memory — no database, no validation, no mapping; `bareBody` sets what it answers
  let bareBody: unknown = { ok: true };
  app.get('/bench/bare', async () => bareBody);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    deps,
    url: `http://127.0.0.1:${port}`,
    setBareBody: (body: unknown) => {
      bareBody = body;
    },
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
