import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makePostcard } from './factories/collection';
import { type Client, client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

/**
 * Searching a channel's postcards (`GET /api/collections/{id}/postcards?q=`): word forms, a typo
 * and the wrong keyboard layout as in the gallery; only the channel's approved postcards, for its
 * owner and the moderator too; the viewer's window walks the results in their order
 * (docs/PRODUCT-RULES.md, Search in a channel).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let mod: Awaited<ReturnType<typeof signUpAs>>;
let channelId: number;
let categoryId: number;
const ids: Record<'title' | 'text' | 'other' | 'pending' | 'banned' | 'elsewhere' | 'inCategory', number> = {} as never;
const anon = () => client(t.app);

async function card(channel: number, title: string, description: string, o: { approved?: boolean; banned?: boolean; categoryId?: number; minutesAgo: number }) {
  const createdAt = new Date(t.clock.now().getTime() - o.minutesAgo * 60_000).toISOString();
  const p = await makePostcard(t, { userId: owner.user.id, collectionId: channel, approved: o.approved ?? true, banned: o.banned ?? false, categoryId: o.categoryId ?? null, createdAt });
  await t.db.updateTable('image_relations').set({ title, description }).where('id', '=', p.id).execute();
  return p.id;
}

beforeAll(async () => {
  t = await createTestApp();
  mod = await signUpAs(t, 22);
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  channelId = (await makeChannel(t, owner.user.id, { name: 'Цветы для своих' })).id;
  categoryId = (await makeCategory(t, owner.user.id, { name: 'Весна' })).id;
  const elsewhere = (await makeChannel(t, stranger.user.id)).id;
  // the title's match ranks above the description's, though it is older
  ids.title = await card(channelId, 'Тюльпаны для мамы', 'Букет к празднику', { minutesAgo: 30 });
  ids.text = await card(channelId, 'Букет', 'Жёлтые тюльпаны в вазе', { minutesAgo: 20 });
  ids.inCategory = await card(channelId, 'Весенний букет', 'Нежные тюльпаны', { minutesAgo: 25, categoryId });
  ids.other = await card(channelId, 'Розы', 'Красные розы на день рождения', { minutesAgo: 10 });
  ids.pending = await card(channelId, 'Тюльпаны на подоконнике', 'Ждут проверки', { approved: false, minutesAgo: 5 });
  ids.banned = await card(channelId, 'Тюльпаны запрещённые', 'Снятая открытка', { banned: true, minutesAgo: 5 });
  ids.elsewhere = await card(elsewhere, 'Тюльпаны чужие', 'Из другого канала', { minutesAgo: 1 });
});
afterAll(() => t.close());

async function search(who: Client, q: string, extra = ''): Promise<{ ids: number[]; total: number }> {
  const res = await who.get(`/api/collections/${channelId}/postcards?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as { items: { id: number }[]; total: number };
  return { ids: page.items.map((p) => p.id), total: page.total };
}

describe('search in a channel', () => {
  it('finds the channel’s approved postcards by word form, typo and wrong layout, best matches first', async () => {
    const all = [ids.title, ids.text, ids.inCategory];
    // relevance: the title's match first; then newest among equals
    expect(await search(anon(), 'тюльпаны')).toEqual({ ids: [ids.title, ids.text, ids.inCategory], total: 3 });
    expect((await search(anon(), 'тюльпан')).ids.sort()).toEqual([...all].sort());
    expect((await search(anon(), 'тюльпанны')).ids.sort()).toEqual([...all].sort());
    expect((await search(anon(), 'n.kmgfys')).ids.sort()).toEqual([...all].sort());
    expect(await search(anon(), 'ltym hj;ltybz')).toEqual({ ids: [ids.other], total: 1 });
    // the channel's filters still apply, and paging follows the results
    expect(await search(anon(), 'тюльпаны', `&category_id=${categoryId}`)).toEqual({ ids: [ids.inCategory], total: 1 });
    expect(await search(anon(), 'тюльпаны', '&offset=1&limit=1')).toEqual({ ids: [ids.text], total: 3 });
  });

  it('never finds a pending or banned postcard, nor another channel’s, whoever searches', async () => {
    for (const who of [anon(), stranger, owner, mod]) {
      const { ids: found } = await search(who, 'тюльпаны', '&approved=false');
      expect(found).not.toContain(ids.pending);
      expect(found).not.toContain(ids.banned);
      expect(found).not.toContain(ids.elsewhere);
    }
    // the owner still browses the pending one
    const browsed = await owner.get(`/api/collections/${channelId}/postcards`);
    expect((browsed.json() as { items: { id: number }[] }).items.map((p) => p.id)).toContain(ids.pending);
  });

  it('finds nothing for words the channel does not have, and 404 for a channel that is not there', async () => {
    expect(await search(anon(), 'бегемот')).toEqual({ ids: [], total: 0 });
    expect(await search(anon(), 'чужие')).toEqual({ ids: [], total: 0 });
    expect((await anon().get('/api/collections/999999/postcards?q=тюльпаны')).statusCode).toBe(404);
  });

  it('gives the viewer a window over the results in their order; a card the search does not list is 404', async () => {
    const res = await anon().get(`/api/collections/${channelId}/window?q=${encodeURIComponent('тюльпаны')}&id=${ids.text}&before=5&after=5`);
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json() as { items: { id: number }[]; index: number; has_before: boolean; has_after: boolean; total: number };
    expect(w).toMatchObject({ index: 1, has_before: false, has_after: false, total: 3 });
    expect(w.items.map((p) => p.id)).toEqual([ids.title, ids.text, ids.inCategory]);
    const narrow = await anon().get(`/api/collections/${channelId}/window?q=${encodeURIComponent('тюльпаны')}&id=${ids.text}&before=0&after=0`);
    expect(narrow.json()).toMatchObject({ index: 0, has_before: true, has_after: true, total: 3 });
    for (const id of [ids.pending, ids.other]) {
      expect((await owner.get(`/api/collections/${channelId}/window?q=${encodeURIComponent('тюльпаны')}&id=${id}`)).statusCode).toBe(404);
    }
  });

  it('is not counted among the gallery’s frequent searches', async () => {
    const counted = await sql<{ query: string }>`select query from search_queries`.execute(t.db);
    expect(counted.rows.map((r) => r.query)).not.toContain('тюльпаны');
  });
});
