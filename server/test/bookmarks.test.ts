import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let me: User;
let other: User;
let ch: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t.app);
  other = await signUp(t.app);
  ch = await makeChannel(t, other.user.id);
});
afterAll(() => t.close());

describe('bookmarks', () => {
  it('adds, lists newest first with preview and image urls, and counts the postcard’s bookmarks', async () => {
    const u = await signUp(t.app);
    const a = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
    const b = await makePostcard(t, { userId: other.user.id, collectionId: ch.id });
    const added = await u.post('/api/bookmarks', { image_relation_id: a.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      image_relation_id: a.id,
      image_url: `/media/${a.storage_key}`,
      preview_78x101_url: expect.stringContaining('/preview/78x101/'),
      postcard: { id: a.id, stats: { bookmarks: 1 } },
    });
    t.clock.advance(1000);
    await u.post('/api/bookmarks', { image_relation_id: b.id });
    const list = (await u.get('/api/bookmarks')).json();
    expect(list.map((x: { image_relation_id: number }) => x.image_relation_id)).toEqual([b.id, a.id]);
    expect(list[0].created_at > list[1].created_at).toBe(true);
    expect((await other.get('/api/bookmarks')).json()).toEqual([]);
    expect((await me.get(`/api/image_relations/${a.id}`)).json().stats.bookmarks).toBe(1);
  });

  it("adding twice answers 400 'Image already in bookmarks' and keeps one bookmark", async () => {
    const p = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
    await me.post('/api/bookmarks', { image_relation_id: p.id });
    const again = await me.post('/api/bookmarks', { image_relation_id: p.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Image already in bookmarks', code: 'ALREADY_BOOKMARKED' });
    const mine = (await me.get('/api/bookmarks')).json().filter((x: { image_relation_id: number }) => x.image_relation_id === p.id);
    expect(mine).toHaveLength(1);
    expect((await me.get(`/api/image_relations/${p.id}`)).json().stats.bookmarks).toBe(1);
  });

  it('removes a bookmark; removing one that is not there is 404', async () => {
    const p = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
    await me.post('/api/bookmarks', { image_relation_id: p.id });
    expect((await me.delete(`/api/bookmarks/${p.id}`)).json()).toEqual({ success: true });
    expect((await me.get('/api/bookmarks')).json().map((x: { image_relation_id: number }) => x.image_relation_id)).not.toContain(p.id);
    expect((await me.get(`/api/image_relations/${p.id}`)).json().stats.bookmarks).toBe(0);
    expect((await me.delete(`/api/bookmarks/${p.id}`)).statusCode).toBe(404);
  });

  it('one user’s bookmark is theirs alone: another cannot remove it', async () => {
    const p = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
    await me.post('/api/bookmarks', { image_relation_id: p.id });
    expect((await other.delete(`/api/bookmarks/${p.id}`)).statusCode).toBe(404);
    expect((await me.get('/api/bookmarks')).json().map((x: { image_relation_id: number }) => x.image_relation_id)).toContain(p.id);
  });

  it('needs a signed-in user for every call', async () => {
    const anon = client(t.app);
    expect((await anon.get('/api/bookmarks')).statusCode).toBe(401);
    expect((await anon.post('/api/bookmarks', { image_relation_id: 1 })).statusCode).toBe(401);
    expect((await anon.delete('/api/bookmarks/1')).statusCode).toBe(401);
  });

  it('refuses unknown and banned postcards, and drops bookmarks of postcards that get banned or deleted', async () => {
    expect((await me.post('/api/bookmarks', { image_relation_id: 999999 })).statusCode).toBe(404);
    const banned = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, banned: true });
    expect((await me.post('/api/bookmarks', { image_relation_id: banned.id })).statusCode).toBe(404);
    const u = await signUp(t.app);
    const later = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
    await u.post('/api/bookmarks', { image_relation_id: later.id });
    await t.db.updateTable('image_relations').set({ is_banned: 1 }).where('id', '=', later.id).execute();
    expect((await u.get('/api/bookmarks')).json()).toEqual([]);
  });

  it('limits the list to 1000 and pages with offset', async () => {
    expect((await me.get('/api/bookmarks?limit=1001')).statusCode).toBe(422);
    const u = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const p = await makePostcard(t, { userId: other.user.id, collectionId: ch.id, approved: true });
      await u.post('/api/bookmarks', { image_relation_id: p.id });
      t.clock.advance(10);
    }
    expect((await u.get('/api/bookmarks?offset=1&limit=1')).json()).toHaveLength(1);
  });
});
