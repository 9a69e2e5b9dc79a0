import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

/**
 * A search answers from the postcards as they are now: an edit, an approval, a ban or a deletion
 * shows in the very next search; a pending postcard, or one outside the gallery, is never found
 * (docs/PRODUCT-RULES.md, Search).
 */
let t: TestApp;
let mod: Awaited<ReturnType<typeof signUpAs>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: t.config.galleryCollectionId, name: 'Галерея' });
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const found = async (q: string, who = client(t.app)): Promise<number[]> => {
  const res = await who.get(`/api/gallery?q=${encodeURIComponent(q)}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: number }[] }).items.map((i) => i.id);
};
const titled = async (id: number, title: string, description: string) => {
  await t.db.updateTable('image_relations').set({ title, description }).where('id', '=', id).execute();
};

describe('search freshness and visibility', () => {
  it('never finds a pending postcard, for anyone; finds it at once when approved, and not at all once banned', async () => {
    const p = await makePostcard(t, { userId: owner.user.id, collectionId: t.config.galleryCollectionId });
    await titled(p.id, 'Жирафы на закате', 'Жирафы гуляют по саванне');
    expect(await found('жирафы')).toEqual([]);
    expect(await found('жирафы', other)).toEqual([]);
    expect(await found('жирафы', owner)).toEqual([]);
    expect((await mod.post(`/api/moderation/${p.id}/approve`)).statusCode).toBe(200);
    expect(await found('жираф')).toEqual([p.id]);
    expect(await found('жирафов')).toEqual([p.id]);
    expect((await mod.post(`/api/moderation/${p.id}/ban`)).statusCode).toBe(200);
    expect(await found('жираф')).toEqual([]);
  });

  it('never finds an approved postcard of a channel outside the gallery', async () => {
    const channel = await makeChannel(t, owner.user.id);
    const p = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    await titled(p.id, 'Бегемоты в реке', 'Личная открытка');
    expect(await found('бегемоты')).toEqual([]);
    expect(await found('бегемоты', owner)).toEqual([]);
  });

  it('finds an edited description, credit and category at once, and no longer the old words', async () => {
    const p = await makePostcard(t, { userId: owner.user.id, collectionId: t.config.galleryCollectionId, approved: true });
    await titled(p.id, 'Открытка для бабушки', 'Пингвины катаются с горки');
    expect(await found('пингвины')).toEqual([p.id]);
    // asked before any postcard has the word (what is learnt of a word lasts only until a write changes the words)
    expect(await found('фламинго')).toEqual([]);
    expect(await found('фламенго')).toEqual([]);
    const edited = await owner.patch(`/api/image_relations/${p.id}`, { description: 'Фламинго стоят на одной ноге', author_name: 'Мастерская Кукушкиной' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('пингвины')).toEqual([]);
    expect(await found('фламинго')).toEqual([p.id]);
    expect(await found('фламенго')).toEqual([p.id]);
    expect(await found('кукушкиной')).toEqual([p.id]);
    const category = await makeCategory(t, mod.user.id, { name: 'Черепахи' });
    expect(await found('черепахи')).toEqual([]);
    await t.db.updateTable('image_relations').set({ category_id: category.id }).where('id', '=', p.id).execute();
    expect(await found('черепаха')).toEqual([p.id]);
  });

  it('no longer finds a deleted postcard', async () => {
    const p = await makePostcard(t, { userId: owner.user.id, collectionId: t.config.galleryCollectionId, approved: true });
    await titled(p.id, 'Кенгуру с сумкой', 'Прыгает высоко');
    expect(await found('кенгуру')).toEqual([p.id]);
    expect((await owner.delete(`/api/image_relations/${p.id}`)).statusCode).toBe(200);
    expect(await found('кенгуру')).toEqual([]);
  });
});
