import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_SORTS, type GallerySort } from '@otkrytka/contract/rules/postcards';
import { buildApp } from '../../src/app';
import { galleryService } from '../../src/modules/gallery/service';
import { makeCategory, makeChannel, makeGroup, makePostcard } from '../factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from '../helpers';

/**
 * A cache never changes an answer: for random sequences of gallery requests over every filter
 * (sort, category, group, both, cursor, signed in or not) mixed with writes, the answer of the
 * caching app equals the answer of an app with the cache off, and both equal a plain reference
 * query. CI runs GALLERY_CACHE_RUNS sequences (on PostgreSQL too: `npm run test:pg`);
 * `npm run fuzz` runs many more.
 */
const RUNS = Number(process.env.GALLERY_CACHE_RUNS ?? (process.env.FUZZ_RUNS ? Math.max(200, Number(process.env.FUZZ_RUNS) / 200) : 40));
const HOUR = 3600_000;

let t: TestApp;
let uncached: Awaited<ReturnType<typeof buildApp>>;
let token: string;
const categories: number[] = [];
const groups: number[] = [];
let postcards: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const mod = await signUpAs(t, 22);
  token = (await signUp(t.app)).token!;
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
  const [g1, g2] = [await makeGroup(t, mod.user.id), await makeGroup(t, mod.user.id)];
  groups.push(g1.id, g2.id);
  for (const groupId of [g1.id, g1.id, g2.id, null]) categories.push((await makeCategory(t, mod.user.id, { groupId })).id);
  for (let i = 0; i < 36; i++) {
    const p = await makePostcard(t, {
      userId: mod.user.id,
      collectionId: 9,
      approved: i % 7 !== 0,
      banned: i % 11 === 0,
      categoryId: i % 5 === 4 ? null : categories[i % 4]!,
      createdAt: new Date(t.clock.now().getTime() - (i % 3 === 0 ? i * HOUR : i * 5 * HOUR)).toISOString(),
    });
    postcards.push(p.id);
  }
  // a second app on the same database with its page cache off: what the answer is without a cache
  uncached = await buildApp({ config: t.config, db: t.db, dialect: t.deps.dialect, clock: t.deps.clock, live: t.deps.live });
  galleryService(uncached.deps).useCache(false);
}, 60_000);
afterAll(async () => {
  await uncached?.app.close();
  await t.close();
});

interface Ask {
  sort: GallerySort;
  category?: number;
  group?: number;
  signedIn: boolean;
  /** how many pages to follow next_cursor through */
  pages: number;
  limit: number;
}

/** What the gallery should list, by a plain query: approved, not banned, in channel 9, in the filter, in order. */
async function reference(a: Ask): Promise<number[]> {
  const since = a.sort.endsWith('24h') ? new Date(t.clock.now().getTime() - 24 * HOUR).toISOString() : undefined;
  const groupCategories =
    a.group === undefined ? undefined : (await t.db.selectFrom('categories').select('id').where('group_id', '=', a.group).execute()).map((c) => c.id);
  let q = t.db
    .selectFrom('image_relations')
    .select(['id', 'created_at', 'likes_count'])
    .where('collection_id', '=', 9)
    .where('is_approved', '=', 1)
    .where('is_banned', '=', 0);
  if (a.category !== undefined) q = q.where('category_id', '=', a.category);
  if (groupCategories) q = groupCategories.length ? q.where('category_id', 'in', groupCategories) : q.where('id', '<', 0);
  if (since) q = q.where('created_at', '>=', since);
  const rows = await q.execute();
  const byLikes = a.sort.startsWith('popular');
  rows.sort((x, y) => (byLikes ? y.likes_count - x.likes_count : y.created_at.localeCompare(x.created_at)) || y.id - x.id);
  return rows.map((r) => r.id);
}

