import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * Graceful shutdown of the real, compiled server in a child process: a request in flight when
 * the signal arrives completes, live notification streams end, the port closes, exit code 0 —
 * started with plain `node` and through `npm start`.
 */
const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-shutdown-')),
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '8000',
    AUTH_RATE_LIMIT: '1000',
  };
}

async function waitReady(port: number, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** Sends a sign-in in two halves; the second half only when `release` is called. */
function slowSignIn(port: number, login: string, password: string) {
  const body = JSON.stringify({ login, password });
  const socket = net.connect(port, '127.0.0.1');
  let raw = '';
  socket.on('data', (d) => (raw += d.toString()));
  const response = new Promise<string>((resolve) => socket.on('close', () => resolve(raw)));
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
        () => resolve(),
      );
    }),
  );
  return { sent, release: () => socket.write(body.slice(10)), response };
}

async function scenario(port: number, child: ChildProcess, signal: () => void) {
  await waitReady(port, child);
  const base = `http://127.0.0.1:${port}`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'slowpoke', email: 'slow@example.com', password: 'correct-horse-9', agreement: true }),
  });
  expect(reg.status).toBe(201);
  const token = ((await reg.json()) as { access_token: string }).access_token;

  // a live notification stream, held open
  const stream = await fetch(`${base}/api/notifications/stream?token=${token}`);
  expect(stream.status).toBe(200);
  const streamDone = (async () => {
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) return 'ended';
  })();

  const slow = slowSignIn(port, 'slowpoke', 'correct-horse-9');
  await slow.sent;
  await new Promise((r) => setTimeout(r, 200));
  const signalledAt = Date.now();
  signal();
  await new Promise((r) => setTimeout(r, 700));
  // while draining, the port takes no new work, and the stream has been ended cleanly
  expect(await streamDone).toBe('ended');
  slow.release();
  const answer = await slow.response;
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toContain('"access_token"');
  expect(await exited(child)).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(8000);
  expect(await portOpen(port)).toBe(false);
}

describe('graceful shutdown', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'ignore' });
  }, 120_000);

  it('node dist/main.mjs on SIGTERM: the sign-in in flight completes with 200, the stream ends, the port closes, exit 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['server/dist/main.mjs'], { cwd: root, env: serverEnv(port), stdio: 'ignore' });
    children.push(child);
    await scenario(port, child, () => child.kill('SIGTERM'));
  }, 90_000);

  it('node dist/main.mjs with a gallery reader thread: pages come from the bundled reader, and SIGTERM still exits 0', async () => {
    const port = await freePort();
    const env = { ...serverEnv(port), GALLERY_READERS: '1', SEED_DEMO: 'true', DEMO_PASSWORD: 'demo-pass-123' };
    const child = spawn(process.execPath, ['server/dist/main.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let logs = '';
    child.stdout!.on('data', (d) => (logs += d.toString()));
    child.stderr!.on('data', (d) => (logs += d.toString()));
    await waitReady(port, child);
    // the demo pictures are drawn in the background once the server serves: wait for a page of them
    for (let i = 0; ; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/gallery?sort=newest&limit=5`);
      if (((await res.json()) as { items: unknown[] }).items.length === 5) break;
      if (i > 600) throw new Error('the demo gallery did not fill');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const sort of ['newest', 'popular', 'newest24h']) {
      const res = await fetch(`http://127.0.0.1:${port}/api/gallery?sort=${sort}&limit=5`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const page = (await res.json()) as { items: { id: number }[] };
      if (sort === 'newest') expect(page.items).toHaveLength(5);
    }
    // a reader that failed to load would have left the pages to the main thread, with a warning
    expect(logs).not.toMatch(/gallery reader failed/);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 90_000);

  it('node dist/main.mjs sends a page address with broken %-encoding on with the bad part made literal (the bundle once dropped the check and redirected to itself)', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['server/dist/main.mjs'], { cwd: root, env: serverEnv(port), stdio: 'ignore' });
    children.push(child);
    await waitReady(port, child);
    const res = await fetch(`http://127.0.0.1:${port}/mychannels/%E0%A4%A`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/mychannels/%25E0%25A4%25A');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 90_000);

  it('npm start on SIGTERM to npm: the signal reaches the server, which drains the same way', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start', '--', '--skip-web'], { cwd: root, env: serverEnv(port), stdio: 'ignore' });
    children.push(child);
    await scenario(port, child, () => child.kill('SIGTERM'));
  }, 120_000);
});
