import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUpAs, type TestApp } from './helpers';

/**
 * The viewer opened from a search walks the search's results (`GET /api/gallery/window?q=`): the
 * same postcards in the same order as `GET /api/gallery?q=`, by relevance unless another sort is
 * asked; a card the search does not list is 404.
 */
let t: TestApp;
const anon = () => client(t.app);
const COUNT = 30;
let unmatched: number;
let pending: number;

beforeAll(async () => {
  t = await createTestApp();
  const mod = await signUpAs(t, 22);
  const gallery = t.config.galleryCollectionId;
  await makeChannel(t, mod.user.id, { id: gallery, name: 'Галерея' });
  const now = t.clock.now().getTime();
  const make = async (i: number, title: string, description: string, approved = true) => {
    const p = await makePostcard(t, { userId: mod.user.id, collectionId: gallery, approved, createdAt: new Date(now - (i + 1) * 60_000).toISOString() });
    await t.db.updateTable('image_relations').set({ title, description, likes_count: (i * 7) % 5 }).where('id', '=', p.id).execute();
    return p.id;
  };
  // every third names the flowers in its title (ranked first), the rest in the text only
  for (let i = 0; i < COUNT; i++) await make(i, i % 3 ? `Букет ${i}` : `Тюльпаны ${i}`, `Весенние тюльпаны, номер ${i}`);
  unmatched = await make(COUNT, 'Розы', 'Красные розы');
  pending = await make(COUNT + 1, 'Тюльпаны на проверке', 'Ждут модератора', false);
}, 60_000);
afterAll(() => t.close());

const Q = encodeURIComponent('тюльпаны');
async function results(sort: string): Promise<number[]> {
  const res = await anon().get(`/api/gallery?q=${Q}&limit=100${sort ? `&sort=${sort}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: number }[] }).items.map((p) => p.id);
}
type Window = { items: { id: number }[]; index: number; has_before: boolean; has_after: boolean; total: number };

describe('GET /api/gallery/window with q', () => {
  for (const sort of ['', 'relevance', 'newest', 'popular']) {
    it(`holds the results' neighbours of a card, in the results' order (sort ${sort || 'by default'})`, async () => {
      const ids = await results(sort);
      expect(ids).toHaveLength(COUNT);
      const at = 17;
      const res = await anon().get(`/api/gallery/window?q=${Q}${sort ? `&sort=${sort}` : ''}&id=${ids[at]}&before=4&after=6`);
      expect(res.statusCode, res.body).toBe(200);
      const w = res.json() as Window;
      expect(w.items.map((p) => p.id)).toEqual(ids.slice(at - 4, at + 7));
      expect(w).toMatchObject({ index: 4, has_before: true, has_after: true, total: COUNT });
      const last = (await anon().get(`/api/gallery/window?q=${Q}${sort ? `&sort=${sort}` : ''}&id=${ids[COUNT - 1]}&before=2&after=2`)).json() as Window;
      expect(last.items.map((p) => p.id)).toEqual(ids.slice(COUNT - 3));
      expect(last).toMatchObject({ index: 2, has_before: true, has_after: false });
    });
  }

  it('is 404 for a card the search does not list (another word, or pending)', async () => {
    for (const id of [unmatched, pending]) expect((await anon().get(`/api/gallery/window?q=${Q}&id=${id}`)).statusCode).toBe(404);
    // without q the same card is in the listing
    expect((await anon().get(`/api/gallery/window?id=${unmatched}`)).statusCode).toBe(200);
  });
});
