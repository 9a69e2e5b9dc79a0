import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_SORTS } from '@otkrytka/contract/rules/postcards';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

/** the viewer opens any card of a gallery listing, however deep, with its neighbours. */
let t: TestApp;
const anon = () => client(t.app);
const COUNT = 620;
const filters: Record<string, string> = {};
let pending: { id: number };
let banned: { id: number };
let outside: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
  const group = await makeGroup(t, mod.user.id, { name: 'Праздники' });
  const catA = await makeCategory(t, mod.user.id, { name: 'Новый год', groupId: group.id });
  const catB = await makeCategory(t, mod.user.id, { name: 'Весна', groupId: group.id });
  const catC = await makeCategory(t, mod.user.id, { name: 'Осень' });
  filters.none = '';
  filters.category = `&category=${catA.id}`;
  filters.group = `&group=${group.id}`;
  const now = t.clock.now().getTime();
  // one card every 3 minutes going back: the newest ~480 are within the last day
  for (let i = 0; i < COUNT; i++) {
    const p = await makePostcard(t, {
      userId: mod.user.id,
      collectionId: 9,
      approved: true,
      categoryId: [catA.id, catB.id, catC.id][i % 3]!,
      createdAt: new Date(now - i * 180_000 - 1000).toISOString(),
    });
    // likes with many ties, so the id breaks them
    await t.db.updateTable('image_relations').set({ likes_count: (i * 7) % 13 }).where('id', '=', p.id).execute();
  }
  pending = await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: false, categoryId: catA.id });
  banned = await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: true, banned: true, categoryId: catA.id });
  const other = await signUp(t.app);
  await makeChannel(t, other.user.id, { id: 5000, name: 'Чужой канал' });
  outside = await makePostcard(t, { userId: other.user.id, collectionId: 5000, approved: true });
}, 120_000);
afterAll(() => t.close());

/** The whole listing in the grid's order, following next_cursor. */
async function listing(q: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor = '';
  for (;;) {
    const res = await anon().get(`/api/gallery?limit=100${q}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { id: number }[]; next_cursor: string | null };
    ids.push(...page.items.map((p) => p.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
}

type Window = { items: { id: number }[]; index: number; has_before: boolean; has_after: boolean; total: number };
const window = async (q: string): Promise<Window> => {
  const res = await anon().get(`/api/gallery/window?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/gallery/window', () => {
  for (const sort of GALLERY_SORTS) {
    for (const [name, filter] of Object.entries({ none: 0, category: 1, group: 2 })) {
      it(`holds the grid's neighbours of a card deep in the listing: sort ${sort}, filter ${name}`, async () => {
        const q = `sort=${sort}${filters[name]}`;
        const ids = await listing(`&${q}`);
        expect(ids.length).toBeGreaterThan(filter === 1 ? 150 : 300);
        const at = Math.min(ids.length - 3, filter === 0 ? 550 : Math.floor(ids.length * 0.9));
        const w = await window(`${q}&id=${ids[at]}&before=5&after=7`);
        expect(w.items.map((p) => p.id)).toEqual(ids.slice(at - 5, at + 8));
        expect(w.index).toBe(5);
        expect(w).toMatchObject({ has_before: true, has_after: at + 8 < ids.length, total: ids.length });
      });
    }
  }

  it('stops at both ends of the listing', async () => {
    const ids = await listing('&sort=newest');
    const first = await window(`sort=newest&id=${ids[0]}&before=10&after=3`);
    expect(first).toMatchObject({ index: 0, has_before: false, has_after: true });
    expect(first.items.map((p) => p.id)).toEqual(ids.slice(0, 4));
    const last = await window(`sort=newest&id=${ids.at(-1)}&before=2&after=10`);
    expect(last).toMatchObject({ index: 2, has_before: true, has_after: false });
    expect(last.items.map((p) => p.id)).toEqual(ids.slice(-3));
    // a side not asked for still says whether it has cards
    const middle = await window(`sort=newest&id=${ids[5]}&before=0&after=0`);
    expect(middle).toMatchObject({ items: [{ id: ids[5] }], index: 0, has_before: true, has_after: true });
  });

  it('answers 404 for a card that is not in the listing: pending, banned, another channel, another category, unknown', async () => {
    const ids = await listing('&sort=newest');
    const inC = ids[2]!; // the third card is in the category outside the group
    for (const q of [`id=${pending.id}`, `id=${banned.id}`, `id=${outside.id}`, `id=${inC}${filters.group}`, `id=${inC}${filters.category}`, 'id=2147483647']) {
      const res = await anon().get(`/api/gallery/window?sort=newest&${q}`);
      expect(res.statusCode, q).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    }
  });

  it('refuses bad parameters with 422', async () => {
    for (const q of ['', 'id=0', 'id=abc', `id=${pending.id}&before=51`, `id=${pending.id}&after=-1`, `id=${pending.id}&sort=nope`]) {
      const res = await anon().get(`/api/gallery/window?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });
});
