import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: User;
let other: User;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const createChannel = async (u: User, name = 'Мой канал', description?: string) => {
  const res = await u.post('/api/collections', { name, ...(description !== undefined ? { description } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

/** Saves a real upload as a postcard through the API. */
async function addPostcard(u: User, collectionId: number, over: Record<string, unknown> = {}) {
  const up = (await uploadFile(u, fixtures.png, 'card.png')).json();
  const res = await u.post('/api/image_relations', {
    upload_id: up.id,
    collection_id: collectionId,
    description: 'С днём рождения, дорогой друг!',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('creating a channel', () => {
  it('creates with a name and an optional description, owned by me', async () => {
    const ch = await createChannel(owner, '  Праздники  ', 'Открытки к праздникам');
    expect(ch).toMatchObject({
      name: 'Праздники',
      title: 'Праздники',
      description: 'Открытки к праздникам',
      user_id: owner.user.id,
      subscribers_count: 0,
      postcards_count: 0,
      is_owner: true,
      is_subscribed: false,
    });
    const bare = await createChannel(owner, 'Без описания');
    expect(bare.description).toBeNull();
    const empty = await createChannel(owner, 'Пустое описание', '   ');
    expect(empty.description).toBeNull();
  });

  it('refuses a name shorter than 4 characters with 422 and the translated message key', async () => {
    const res = await owner.post('/api/collections', { name: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'name: channels.errors.nameTooShort', code: 'VALIDATION_ERROR', field: 'name' });
    // trimmed first: "  ab  " is two characters
    expect((await owner.post('/api/collections', { name: '  ab   ' })).json().detail).toBe('name: channels.errors.nameTooShort');
    expect((await owner.post('/api/collections', { name: '' })).json().detail).toBe('name: channels.errors.nameRequired');
    expect((await owner.post('/api/collections', {})).json().detail).toBe('name: channels.errors.nameRequired');
    expect((await owner.post('/api/collections', { name: '\u200b\u200b\u200b\u200b' })).json().detail).toBe('name: channels.errors.nameRequired');
    // inside a name (an emoji's joiners) they stay
    const family = await owner.post('/api/collections', { name: '\u200b👨‍👩‍👧 Семья\u200b' });
    expect(family.json()).toMatchObject({ name: '👨‍👩‍👧 Семья' });
    expect((await owner.post('/api/collections', { name: 'abcd' })).statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    expect((await client(t.app).post('/api/collections', { name: 'Чужой канал' })).statusCode).toBe(401);
  });
});

describe('editing and deleting a channel', () => {
  it('lets only the owner edit (anonymous 401, other 403)', async () => {
    const ch = await createChannel(owner, 'Старое имя');
    expect((await client(t.app).patch(`/api/collections/${ch.id}`, { name: 'Новое имя' })).statusCode).toBe(401);
    const denied = await other.patch(`/api/collections/${ch.id}`, { name: 'Новое имя' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    const ok = await owner.patch(`/api/collections/${ch.id}`, { name: 'Новое имя', description: 'Теперь с описанием' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Новое имя', description: 'Теперь с описанием' });
    expect((await owner.get(`/api/collections/${ch.id}`)).json().name).toBe('Новое имя');
    expect((await owner.patch(`/api/collections/${ch.id}`, { name: 'abc' })).statusCode).toBe(422);
    expect((await owner.patch('/api/collections/999999', { name: 'Нет такого' })).statusCode).toBe(404);
  });

  it('lets only the owner delete (anonymous 401, other 403), and takes its postcards with it', async () => {
    const ch = await createChannel(owner, 'На удаление');
    const card = await addPostcard(owner, ch.id);
    expect((await client(t.app).delete(`/api/collections/${ch.id}`)).statusCode).toBe(401);
    expect((await other.delete(`/api/collections/${ch.id}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/collections/${ch.id}`)).statusCode).toBe(200);
    const ok = await owner.delete(`/api/collections/${ch.id}`);
    expect(ok.json()).toEqual({ success: true });
    expect((await owner.get(`/api/collections/${ch.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/image_relations/${card.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/collections/${ch.id}`)).statusCode).toBe(404);
  });

  it('never deletes the public gallery, not even for its owner', async () => {
    const t2 = await createTestApp();
    try {
      const mod = await signUpAs(t2, 22);
      await makeChannel(t2, mod.user.id, { id: 9, name: 'Галерея' });
      const res = await mod.delete('/api/collections/9');
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('The public gallery cannot be deleted');
    } finally {
      await t2.close();
    }
  });
});

describe('my channels and subscriptions', () => {
  it('lists the channels I own, then the ones I follow, with true counts', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    const mine = await createChannel(me, 'Мой первый');
    const theirs = await createChannel(friend, 'Канал друга');
    await createChannel(friend, 'Не подписан');
    await me.post('/api/subscriptions/', { collection_id: theirs.id });
    await addPostcard(friend, theirs.id);

    const list = (await me.get('/api/collections')).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([mine.id, theirs.id]);
    expect(list[0]).toMatchObject({ is_owner: true, is_subscribed: false, subscribers_count: 0, postcards_count: 0 });
    // the friend's postcard waits for moderation: it is not in the listing a follower sees, nor in their count
    expect(list[1]).toMatchObject({ is_owner: false, is_subscribed: true, subscribers_count: 1, postcards_count: 0 });
    expect((await client(t.app).get('/api/collections')).statusCode).toBe(401);
  });

  it('subscribe, check, leave — with the subscriber count always true', async () => {
    const ch = await createChannel(owner, 'Популярный');
    const fans = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const count = async () => (await client(t.app).get(`/api/collections/${ch.id}`)).json().subscribers_count;

    expect((await fans[0]!.get(`/api/subscriptions/?collection_id=${ch.id}&user_id=1&subscriber_id=2`)).json()).toEqual([]);
    const sub = await fans[0]!.post('/api/subscriptions/', { collection_id: ch.id, user_id: 777, subscriber_id: 888 });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ collection_id: ch.id, user_id: fans[0]!.user.id, subscriber_id: fans[0]!.user.id });
    expect(await count()).toBe(1);
    // repeating it changes nothing
    expect((await fans[0]!.post('/api/subscriptions/', { collection_id: ch.id })).statusCode).toBe(201);
    expect(await count()).toBe(1);
    await fans[1]!.post('/api/subscriptions/', { collection_id: ch.id });
    await fans[2]!.post('/api/subscriptions/', { collection_id: ch.id });
    expect(await count()).toBe(3);

    const check = (await fans[0]!.get(`/api/subscriptions/?collection_id=${ch.id}`)).json();
    expect(check).toHaveLength(1);
    expect((await fans[0]!.get(`/api/collections/${ch.id}`)).json().is_subscribed).toBe(true);
    expect((await fans[0]!.get('/api/subscriptions/')).json().map((s: { collection_id: number }) => s.collection_id)).toEqual([ch.id]);

    expect((await fans[1]!.delete(`/api/subscriptions/${ch.id}`)).json()).toEqual({ success: true });
    expect(await count()).toBe(2);
    const again = await fans[1]!.delete(`/api/subscriptions/${ch.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('You are not subscribed to this channel');
    expect(await count()).toBe(2);
    expect((await fans[1]!.get(`/api/subscriptions/?collection_id=${ch.id}`)).json()).toEqual([]);
  });

  it('the owner can neither subscribe to nor leave their own channel', async () => {
    const ch = await createChannel(owner, 'Только мой');
    const sub = await owner.post('/api/subscriptions/', { collection_id: ch.id });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().code).toBe('OWN_CHANNEL');
    expect((await owner.delete(`/api/subscriptions/${ch.id}`)).statusCode).toBe(400);
  });

  it('subscriptions need a signed-in user and an existing channel', async () => {
    const ch = await createChannel(owner, 'Для анонима');
    expect((await client(t.app).post('/api/subscriptions/', { collection_id: ch.id })).statusCode).toBe(401);
    expect((await client(t.app).delete(`/api/subscriptions/${ch.id}`)).statusCode).toBe(401);
    expect((await client(t.app).get('/api/subscriptions/')).statusCode).toBe(401);
    expect((await other.post('/api/subscriptions/', { collection_id: 999999 })).statusCode).toBe(404);
  });

  it('a channel is readable by anyone, with is_subscribed false for visitors', async () => {
    const ch = await createChannel(owner, 'Открытый');
    const res = await client(t.app).get(`/api/collections/${ch.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ch.id, is_owner: false, is_subscribed: false });
    expect((await client(t.app).get('/api/collections/999999')).statusCode).toBe(404);
  });
});

describe('postcard counts stay true', () => {
  it('after add, delete, ban and approval, for the owner and for visitors', async () => {
    const ch = await createChannel(owner, 'Счётчики');
    // the owner counts every postcard of the channel; a visitor only the approved, not banned ones
    const count = async (reader: ReturnType<typeof client>) => (await reader.get(`/api/collections/${ch.id}`)).json().postcards_count;
    const counts = async () => [await count(owner), await count(client(t.app))];
    expect(await counts()).toEqual([0, 0]);
    const a = await addPostcard(owner, ch.id);
    const b = await addPostcard(owner, ch.id);
    expect(await counts()).toEqual([2, 0]);
    await owner.delete(`/api/image_relations/${a.id}`);
    expect(await counts()).toEqual([1, 0]);
    await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, banned: true });
    expect(await counts()).toEqual([2, 0]);
    await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, approved: true });
    expect(await counts()).toEqual([3, 1]);
    expect((await owner.get('/api/collections')).json().find((c: { id: number }) => c.id === ch.id).postcards_count).toBe(3);
    await owner.delete(`/api/image_relations/${b.id}`);
    expect(await counts()).toEqual([2, 1]);
  });
});

describe("a channel's postcards", () => {
  let ch: { id: number };
  let cat: { id: number };
  let cat2: { id: number };
  let grp: { id: number };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ch = await createChannel(owner, 'Фильтры');
    grp = await makeGroup(t, owner.user.id);
    cat = await makeCategory(t, owner.user.id, { groupId: grp.id });
    cat2 = await makeCategory(t, owner.user.id);
    const at = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m)).toISOString();
    ids.approvedA = (await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, approved: true, categoryId: cat.id, createdAt: at(1) })).id;
    ids.pendingA = (await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, categoryId: cat.id, createdAt: at(2) })).id;
    ids.bannedA = (await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, banned: true, categoryId: cat.id, createdAt: at(3) })).id;
    ids.approvedB = (await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, approved: true, categoryId: cat2.id, createdAt: at(4) })).id;
    ids.plain = (await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, createdAt: at(5) })).id;
  });
  const list = (u: ReturnType<typeof client>, q = '') => u.get(`/api/collections/${ch.id}/postcards${q}`);
  const idsOf = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((p) => p.id);
  let mod: Awaited<ReturnType<typeof signUpAs>> | undefined;
  const moderator = async () => (mod ??= await signUpAs(t, 22));

  it('lists only approved postcards, newest first, to visitors (pending ones are moderated first), with the counts', async () => {
    const res = await list(client(t.app));
    expect(idsOf(res)).toEqual([ids.approvedB, ids.approvedA]);
    expect(res.json()).toMatchObject({ total: 2, counts: { approved: 2, pending: 2, banned: 1 }, offset: 0, limit: 100 });
    expect(idsOf(await list(owner))).toEqual(expect.arrayContaining([ids.plain, ids.pendingA]));
  });

  it('shows banned postcards to the channel owner and the moderator only', async () => {
    expect(idsOf(await list(owner))).toContain(ids.bannedA);
    expect(idsOf(await list(other))).not.toContain(ids.bannedA);
    const mod = await moderator();
    expect(idsOf(await list(mod))).toContain(ids.bannedA);
    expect((await list(owner)).json().total).toBe(5);
  });

  it("gives each reader the channel's postcard count their listing shows: all five to the owner and the moderator, the two approved to others", async () => {
    const mod = await moderator();
    for (const [reader, expected] of [[client(t.app), 2], [other, 2], [owner, 5], [mod, 5]] as const) {
      const channel = (await reader.get(`/api/collections/${ch.id}`)).json();
      expect(channel.postcards_count).toBe(expected);
      expect(channel.postcards_count).toBe((await list(reader)).json().total);
    }
    const mine = (await owner.get('/api/collections')).json() as { id: number; postcards_count: number }[];
    expect(mine.find((c) => c.id === ch.id)?.postcards_count).toBe(5);
    await other.post('/api/subscriptions/', { collection_id: ch.id });
    const followed = (await other.get('/api/collections')).json() as { id: number; postcards_count: number }[];
    expect(followed.find((c) => c.id === ch.id)?.postcards_count).toBe(2);
  });

  it('filters by category with the approved-only view and counts for that category', async () => {
    const approved = await list(other, `?category_id=${cat.id}&approved=true`);
    expect(idsOf(approved)).toEqual([ids.approvedA]);
    expect(approved.json()).toMatchObject({ total: 1, counts: { approved: 1, pending: 1, banned: 1 } });
    const all = await list(owner, `?category_id=${cat.id}&approved=false`);
    expect(idsOf(all)).toContain(ids.pendingA);
    expect(idsOf(await list(other, `?category_id=${cat.id}&approved=false`))).toEqual([ids.approvedA]);
  });

  it('filters by group (categories in it) and pages with offset and limit', async () => {
    expect(idsOf(await list(owner, `?group_id=${grp.id}&approved=true`))).toEqual([ids.approvedA]);
    expect(idsOf(await list(owner, `?group_id=${grp.id}`))).toEqual([ids.bannedA, ids.pendingA, ids.approvedA]);
    const page = await list(other, '?offset=1&limit=2');
    expect(idsOf(page)).toEqual([ids.approvedA]);
    expect(page.json()).toMatchObject({ total: 2, offset: 1, limit: 2 });
  });

  it('is the same list under GET /api/image_relations?collection_id=', async () => {
    const res = await other.get(`/api/image_relations?collection_id=${ch.id}&category_id=${cat.id}&approved=true`);
    expect(idsOf(res)).toEqual([ids.approvedA]);
    expect((await other.get('/api/image_relations')).statusCode).toBe(422);
  });

  it('answers 404 for an unknown channel', async () => {
    expect((await client(t.app).get('/api/collections/999999/postcards')).statusCode).toBe(404);
  });
});

