import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeCategory, makeChannel, makePostcard } from './factories/collection';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';

/**
 * PostgreSQL bumps a listing's version at commit, once per transaction (migration 0064), so the
 * rows every gallery write touches are not held locked across a transaction's round trips.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const versionOf = async (scope: string) =>
  (await t.db.selectFrom('gallery_versions').select('version').where('scope', '=', scope).executeTakeFirst())?.version ?? 0;

it.runIf(onPostgres)('a transaction bumps each listing it changed once, at commit: others see the old version until then', async () => {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  const category = await makeCategory(t, owner.user.id, { name: 'Весна' });
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push((await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, categoryId: category.id })).id);
  const scopes = [`c${channel.id}`, `c${channel.id}:k${category.id}`];
  const before = await Promise.all(scopes.map(versionOf));

  await t.db.transaction().execute(async (trx) => {
    // two statements over five postcards
    await trx.updateTable('image_relations').set({ likes_count: sql`likes_count + 1` }).where('id', 'in', ids).execute();
    await trx.updateTable('image_relations').set({ bookmarks_count: sql`bookmarks_count + 1` }).where('id', 'in', ids).execute();
    // another connection still reads the versions of before, and nothing is locked yet
    expect(await Promise.all(scopes.map(versionOf))).toEqual(before);
  });

  expect(await Promise.all(scopes.map(versionOf))).toEqual(before.map((v) => v + 1));
});
