/**
 * Starts one end-to-end server — the built bundle, `server/dist/main.mjs` — on its own data folder
 * (`DATA_DIR`), copied from a seeded one (`E2E_SEED_DIR`). Seeding the demo data renders its
 * pictures and video, the slowest part of a start: it is done once, by the first server started,
 * and every other server starts from a copy. Playwright starts its web servers one after another,
 * so the second never finds the seeding half done.
 *
 *   tsx e2e/server.ts   (with the server's environment, plus E2E_SEED_DIR)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seedDir = process.env.E2E_SEED_DIR;
const dataDir = process.env.DATA_DIR;
if (!seedDir || !dataDir) throw new Error('e2e/server.ts: set E2E_SEED_DIR and DATA_DIR');
const seeded = path.join(seedDir, '.seeded');

const start = (env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, ['server/dist/main.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function seed(): Promise<void> {
  const probe = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = execFileSync(process.execPath, ['-e', probe]).toString().trim();
  const url = `http://127.0.0.1:${port}`;
  const child = start({ ...process.env, DATA_DIR: seedDir, PORT: port, PUBLIC_URL: url, SEED_DEMO: 'true' });
  // the server listens at once and draws the demo postcards in the background: the copy is taken
  // once the demo account's `demo_seed` mark says the whole demo is there
  const password = process.env.DEMO_PASSWORD;
  if (!password) throw new Error('e2e/server.ts: set DEMO_PASSWORD (the demo account signs in to read the seed mark)');
  let token: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`e2e/server.ts: the seeding server exited with ${child.exitCode}`);
    token ??= await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'demo', password }) }).then(
      async (r) => (r.ok ? ((await r.json()) as { access_token: string }).access_token : undefined),
      () => undefined,
    );
    const done = token
      ? await fetch(`${url}/api/settings/`, { headers: { authorization: `Bearer ${token}` } }).then(
          async (r) => r.ok && ((await r.json()) as Record<string, unknown>).demo_seed === 'done',
          () => false,
        )
      : false;
    if (done) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  const code = await exited(child);
  if (code !== 0) throw new Error(`e2e/server.ts: the seeding server stopped with ${code}`);
  fs.writeFileSync(seeded, new Date().toISOString());
}

if (!fs.existsSync(seeded)) await seed();
fs.cpSync(seedDir, dataDir, { recursive: true, filter: (src) => src !== seeded });
const server = start(process.env);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
process.exitCode = (await exited(server)) ?? 1;
