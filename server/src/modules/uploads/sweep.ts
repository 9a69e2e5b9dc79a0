import type { Deps } from '../../deps';
import { originalKeysOf } from './media-keys';
import { uploadsRepo } from './repo';

/** Files younger than this are left alone: an upload in flight writes its files before its row. */
export const LEFTOVER_GRACE_MS = 60 * 60_000;

/**
 * Uploads live in two-character shard folders (`ab/<hash>.jpg`, `storageKeyOf`); the files of other
 * folders belong to other modules (`pictures/…`) and are theirs to keep or remove.
 */
const UPLOAD_FOLDER = /^[^/]{2}\//;

/** How many listed files are checked against the database at once. */
const SWEEP_BATCH = 500;

/**
 * Removes what a crash (`kill -9` mid-upload) leaves in media storage: `*.tmp` files of interrupted
 * writes anywhere, and originals and previews in the uploads' folders no upload or postcard refers to. Runs as a recurring job
 * (uploads/subscribers.ts); it only touches files older than LEFTOVER_GRACE_MS. Walks the storage
 * listing and asks the database about SWEEP_BATCH files at a time (indexed by `storage_key`), so its
 * memory does not grow with the gallery. Returns how many files went.
 */
export async function sweepStorageLeftovers(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  now = Date.now(),
  stopping?: AbortSignal,
): Promise<{ removed: number }> {
  const { db, storage } = deps;
  // file times are wall-clock times, whatever clock the app runs on
  const cutoff = now - LEFTOVER_GRACE_MS;
  let removed = 0;
  const remove = async (key: string) => {
    await storage.delete(key);
    removed += 1;
  };
  let batch: string[] = [];
  const sweepBatch = async () => {
    const originals = new Map(batch.map((key) => [key, originalKeysOf(key)]));
    batch = [];
    const referenced = await uploadsRepo.referencedKeys(db, [...new Set([...originals.values()].flat())]);
    for (const [key, keys] of originals) if (!keys.some((k) => referenced.has(k))) await remove(key);
  };
  for await (const obj of storage.list()) {
    if (stopping?.aborted) break; // the server is shutting down: the next run goes on
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (obj.key.endsWith('.tmp')) await remove(obj.key);
    else if (UPLOAD_FOLDER.test(obj.key) && batch.push(obj.key) >= SWEEP_BATCH) await sweepBatch();
  }
  await sweepBatch();
  if (removed) deps.log.info({ removed }, 'media storage: removed leftovers of interrupted uploads');
  return { removed };
}

/** How often the sweep runs (a recurring durable job: one run per period across all instances). */
export const STORAGE_SWEEP_EVERY_MS = 6 * 3600_000;
