import type { Client, Res, TestApp } from './helpers';
import { publishAll, runGame } from '../src/modules/game/engine';
import { type GameActionEvent, recordGameAction } from '../src/modules/game/hooks';
import { type Asset, applyLedger } from '../src/modules/game/ledger';
import { grantExp } from '../src/modules/game/progression';
import { insertNotification, type NotificationType } from '../src/modules/notifications/notify';
import { ManualClock } from '../src/platform/clock';

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

/** Factory: subscribes a user to a channel. */
export async function makeSubscription(t: TestApp, userId: number, collectionId: number) {
  await t.db.insertInto('subscriptions').values({ user_id: userId, collection_id: collectionId, created_at: now() }).execute();
}

// ── collection: uploads, categories, groups ──

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(data: Buffer, fileName: string, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----otkrytka${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads bytes through the API as the client's user. */
export function uploadFile(c: Pick<Client, 'raw'>, data: Buffer, fileName: string, field = 'file'): Promise<Res> {
  const body = multipartFile(data, fileName, field);
  return c.raw('POST', '/api/uploads/upload', body.payload, body.headers) as Promise<Res>;
}

export async function makeGroup(t: TestApp, ownerId: number, over: { name?: string; position?: number | null } = {}) {
  n += 1;
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
  n += 1;
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

// ─── game layer ──────────────────────────────────────────────────────────────────────────────

/** Factory: credits a player through the ledger (as a game reward would), e.g. yang for production tests. */
export async function grantBalance(t: TestApp, userId: number, asset: Asset, amount: number) {
  await t.db.transaction().execute((trx) => applyLedger(trx, [{ userId, asset, delta: amount, reason: 'test_grant' }], now()));
}

/** Factory: gives a player experience the way game actions do (levels, rewards and notices included). */
export async function giveExperience(t: TestApp, userId: number, exp: number) {
  return runGame(t.deps, userId, (g) => grantExp(g, exp, 'test_grant'));
}

/** Factory: reports a game action as another module would (greetings, sandbox, …). */
export async function reportAction(t: TestApp, event: GameActionEvent) {
  const ids = await t.db.transaction().execute((trx) => recordGameAction(trx, t.deps, event));
  await publishAll(t.deps, event.userId, ids);
  return ids;
}

/** Factory: a stored notification of any type for a player, dated `at` (default now). */
export async function makeNotification(t: TestApp, userId: number, over: { type?: NotificationType; at?: string; read?: boolean } = {}) {
  n += 1;
  const id = await insertNotification(
    t.db,
    { userId, type: over.type ?? 'gift', title: `Уведомление ${n}`, message: `Текст уведомления ${n}` },
    over.at ?? t.deps.clock.now().toISOString(),
  );
  if (over.read) await t.db.updateTable('notifications').set({ is_read: 1 }).where('id', '=', id).execute();
  return id;
}

/**
 * Replaces the game's clock with one that stands still until advanced, so tests can assert exact
 * times (the default test clock follows the wall clock plus an offset). It starts a day ahead of
 * the wall clock, on a whole minute, so rows written by sign-up (wall clock) are in its past.
 */
export function freezeClock(t: TestApp, at?: string): ManualClock {
  const start = at ? Date.parse(at) : Math.floor((Date.now() + 24 * 3600_000) / 60_000) * 60_000;
  const clock = new ManualClock({ now: () => new Date(start) });
  t.deps.clock = clock;
  return clock;
}