describe('/mysubscriptions feed', () => {
  it('shows the newest approved postcards of the channels I follow', async () => {
    const reader = await signUp(t.app);
    const a = await createChannel(owner, 'Лента А');
    const b = await createChannel(other, 'Лента Б');
    const c = await createChannel(other, 'Не в ленте');
    const at = (m: number) => new Date(Date.UTC(2031, 0, 1, 0, m)).toISOString();
    const p1 = await makePostcard(t, { userId: owner.user.id, collectionId: a.id, approved: true, createdAt: at(1) });
    const p2 = await makePostcard(t, { userId: other.user.id, collectionId: b.id, approved: true, createdAt: at(2) });
    await makePostcard(t, { userId: other.user.id, collectionId: b.id, createdAt: at(3) });
    await makePostcard(t, { userId: other.user.id, collectionId: b.id, approved: true, banned: true, createdAt: at(4) });
    await makePostcard(t, { userId: other.user.id, collectionId: c.id, approved: true, createdAt: at(5) });
    await reader.post('/api/subscriptions/', { collection_id: a.id });
    await reader.post('/api/subscriptions/', { collection_id: b.id });

    const feed = (await reader.get('/api/subscriptions/postcards')).json();
    expect(feed.items.map((p: { id: number }) => p.id)).toEqual([p2.id, p1.id]);
    expect(feed.has_more).toBe(false);
    const first = (await reader.get('/api/subscriptions/postcards?limit=1')).json();
    expect(first).toMatchObject({ has_more: true, limit: 1 });
    expect(first.items[0].id).toBe(p2.id);
    await reader.delete(`/api/subscriptions/${b.id}`);
    expect((await reader.get('/api/subscriptions/postcards')).json().items.map((p: { id: number }) => p.id)).toEqual([p1.id]);
    expect((await client(t.app).get('/api/subscriptions/postcards')).statusCode).toBe(401);
  });
});
