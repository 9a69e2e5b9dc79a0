import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDb, migrateToLatest } from '../../server/src/db';
import type { Deps } from '../../server/src/deps';

export interface BenchServer {
  app: FastifyInstance;
  deps: Deps;
  url: string;
  setBareBody(body: unknown): void;
  close(): Promise<void>;
}

/** The real app on a fresh SQLite file in a temp folder, listening on a free port, logs off. */
export async function startServer(opts: { seedDemo?: boolean; webDistDir?: string } = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    ...(opts.webDistDir ? { WEB_DIST_DIR: opts.webDistDir } : { WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
  });
  const { db, dialect } = createDb({ sqlitePath: config.sqlitePath });
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
