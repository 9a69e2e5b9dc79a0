import type { Deps } from '../../deps';
import { derivedKeys } from '../postcards/present';

/** Files younger than this are left alone: an upload in flight writes its files before its row. */
export const LEFTOVER_GRACE_MS = 60 * 60_000;

/**
 * Removes what a crash (`kill -9` mid-upload) leaves in media storage: `*.tmp` files of interrupted
 * writes, and originals and previews no upload or postcard refers to. Runs as a recurring job
 * (`scheduleStorageSweep`); it only touches files older than LEFTOVER_GRACE_MS. Returns how many files went.
 */
export async function sweepStorageLeftovers(deps: Pick<Deps, 'db' | 'storage' | 'log'>, now = Date.now()): Promise<{ removed: number }> {
  const { db, storage } = deps;
  // file times are wall-clock times, whatever clock the app runs on
  const cutoff = now - LEFTOVER_GRACE_MS;
  const keys = new Set<string>();
  const [uploads, postcards] = await Promise.all([
    db.selectFrom('uploads').select('storage_key').distinct().execute(),
    db.selectFrom('image_relations').select('storage_key').distinct().execute(),
  ]);
  for (const { storage_key } of [...uploads, ...postcards]) {
    keys.add(storage_key);
    for (const key of derivedKeys(storage_key)) keys.add(key);
  }
  let removed = 0;
  for await (const obj of storage.list()) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (!obj.key.endsWith('.tmp') && keys.has(obj.key)) continue;
    await storage.delete(obj.key);
    removed += 1;
  }
  if (removed) deps.log.info({ removed }, 'media storage: removed leftovers of interrupted uploads');
  return { removed };
}

/** How often the sweep runs (a recurring durable job: one run per period across all instances). */
export const STORAGE_SWEEP_EVERY_MS = 6 * 3600_000;

/** Makes the sweep a recurring job; its first run is queued when the job runner starts. */
export function scheduleStorageSweep(deps: Pick<Deps, 'jobs' | 'storage' | 'log'>): void {
  // the sweep reads through the job's transaction (SQLite has one connection, which the job holds)
  deps.jobs.every('storage.sweep', STORAGE_SWEEP_EVERY_MS, async (trx) => void (await sweepStorageLeftovers({ ...deps, db: trx })));
}