/** The ids an app lists for `a`, page after page, with whether each page said there was more. */
async function listing(app: TestApp['app'], a: Ask): Promise<{ ids: number[]; more: boolean[] }> {
  const http = a.signedIn ? client(app, token) : client(app);
  const ids: number[] = [];
  const more: boolean[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < a.pages; i++) {
    const params = new URLSearchParams({ sort: a.sort, limit: String(a.limit) });
    if (a.category !== undefined) params.set('category', String(a.category));
    if (a.group !== undefined) params.set('group', String(a.group));
    if (cursor) params.set('cursor', cursor);
    const res = await http.get(`/api/gallery?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { id: number }[]; next_cursor: string | null; has_more: boolean };
    ids.push(...page.items.map((p) => p.id));
    more.push(page.has_more);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return { ids, more };
}

const ask: fc.Arbitrary<Ask> = fc.record({
  sort: fc.constantFrom(...GALLERY_SORTS),
  category: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
  group: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
  signedIn: fc.boolean(),
  pages: fc.integer({ min: 1, max: 3 }),
  limit: fc.constantFrom(3, 5, 20),
});

type Write = { kind: 'approve' | 'ban' | 'unban' | 'like' | 'move' | 'regroup' | 'add' | 'delete'; pick: number; to: number };
const write: fc.Arbitrary<Write> = fc.record({
  kind: fc.constantFrom('approve', 'ban', 'unban', 'like', 'move', 'regroup', 'add', 'delete'),
  pick: fc.nat(),
  to: fc.nat(),
});

async function apply(w: Write): Promise<void> {
  const id = postcards[w.pick % postcards.length]!;
  const set = (values: Record<string, unknown>) => t.db.updateTable('image_relations').set(values).where('id', '=', id).execute();
  switch (w.kind) {
    case 'approve':
      return void (await set({ is_approved: 1 }));
    case 'ban':
      return void (await set({ is_banned: 1 }));
    case 'unban':
      return void (await set({ is_banned: 0 }));
    case 'like':
      return void (await set({ likes_count: w.to % 9 }));
    case 'move':
      return void (await set({ category_id: w.to % 5 === 4 ? null : categories[w.to % 4]! }));
    case 'regroup': {
      const category = categories[w.pick % categories.length]!;
      const groupId = w.to % 3 === 2 ? null : groups[w.to % 2]!;
      return void (await t.db.updateTable('categories').set({ group_id: groupId }).where('id', '=', category).execute());
    }
    case 'add': {
      const p = await makePostcard(t, { userId: 22, collectionId: 9, approved: true, categoryId: categories[w.to % 4]! });
      postcards.push(p.id);
      return;
    }
    case 'delete':
      await t.db.deleteFrom('image_relations').where('id', '=', id).execute();
      postcards = postcards.filter((p) => p !== id);
      return;
  }
}

describe('the gallery cache never changes an answer', () => {
  it('a category asked within a group is that category, and asking for the category alone afterwards is not poisoned', async () => {
    const [inGroup, , otherGroup] = categories as [number, number, number];
    const group = groups[0]!;
    for (const a of [
      { category: inGroup, group },
      { category: inGroup },
      { category: otherGroup, group },
      { category: otherGroup },
      { group },
    ]) {
      const full: Ask = { sort: 'newest', signedIn: false, pages: 3, limit: 20, ...a };
      expect((await listing(t.app, full)).ids, JSON.stringify(a)).toEqual((await reference(full)).slice(0, 60));
    }
  });

  it('equals the uncached answer and the reference query over random requests mixed with writes', async () => {
    // indices pick real categories and groups; the last index of each asks for none
    const real = (a: Ask): Ask => ({
      ...a,
      category: a.category === undefined || a.category >= categories.length ? undefined : categories[a.category],
      group: a.group === undefined || a.group >= groups.length ? undefined : groups[a.group],
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof({ weight: 3, arbitrary: ask.map((a) => ({ ask: a })) }, { weight: 1, arbitrary: write.map((w) => ({ write: w })) }), { minLength: 4, maxLength: 14 }), async (steps) => {
        for (const step of steps) {
          if ('write' in step) {
            await apply(step.write);
            continue;
          }
          const a = real(step.ask);
          const cached = await listing(t.app, a);
          const plain = await listing(uncached.app, a);
          expect(cached, JSON.stringify(a)).toEqual(plain);
          expect(cached.ids, JSON.stringify(a)).toEqual((await reference(a)).slice(0, a.pages * a.limit));
          // asked again at once: the cache answers, and must answer the same
          expect(await listing(t.app, a), JSON.stringify(a)).toEqual(cached);
        }
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 600_000);
});
