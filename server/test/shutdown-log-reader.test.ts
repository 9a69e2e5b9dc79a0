import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WATCHDOG_MARGIN_MS } from '../src/platform/exit-deadline';
import { logDestination } from '../src/platform/log-destination';

/**
 * A server whose log reader has gone (the pipe closed) or stalled (the pipe full) still ends
 * within SHUTDOWN_GRACE_MS of a SIGTERM: the compiled server in a child process, its standard
 * output and error piped to this test, which stops reading them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const GRACE_MS = 3000;
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

function tempDir(prefix: string) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** The built server, logging every request (info), its output piped to this process. */
async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('otkrytka-log-reader-'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', () => {});
  child.stderr!.on('data', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  /** how the process ended, or `still running` once `withinMs` have passed */
  const exit = (withinMs: number) =>
    Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), withinMs))]);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, exit };
}

/**
 * Stops reading the server's output and makes it log about a megabyte (requests for long
 * unknown paths: each path is logged), far more than a pipe holds: its logger is left with lines
 * it cannot write.
 */
async function stopReadingAndFlood(child: ChildProcess, port: number) {
  child.stdout!.pause();
  child.stderr!.pause();
  const long = 'x'.repeat(12_000);
  for (let i = 0; i < 80; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/${long}${i}`);
    expect(res.status).toBeLessThan(500);
  }
}

describe('shutdown whatever the log reader does', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'ignore' });
  }, 120_000);

  it('the log pipes closed (the reader fell behind, then went away): SIGTERM exits 0 well within the grace period', async () => {
    const { child, port, exit } = await startServer();
    await stopReadingAndFlood(child, port);
    child.stdout!.destroy();
    child.stderr!.destroy();
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const ended = await exit(GRACE_MS + 5000);
    expect(ended).toMatchObject({ code: 0 });
    expect(ended !== 'still running' && ended.at - signalledAt).toBeLessThan(GRACE_MS);
  }, 60_000);

  it('the log pipes closed right after start-up: SIGTERM exits 0 well within the grace period', async () => {
    const { child, exit } = await startServer();
    child.stdout!.destroy();
    child.stderr!.destroy();
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const ended = await exit(GRACE_MS + 5000);
    expect(ended).toMatchObject({ code: 0 });
    expect(ended !== 'still running' && ended.at - signalledAt).toBeLessThan(GRACE_MS);
  }, 60_000);

  it('a log reader that stopped reading (the pipe full): SIGTERM still ends the process by the grace period', async () => {
    const { child, port, exit } = await startServer();
    await stopReadingAndFlood(child, port);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const ended = await exit(GRACE_MS + 5000);
    expect(ended).not.toBe('still running');
    expect(ended !== 'still running' && ended.at - signalledAt).toBeLessThan(GRACE_MS + WATCHDOG_MARGIN_MS + 1500);
    // the port is free for the next instance
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});

describe('the log destination', () => {
  /** A named pipe opened at both ends without blocking; the test reads (or does not) the one end. */
  function fifo() {
    const file = path.join(tempDir('otkrytka-fifo-'), 'log');
    execFileSync('mkfifo', [file]);
    const reader = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    const read = () => {
      const chunks: Buffer[] = [];
      const buf = Buffer.alloc(65536);
      for (;;) {
        try {
          const n = fs.readSync(reader, buf);
          if (n <= 0) break;
          chunks.push(Buffer.from(buf.subarray(0, n)));
        } catch {
          break;
        }
      }
      return Buffer.concat(chunks).toString();
    };
    return { reader, writer, read };
  }

  it('writes the lines in order', async () => {
    const p = fifo();
    const dest = logDestination(p.writer);
    for (let i = 0; i < 100; i++) dest.write(`line ${i}\n`);
    await dest.flush(5000);
    expect(p.read()).toBe(Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join(''));
    expect(dest.dropped).toBe(0);
    fs.closeSync(p.reader);
    fs.closeSync(p.writer);
  });

  it('a reader that has gone: the write error ends logging, flush returns at once, the lines are counted as dropped', async () => {
    const p = fifo();
    fs.closeSync(p.reader);
    const dest = logDestination(p.writer);
    dest.write('lost 1\n');
    await dest.flush(60_000);
    expect(dest.failed?.code).toBe('EPIPE');
    dest.write('lost 2\n');
    expect(dest.dropped).toBe(2);
    fs.closeSync(p.writer);
  });

  it('a reader that does not read: writing never blocks, the queue stays bounded, flush gives up at its timeout', async () => {
    const p = fifo();
    const dest = logDestination(p.writer, { maxQueuedBytes: 256 * 1024, retryMs: 10 });
    const line = `${'y'.repeat(1023)}\n`;
    const started = Date.now();
    for (let i = 0; i < 2048; i++) dest.write(line);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(dest.dropped).toBeGreaterThan(0);
    const flushStarted = Date.now();
    await dest.flush(200);
    expect(Date.now() - flushStarted).toBeLessThan(2000);
    expect(dest.failed).toBeUndefined();
    // once the reader reads again, what was queued goes out
    let got = '';
    for (let i = 0; i < 200 && got.length < 256 * 1024; i++) {
      got += p.read();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(got.length).toBeGreaterThanOrEqual(256 * 1024);
    expect(got.startsWith(line)).toBe(true);
    fs.closeSync(p.reader);
    fs.closeSync(p.writer);
  });
});
