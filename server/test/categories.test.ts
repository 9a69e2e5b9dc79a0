import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let me: User;
let other: User;
beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const names = (list: { name: string }[]) => list.map((c) => c.name);

describe('categories', () => {
  it('creates a category with or without a group; new ones come last', async () => {
    const u = await signUp(t.app);
    const g = (await u.post('/api/category-groups', { name: 'Праздники' })).json();
    const a = await u.post('/api/categories', { name: '  Новый год  ', group_id: g.id });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ name: 'Новый год', group_id: g.id, position: null, user_id: u.user.id });
    const b = (await u.post('/api/categories', { name: 'Без группы' })).json();
    expect(b.group_id).toBeNull();
    expect(names((await u.get('/api/categories')).json())).toEqual(['Новый год', 'Без группы']);
  });

  it('refuses an empty trimmed name, and a group that is not mine', async () => {
    const res = await me.post('/api/categories', { name: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('name: categories.errors.nameRequired');
    const foreign = await makeGroup(t, other.user.id);
    const bad = await me.post('/api/categories', { name: 'Чужая группа', group_id: foreign.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('group_id: Unknown group');
  });

  it('orders by position first, then those without a position by id', async () => {
    const u = await signUp(t.app);
    const c1 = await makeCategory(t, u.user.id, { name: 'c1' });
    await makeCategory(t, u.user.id, { name: 'c2', position: 5 });
    await makeCategory(t, u.user.id, { name: 'c3', position: 1 });
    const c4 = await makeCategory(t, u.user.id, { name: 'c4' });
    await makeCategory(t, u.user.id, { name: 'c5', position: 1 });
    expect(names((await u.get('/api/categories')).json())).toEqual(['c3', 'c5', 'c2', 'c1', 'c4']);
    expect(c1.id).toBeLessThan(c4.id);
  });

  it('renames, regroups and moves a category; only its owner may (anonymous 401, other 403)', async () => {
    const g = await makeGroup(t, me.user.id);
    const c = await makeCategory(t, me.user.id, { name: 'Было' });
    expect((await client(t.app).patch(`/api/categories/${c.id}`, { name: 'Стало' })).statusCode).toBe(401);
    expect((await other.patch(`/api/categories/${c.id}`, { name: 'Стало' })).statusCode).toBe(403);
    const res = await me.patch(`/api/categories/${c.id}`, { name: 'Стало', group_id: g.id, position: 3 });
    expect(res.json()).toMatchObject({ name: 'Стало', group_id: g.id, position: 3 });
    expect((await me.patch(`/api/categories/${c.id}`, { group_id: null })).json()).toMatchObject({ name: 'Стало', group_id: null, position: 3 });
    expect((await me.patch(`/api/categories/${c.id}`, { name: ' ' })).statusCode).toBe(422);
    expect((await me.patch('/api/categories/999999', { name: 'Нет' })).statusCode).toBe(404);
  });

  it('deletes an unused category; only its owner may', async () => {
    const c = await makeCategory(t, me.user.id);
    expect((await client(t.app).delete(`/api/categories/${c.id}`)).statusCode).toBe(401);
    expect((await other.delete(`/api/categories/${c.id}`)).statusCode).toBe(403);
    expect((await me.delete(`/api/categories/${c.id}`)).json()).toEqual({ success: true });
    expect((await me.get('/api/categories')).json().map((x: { id: number }) => x.id)).not.toContain(c.id);
  });

  it('refuses to delete a category with postcards: 409 with message, first ids, shown and total counts', async () => {
    const c = await makeCategory(t, me.user.id);
    const ch = await makeChannel(t, me.user.id);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await makePostcard(t, { userId: me.user.id, collectionId: ch.id, categoryId: c.id })).id);
    const res = await me.delete(`/api/categories/${c.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CATEGORY_IN_USE',
      detail: {
        message: 'Cannot delete the category: 12 postcard(s) still use it. Move or delete them first.',
        postcard_ids: ids.slice(0, 10),
        showing_first: 10,
        total_count: 12,
      },
    });
    expect((await me.get('/api/categories')).json().map((x: { id: number }) => x.id)).toContain(c.id);
  });
});

describe('groups', () => {
  it('creates a group with an optional description; empty trimmed name refused', async () => {
    const res = await me.post('/api/category-groups', { name: 'Семья', description: 'Мама, папа\nи все-все' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Семья', description: 'Мама, папа\nи все-все', position: null });
    expect((await me.post('/api/category-groups', { name: 'Без описания' })).json().description).toBeNull();
    expect((await me.post('/api/category-groups', { name: '  ' })).json().detail).toBe('name: categories.errors.nameRequired');
    expect((await client(t.app).post('/api/category-groups', { name: 'Аноним' })).statusCode).toBe(401);
  });

  it('edits a group; only its owner may', async () => {
    const g = await makeGroup(t, me.user.id);
    expect((await client(t.app).patch(`/api/category-groups/${g.id}`, { name: 'Х' })).statusCode).toBe(401);
    expect((await other.patch(`/api/category-groups/${g.id}`, { name: 'Х' })).statusCode).toBe(403);
    const res = await me.patch(`/api/category-groups/${g.id}`, { name: 'Друзья', description: 'Коллеги тоже', position: 2 });
    expect(res.json()).toMatchObject({ name: 'Друзья', description: 'Коллеги тоже', position: 2 });
    expect((await me.patch(`/api/category-groups/${g.id}`, { description: null })).json()).toMatchObject({ name: 'Друзья', description: null });
  });

  it('deleting a group leaves its categories without a group; only its owner may', async () => {
    const g = await makeGroup(t, me.user.id);
    const c = await makeCategory(t, me.user.id, { groupId: g.id });
    expect((await client(t.app).delete(`/api/category-groups/${g.id}`)).statusCode).toBe(401);
    expect((await other.delete(`/api/category-groups/${g.id}`)).statusCode).toBe(403);
    expect((await me.delete(`/api/category-groups/${g.id}`)).json()).toEqual({ success: true });
    const grouped = (await me.get('/api/categories/grouped')).json();
    expect(grouped.groups.map((x: { id: number }) => x.id)).not.toContain(g.id);
    expect(grouped.categories_without_group.map((x: { id: number }) => x.id)).toContain(c.id);
    expect((await me.delete(`/api/category-groups/${g.id}`)).statusCode).toBe(404);
  });
});

describe('grouped categories and a drag', () => {
  it('answers groups in order, each with its categories in order, and the ungrouped ones', async () => {
    const u = await signUp(t.app);
    const g1 = await makeGroup(t, u.user.id, { name: 'g1' });
    const g2 = await makeGroup(t, u.user.id, { name: 'g2', position: 0 });
    await makeCategory(t, u.user.id, { name: 'a', groupId: g1.id });
    await makeCategory(t, u.user.id, { name: 'b', groupId: g1.id, position: 0 });
    await makeCategory(t, u.user.id, { name: 'c', groupId: g2.id });
    await makeCategory(t, u.user.id, { name: 'd' });
    const res = (await u.get('/api/categories/grouped')).json();
    expect(res.groups.map((g: { name: string }) => g.name)).toEqual(['g2', 'g1']);
    expect(names(res.groups[1].categories)).toEqual(['b', 'a']);
    expect(names(res.groups[0].categories)).toEqual(['c']);
    expect(names(res.categories_without_group)).toEqual(['d']);
    expect(names((await u.get('/api/category-groups')).json())).toEqual(['g2', 'g1']);
  });

  it('saves a cross-group drag in one transaction and the order survives a new read', async () => {
    const u = await signUp(t.app);
    const g1 = await makeGroup(t, u.user.id, { name: 'g1', position: 0 });
    const g2 = await makeGroup(t, u.user.id, { name: 'g2', position: 1 });
    const a = await makeCategory(t, u.user.id, { name: 'a', groupId: g1.id, position: 0 });
    const b = await makeCategory(t, u.user.id, { name: 'b', groupId: g1.id, position: 1 });
    const c = await makeCategory(t, u.user.id, { name: 'c', groupId: g2.id, position: 0 });
    // move "b" to the top of g2 and swap the groups
    const res = await u.put('/api/categories/order', {
      groups: [
        { id: g2.id, position: 0 },
        { id: g1.id, position: 1 },
      ],
      categories: [
        { id: b.id, group_id: g2.id, position: 0 },
        { id: c.id, group_id: g2.id, position: 1 },
        { id: a.id, group_id: g1.id, position: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = (await u.get('/api/categories/grouped')).json();
    expect(after).toEqual(res.json());
    expect(after.groups.map((g: { name: string }) => g.name)).toEqual(['g2', 'g1']);
    expect(names(after.groups[0].categories)).toEqual(['b', 'c']);
    expect(names(after.groups[1].categories)).toEqual(['a']);
  });

  it('rolls the whole drag back when any item is not mine (403) or names a foreign group (422)', async () => {
    const u = await signUp(t.app);
    const g = await makeGroup(t, u.user.id, { position: 0 });
    const mine = await makeCategory(t, u.user.id, { name: 'mine', position: 0 });
    const theirs = await makeCategory(t, other.user.id, { name: 'theirs' });
    const before = (await u.get('/api/categories/grouped')).json();
    const res = await u.put('/api/categories/order', {
      groups: [{ id: g.id, position: 7 }],
      categories: [
        { id: mine.id, group_id: g.id, position: 3 },
        { id: theirs.id, group_id: null, position: 0 },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect((await u.get('/api/categories/grouped')).json()).toEqual(before);
    const foreignGroup = await makeGroup(t, other.user.id);
    const bad = await u.put('/api/categories/order', { categories: [{ id: mine.id, group_id: foreignGroup.id, position: 0 }] });
    expect(bad.statusCode).toBe(422);
    expect((await u.get('/api/categories/grouped')).json()).toEqual(before);
    expect((await client(t.app).put('/api/categories/order', { groups: [] })).statusCode).toBe(401);
  });
});

describe('reading someone’s categories', () => {
  it('anyone reads a channel owner’s categories by collection_id; mine need sign-in', async () => {
    const owner = await signUp(t.app);
    const ch = await makeChannel(t, owner.user.id);
    const g = await makeGroup(t, owner.user.id, { name: 'Открытая группа' });
    await makeCategory(t, owner.user.id, { name: 'Видна всем', groupId: g.id });
    const anon = client(t.app);
    expect(names((await anon.get(`/api/categories?collection_id=${ch.id}`)).json())).toEqual(['Видна всем']);
    expect(names((await anon.get(`/api/category-groups?collection_id=${ch.id}`)).json())).toEqual(['Открытая группа']);
    expect(names((await anon.get(`/api/categories/grouped?collection_id=${ch.id}`)).json().groups[0].categories)).toEqual(['Видна всем']);
    expect((await anon.get('/api/categories')).statusCode).toBe(401);
    expect((await anon.get('/api/categories/grouped')).statusCode).toBe(401);
    expect((await anon.get('/api/categories?collection_id=999999')).statusCode).toBe(404);
    // my own list never includes someone else's
    expect(names((await me.get('/api/categories')).json())).not.toContain('Видна всем');
  });
});
