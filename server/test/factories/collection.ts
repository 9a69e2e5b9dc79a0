import type { TestApp } from '../helpers';
import { nextSeq, now } from './seq';

/** Channels, postcards, categories and groups, through Kysely (no hand-written SQL), every column realistic. */
export async function makeChannel(t: TestApp, ownerId: number, over: { name?: string; id?: number } = {}) {
  const n = nextSeq();
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
  const n = nextSeq();
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

/** Factory: subscribes a user to a channel. */
export async function makeSubscription(t: TestApp, userId: number, collectionId: number) {
  await t.db.insertInto('subscriptions').values({ user_id: userId, collection_id: collectionId, created_at: now() }).execute();
}

export async function makeGroup(t: TestApp, ownerId: number, over: { name?: string; position?: number | null } = {}) {
  const n = nextSeq();
  return t.db
    .insertInto('category_groups')
    .values({ user_id: ownerId, name: over.name ?? `Группа ${n}`, description: null, position: over.position ?? null, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeCategory(
  t: TestApp,
  ownerId: number,
  over: { name?: string; groupId?: number | null; position?: number | null } = {},
) {
  const n = nextSeq();
  return t.db
    .insertInto('categories')
    .values({
      user_id: ownerId,
      name: over.name ?? `Категория ${n}`,
      group_id: over.groupId ?? null,
      position: over.position ?? null,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Factory: credits a postcard's author (name, profile link, source site) as an import would. */
export async function creditAuthor(
  t: TestApp,
  postcardId: number,
  a: { name?: string | null; url?: string | null; site?: string | null },
) {
  await t.db
    .updateTable('image_relations')
    .set({ author_name: a.name ?? null, author_url: a.url ?? null, source_site: a.site ?? null })
    .where('id', '=', postcardId)
    .execute();
}
