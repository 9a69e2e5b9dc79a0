import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');

export interface Start {
  /** from spawning the process to the first 200 from /api/health */
  healthMs: number;
  /** resident memory after 5 s idle (MB) */
  idleRssMb: number;
}

export interface ColdStart {
  /** how the server was started */
  command: string;
  /** the first start (nothing cached: tsx transpiles every source file) and the next ones */
  starts: Start[];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** The server's resident memory from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * (5) Starts the production server as `npm start` would run it (the compiled build when there is
 * one, otherwise the TypeScript sources through tsx), on a fresh SQLite database with the web build
 * present, and times how long until /api/health answers; then reads its idle resident memory.
 */
export async function coldStart(log: (s: string) => void, count = 3): Promise<ColdStart> {
  const compiled = path.join(ROOT, 'server/dist/main.mjs');
  const args = fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')];
  const starts: Start[] = [];
  for (let i = 0; i < count; i++) {
    log(`cold start ${i + 1} of ${count}…`);
    starts.push(await startOnce(args));
  }
  return { command: `node ${args.map((a) => (a.startsWith('/') ? path.relative(ROOT, a) : a)).join(' ')}`, starts };
}

async function startOnce(args: string[]): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-cold-'));
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: '', WEB_DIST_DIR: path.join(ROOT, 'web/dist') },
    stdio: 'ignore',
  });
  try {
    let healthMs = NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) {
        healthMs = Number(process.hrtime.bigint() - started) / 1e6;
        break;
      }
      if (Number(process.hrtime.bigint() - started) > 60e9) throw new Error('no answer from /api/health within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 5000));
    return { healthMs, idleRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
