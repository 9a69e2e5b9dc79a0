/**
 * A worker thread that reads gallery pages (see `readers.ts`): its own read-only SQLite
 * connection, the same page reader as the main thread, and the page written as JSON bytes, which
 * are handed over without a copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db';
import { mediaUrl } from '../../platform/storage';
import { readPage } from './page-read';
import type { ReaderAnswer, ReaderAsk } from './readers';

const { sqlitePath } = workerData as { sqlitePath: string };
const { db } = createDb({ sqlitePath, readonly: true });
// media URLs depend on the key alone (local disk and S3 alike), so no storage client is needed here
const storage = { url: mediaUrl };
const encoder = new TextEncoder();
const port = parentPort!;

port.on('message', async ({ id, ask }: ReaderAsk) => {
  let answer: ReaderAnswer;
  try {
    answer = { id, json: encoder.encode(JSON.stringify(await readPage(db, storage, ask))) };
  } catch (e) {
    answer = { id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer, 'json' in answer ? [answer.json.buffer as ArrayBuffer] : []);
});
