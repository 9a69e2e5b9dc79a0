import type { TestApp } from './helpers';

/**
 * Factories for rows other suites need before their own API exists. They go through Kysely
 * (no hand-written SQL) and fill every column with realistic values.
 */
let n = 0;
const now = () => new Date().toISOString();

export async function makeChannel(t: TestApp, ownerId: number, over: { name?: string; id?: number } = {}) {
  n += 1;
  return t.db
    .insertInto('collections')
    .values({ ...(over.id ? { id: over.id } : {}), user_id: ownerId, name: over.name ?? `Канал ${n}`, description: null, created_at: now() } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makePostcard(
  t: TestApp,
  o: { userId: number; collectionId: number; approved?: boolean; banned?: boolean; categoryId?: number | null; createdAt?: string },
) {
  n += 1;
  return t.db
    .insertInto('image_relations')
    .values({
      user_id: o.userId,
      collection_id: o.collectionId,
      upload_id: null,
      category_id: o.categoryId ?? null,
      title: `Открытка ${n}`,
      description: `Описание открытки номер ${n}`,
      file_name: `card-${n}.jpg`,
      storage_key: `test/card-${n}.jpg`,
      media_kind: 'image',
      width: 1080,
      height: 1920,
      is_approved: o.approved ? 1 : 0,
      is_banned: o.banned ? 1 : 0,
      author_name: null,
      author_url: null,
      source_site: null,
      created_at: o.createdAt ?? now(),
      moderated_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Factory: moves energy (or any asset) through the ledger, as the game would. */
export async function grantAsset(t: TestApp, userId: number, asset: 'yang' | 'yin', delta: number) {
  const { applyLedger } = await import('../src/modules/game/ledger');
  await t.db.transaction().execute((trx) => applyLedger(trx, [{ userId, asset, delta, reason: 'test_grant' }], now()));
}

/** Factory: subscribes a user to a channel. */
export async function makeSubscription(t: TestApp, userId: number, collectionId: number) {
  await t.db.insertInto('subscriptions').values({ user_id: userId, collection_id: collectionId, created_at: now() }).execute();
}
