import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makeGroup, makePostcard, makeSubscription } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('finding 10: PUT /api/categories/order is bounded by what the user has', () => {
  it('refuses a repeated category or group id with 422 naming it', async () => {
    const u = await signUp(t.app);
    const cat = await makeCategory(t, u.user.id);
    const grp = await makeGroup(t, u.user.id);
    const dupCats = await u.put('/api/categories/order', {
      categories: Array.from({ length: 5000 }, () => ({ id: cat.id, group_id: null, position: 1 })),
    });
    expect(dupCats.statusCode).toBe(422);
    expect(dupCats.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'categories.1.id' });
    const dupGroups = await u.put('/api/categories/order', {
      groups: [
        { id: grp.id, position: 0 },
        { id: grp.id, position: 1 },
      ],
    });
    expect(dupGroups.statusCode).toBe(422);
    expect(dupGroups.json().field).toBe('groups.1.id');
  });

  it("refuses someone else's or unknown ids before writing anything, and saves a real drag", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await makeCategory(t, u.user.id);
    const theirs = await makeCategory(t, other.user.id);
    const grp = await makeGroup(t, u.user.id);
    const foreign = await u.put('/api/categories/order', {
      categories: [
        { id: mine.id, group_id: grp.id, position: 5 },
        { id: theirs.id, group_id: null, position: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(403);
    const unchanged = await t.db.selectFrom('categories').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(unchanged.group_id).toBeNull();
    expect((await u.put('/api/categories/order', { categories: [{ id: 2_000_000_000, group_id: null, position: 1 }] })).statusCode).toBe(404);
    const theirGroup = await makeGroup(t, other.user.id);
    const badGroup = await u.put('/api/categories/order', { categories: [{ id: mine.id, group_id: theirGroup.id, position: 1 }] });
    expect(badGroup.statusCode).toBe(422);
    const ok = await u.put('/api/categories/order', {
      groups: [{ id: grp.id, position: 0 }],
      categories: [{ id: mine.id, group_id: grp.id, position: 3 }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().groups[0].categories.map((c: { id: number }) => c.id)).toEqual([mine.id]);
  });
});

describe('finding 12: moderation gates distribution', () => {
  it('a pending postcard is read by its owner and moderators only; visitors and subscribers get 404', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const subscriber = await signUp(t.app);
    const mod = await signUpAs(t, 22);
    const ch = await makeChannel(t, owner.user.id);
    await makeSubscription(t, subscriber.user.id, ch.id);
    const pending = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id });
    const url = `/api/image_relations/${pending.id}`;
    expect((await client(t.app).get(url)).statusCode).toBe(404);
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await subscriber.get(url)).statusCode).toBe(404);
    expect((await owner.get(url)).statusCode).toBe(200);
    expect((await mod.get(url)).statusCode).toBe(200);
    const listed = (await client(t.app).get(`/api/image_relations?collection_id=${ch.id}`)).json();
    expect(listed.items.map((p: { id: number }) => p.id)).not.toContain(pending.id);
    const ownList = (await owner.get(`/api/image_relations?collection_id=${ch.id}`)).json();
    expect(ownList.items.map((p: { id: number }) => p.id)).toContain(pending.id);
    // once approved, everyone reads it
    await t.db.updateTable('image_relations').set({ is_approved: 1 }).where('id', '=', pending.id).execute();
    expect((await client(t.app).get(url)).statusCode).toBe(200);
  });

  it('sandbox voters see a pending postcard through the sandbox', async () => {
    const owner = await signUp(t.app);
    const voter = await signUp(t.app);
    const ch = await makeChannel(t, owner.user.id);
    const pending = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id });
    const seen: number[] = [];
    const list = (await voter.get('/api/sandbox?limit=100')).json();
    for (const item of list.items as { id: number }[]) seen.push(item.id);
    expect(seen).toContain(pending.id);
  });

  it("greetings only on approved postcards or on one's own", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const ch = await makeChannel(t, owner.user.id);
    await makeSubscription(t, other.user.id, ch.id);
    const pending = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id });
    const approved = await makePostcard(t, { userId: owner.user.id, collectionId: ch.id, approved: true });
    expect((await other.post('/api/greetings', { image_relations_id: pending.id })).statusCode).toBe(404);
    expect((await owner.post('/api/greetings', { image_relations_id: pending.id })).statusCode).toBe(201);
    expect((await other.post('/api/greetings', { image_relations_id: approved.id })).statusCode).toBe(201);
  });
});
