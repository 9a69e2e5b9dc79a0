import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageAsk } from './page-read';

export type ReaderAsk = { id: number; ask: PageAsk };
export type ReaderAnswer = { id: number; json: Uint8Array } | { id: number; error: string };

type Waiting = { resolve: (json: Buffer) => void; reject: (e: Error) => void };
type Reader = { worker: Worker; waiting: Map<number, Waiting> };

/** tsx's ESM API (require.resolve would give its CommonJS build, whose register() cannot find its loader from a worker). */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), pkg.exports['./esm/api']!.import.default)).href;
}

/** The built server runs the worker from its own bundle (tsdown.config.ts); TypeScript runs it through tsx. */
function startWorker(sqlitePath: string): Worker {
  const workerData = { sqlitePath };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./gallery-reader.mjs', import.meta.url), { workerData });
  const entry = new URL('./reader-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * Worker threads that read gallery pages from SQLite and write them as JSON, so the main thread
 * only answers the request: a page's read and its serialisation are two thirds of its cost, and
 * better-sqlite3 blocks the thread it runs on. Each worker has its own read-only connection; in
 * WAL mode a read sees every transaction committed before it began, so a reader sees a write as
 * soon as it is acknowledged. Workers start when the server is ready (or on the first page) and again if one dies.
 */
export function pageReaders(sqlitePath: string, count: number) {
  const readers: (Reader | undefined)[] = Array.from({ length: count }, () => undefined);
  let closed = false;
  let lastId = 0;
  let started = 0;

  function start(slot: number): Reader {
    const reader: Reader = { worker: startWorker(sqlitePath), waiting: new Map() };
    started += 1;
    const fail = (e: Error) => {
      if (readers[slot] === reader) readers[slot] = undefined;
      for (const w of reader.waiting.values()) w.reject(e);
      reader.waiting.clear();
    };
    reader.worker.on('message', (a: ReaderAnswer) => {
      const w = reader.waiting.get(a.id);
      reader.waiting.delete(a.id);
      if ('json' in a) w?.resolve(Buffer.from(a.json.buffer, a.json.byteOffset, a.json.byteLength));
      else w?.reject(new Error(a.error));
    });
    reader.worker.on('error', fail);
    reader.worker.on('exit', (code) => fail(new Error(`gallery reader stopped (exit code ${code})`)));
    // an idle reader does not keep the process alive
    reader.worker.unref();
    return (readers[slot] = reader);
  }

  /** The reader with the fewest pages waiting (started when its slot is empty). */
  function leastBusy(): Reader {
    let best: Reader | undefined;
    for (let slot = 0; slot < readers.length; slot++) {
      const r = readers[slot] ?? start(slot);
      if (!best || r.waiting.size < best.waiting.size) best = r;
    }
    return best!;
  }

  return {
    /** One page as JSON bytes; rejects when the reader fails (the caller then reads it itself). */
    read(ask: PageAsk): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('gallery readers are closed'));
      const reader = leastBusy();
      const id = ++lastId;
      return new Promise((resolve, reject) => {
        reader.waiting.set(id, { resolve, reject });
        reader.worker.postMessage({ id, ask } satisfies ReaderAsk);
      });
    },
    /** Starts every reader not running yet, so the first visitor does not wait for one to load. */
    warm() {
      if (closed) return;
      for (let slot = 0; slot < readers.length; slot++) if (!readers[slot]) start(slot);
    },
    /** How many worker threads were started so far (a reader that died is started again). */
    started: () => started,
    async close() {
      closed = true;
      await Promise.all(readers.map((r) => r?.worker.terminate()));
    },
  };
}
