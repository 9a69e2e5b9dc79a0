import { type MediaKind, RENDITIONS, type ScreenRendition, UPLOAD_MAX_BYTES } from '@otkrytka/contract';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { MediaError, type Renditions } from '../../platform/media';
import type { Storage } from '../../platform/storage';
import { previewKey, screenRenditionKey, videoPreviewKey } from './media-keys';

/** Stores a file's renditions beside its original. */
export async function storeRenditions(storage: Storage, storageKey: string, r: Renditions): Promise<void> {
  await Promise.all([
    ...Object.entries(r.screen).map(([name, bytes]) => storage.put(screenRenditionKey(storageKey, name as ScreenRendition), bytes)),
    r.video && storage.put(videoPreviewKey(storageKey), r.video),
    r.stillThumb && storage.put(previewKey(storageKey, 'thumb'), r.stillThumb),
  ]);
}

/**
 * The `renditions` state of a freshly processed file: pending when they could not be made here
 * (a video on a server without ffmpeg), impossible for a video whose preview would not fit its limit.
 */
export function renditionsState(kind: MediaKind, r: Renditions | null): number {
  if (!r) return RENDITIONS.pending;
  if (kind === 'video' && !r.video) return RENDITIONS.impossible;
  return RENDITIONS.made;
}

const LARGEST_ORIGINAL = Math.max(...Object.values(UPLOAD_MAX_BYTES));

async function readOriginal(storage: Storage, key: string): Promise<Buffer | null> {
  const obj = await storage.get(key);
  if (!obj || obj.size > LARGEST_ORIGINAL) {
    obj?.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of obj.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Makes the renditions of up to `batch` files stored before renditions existed, outside any
 * transaction (media work takes seconds; SQLite has one writer). Resumable: each file's rows record
 * when it is done, so a restart carries on. Two instances may make the same file at once, which is
 * harmless (same bytes, same row update). Answers how many files it settled.
 */
export async function backfillRenditions(deps: Pick<Deps, 'db' | 'storage' | 'media' | 'log'>, batch = 10): Promise<number> {
  const kinds: MediaKind[] = (await deps.media.hasFfmpeg()) ? ['image', 'gif', 'video'] : ['image', 'gif'];
  const pending = await deps.db
    .selectFrom('image_relations')
    .select(['storage_key', 'media_kind'])
    // a literal, not a parameter, so the partial index of pending rows (0063) can serve it
    .where('renditions', '=', sql.lit(RENDITIONS.pending))
    .where('has_preview', '=', 1)
    .where('media_kind', 'in', kinds)
    .groupBy(['storage_key', 'media_kind'])
    .limit(batch)
    .execute();
  let settled = 0;
  for (const file of pending) {
    let state: number = RENDITIONS.impossible;
    try {
      const original = await readOriginal(deps.storage, file.storage_key);
      const made = original && (await deps.media.renditions(original, file.media_kind));
      if (made) {
        await storeRenditions(deps.storage, file.storage_key, made);
        state = renditionsState(file.media_kind, made);
      }
    } catch (e) {
      // a busy pool or a storage failure: try again next round
      if (!(e instanceof MediaError) || e.reason === 'busy') {
        deps.log.warn({ err: e, key: file.storage_key }, 'renditions: will retry');
        break;
      }
    }
    for (const table of ['image_relations', 'uploads'] as const) {
      await deps.db
        .updateTable(table)
        .set({ renditions: state })
        .where('storage_key', '=', file.storage_key)
        .where('renditions', '=', RENDITIONS.pending)
        .execute();
    }
    settled += 1;
  }
  return settled;
}

/** Pause between backfill rounds when nothing is left, and after a round cut short. */
const IDLE_MS = 10 * 60_000;

/**
 * Runs the backfill in the background from server start: round after round while files are pending,
 * then every IDLE_MS (postcards copied from old uploads). Answers a stop function.
 */
export function startRenditionBackfill(deps: Pick<Deps, 'db' | 'storage' | 'media' | 'log'>, batch = 10): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    let settled = 0;
    try {
      settled = await backfillRenditions(deps, batch);
      if (settled) deps.log.info({ settled }, 'renditions: made for earlier files');
    } catch (err) {
      deps.log.warn({ err }, 'renditions: backfill round failed');
    }
    if (!stopped) timer = setTimeout(() => void round(), settled === batch ? 0 : IDLE_MS).unref();
  };
  timer = setTimeout(() => void round(), 5_000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
