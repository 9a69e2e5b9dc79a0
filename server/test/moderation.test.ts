import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditAuthor, makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof signUpAs>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let channelId: number;
beforeEach(async () => {
  t = await createTestApp();
  moderator = await signUpAs(t, 22);
  owner = await signUp(t.app);
  channelId = (await makeChannel(t, owner.user.id)).id;
});
afterEach(() => t.close());

const card = (o: { approved?: boolean; banned?: boolean; createdAt?: string } = {}) =>
  makePostcard(t, { userId: owner.user.id, collectionId: channelId, ...o });
const report = (id: number, reason: string, comment?: string) =>
  client(t.app).post('/api/complaints', { image_relation_id: id, reason, ...(comment ? { comment } : {}) });
const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe('permissions', () => {
  it('answers 401 to visitors and 403 to ordinary users on every moderation endpoint, 200 to the moderator', async () => {
    const p = await card();
    const user = await signUp(t.app);
    const calls: [string, string][] = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/next'],
      ['GET', '/api/moderation/stats'],
      ['GET', `/api/moderation/postcards/${p.id}`],
      ['GET', '/api/moderation/complaints'],
      ['POST', `/api/moderation/complaints/${p.id}/dismiss`],
      ['POST', `/api/moderation/${p.id}/approve`],
      ['POST', `/api/moderation/${p.id}/ban`],
    ];
    for (const [method, url] of calls) {
      const anon = await client(t.app).raw(method as 'GET', url, method === 'POST' ? {} : undefined);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.json().code).toBe('AUTH_REQUIRED');
      const denied = await user.raw(method as 'GET', url, method === 'POST' ? {} : undefined);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
    }
    // the refused writes changed nothing
    expect((await moderator.get(`/api/moderation/postcards/${p.id}`)).json()).toMatchObject({ is_approved: false, is_banned: false });
    for (const [method, url] of calls) {
      const ok = await moderator.raw(method as 'GET', url, method === 'POST' ? {} : undefined);
      expect(ok.statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('tells the web app who the moderator is', async () => {
    expect((await moderator.get('/api/auth/me')).json().is_moderator).toBe(true);
    expect((await owner.get('/api/auth/me')).json().is_moderator).toBe(false);
  });
});

describe('queue, next and stats', () => {
  it('lists 9 pending postcards in order of submission with author, counts and reports; total counts them all', async () => {
    const pending = [];
    for (let i = 0; i < 11; i++) pending.push(await card());
    await card({ approved: true });
    await card({ banned: true });
    await creditAuthor(t, pending[0]!.id, { name: 'Мария' });
    const voter = await signUp(t.app);
    await voter.post(`/api/image_relations/${pending[0]!.id}/approve`);
    await voter.post(`/api/image_relations/${pending[1]!.id}/reject`);
    await report(pending[0]!.id, 'dislike');

    const res = await moderator.get('/api/moderation/queue');
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.total).toBe(11);
    expect(ids(q.items)).toEqual(ids(pending.slice(0, 9)));
    expect(q.items[0]).toMatchObject({
      id: pending[0]!.id,
      created_at: pending[0]!.created_at,
      author: 'Мария',
      credited_author: 'Мария',
      likes_count: 1,
      rejects_count: 0,
      reports_count: 1,
      is_approved: false,
      is_banned: false,
    });
    // no credited author: the panel shows "Неизвестен"; the uploader stays in `username`
    expect(q.items[1]).toMatchObject({ credited_author: null, author: null, username: owner.login, likes_count: 0, rejects_count: 1, reports_count: 0 });
    expect(ids((await moderator.get('/api/moderation/queue?offset=9')).json().items)).toEqual(ids(pending.slice(9)));
    expect((await moderator.get('/api/moderation/queue?limit=101')).statusCode).toBe(422);
  });

  it('counts postcards on moderation, with positive and with negative votes, and reported ones', async () => {
    const [a, b, c] = [await card(), await card(), await card()];
    const approved = await card({ approved: true });
    const [u1, u2] = await Promise.all([signUp(t.app), signUp(t.app)]);
    await u1.post(`/api/image_relations/${a.id}/approve`);
    await u2.post(`/api/image_relations/${a.id}/reject`);
    await u1.post(`/api/image_relations/${b.id}/approve`);
    await u1.post(`/api/image_relations/${approved.id}/approve`); // not pending: not counted
    await report(c.id, 'adult');
    await report(c.id, 'illegal');
    await report(approved.id, 'copyright');
    expect((await moderator.get('/api/moderation/stats')).json()).toEqual({
      on_moderation: 3,
      with_positive_votes: 2,
      with_negative_votes: 1,
      reported: 2,
    });
  });

  it('picks a random pending postcard, skips the excluded one unless it is the only one, and says when none is left', async () => {
    const [a, b] = [await card(), await card()];
    await card({ approved: true });
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) seen.add((await moderator.get('/api/moderation/next')).json().postcard.id);
    expect([...seen].sort()).toEqual([a.id, b.id].sort());
    for (let i = 0; i < 5; i++) {
      expect((await moderator.get(`/api/moderation/next?exclude=${a.id}`)).json().postcard.id).toBe(b.id);
    }
    await moderator.post(`/api/moderation/${b.id}/ban`);
    expect((await moderator.get(`/api/moderation/next?exclude=${a.id}`)).json().postcard.id).toBe(a.id);
    await moderator.post(`/api/moderation/${a.id}/approve`);
    expect((await moderator.get('/api/moderation/next')).json()).toEqual({
      success: true,
      postcard: null,
      message: 'No postcards are waiting for moderation',
    });
  });
});

describe('decisions', () => {
  it('approve makes a pending postcard approved and takes it out of the queue and the sandbox', async () => {
    const p = await card();
    const voter = await signUp(t.app);
    const res = await moderator.post(`/api/moderation/${p.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      postcard: { id: p.id, is_approved: true, is_banned: false, moderated_at: expect.any(String) },
      reports_resolved: 0,
    });
    expect((await moderator.get(`/api/moderation/postcards/${p.id}`)).json()).toMatchObject({ is_approved: true, is_banned: false });
    expect((await moderator.get('/api/moderation/queue')).json().total).toBe(0);
    expect((await voter.get('/api/sandbox/next')).json().postcard).toBeNull();
    // an approved postcard can still be liked
    expect((await voter.post(`/api/image_relations/${p.id}/approve`)).statusCode).toBe(200);
  });

  it('ban makes a postcard banned: out of the queue, no votes, no reports, and its open reports closed', async () => {
    const p = await card({ approved: true });
    await report(p.id, 'violence');
    await report(p.id, 'alcohol');
    const res = await moderator.post(`/api/moderation/${p.id}/ban`);
    expect(res.json()).toEqual({
      success: true,
      postcard: { id: p.id, is_approved: false, is_banned: true, moderated_at: expect.any(String) },
      reports_resolved: 2,
    });
    expect((await moderator.get('/api/moderation/complaints')).json().total).toBe(0);
    const user = await signUp(t.app);
    expect((await user.post(`/api/image_relations/${p.id}/approve`)).statusCode).toBe(404);
    expect((await report(p.id, 'other')).statusCode).toBe(404);
    expect((await moderator.get('/api/moderation/stats')).json().on_moderation).toBe(0);
  });

  it('approve shows a gallery postcard in the gallery and its channel’s approved view; ban takes it out of both', async () => {
    const gallery = await makeChannel(t, moderator.user.id, { id: t.config.galleryCollectionId });
    const p = await makePostcard(t, { userId: moderator.user.id, collectionId: gallery.id });
    const visitor = client(t.app);
    const inGallery = async () => ids((await visitor.get('/api/gallery')).json().items).includes(p.id);
    const inApprovedView = async () =>
      ids((await visitor.get(`/api/collections/${gallery.id}/postcards?approved=true`)).json().items).includes(p.id);
    expect([await inGallery(), await inApprovedView()]).toEqual([false, false]);
    await moderator.post(`/api/moderation/${p.id}/approve`);
    expect([await inGallery(), await inApprovedView()]).toEqual([true, true]);
    await moderator.post(`/api/moderation/${p.id}/ban`);
    expect([await inGallery(), await inApprovedView()]).toEqual([false, false]);
    expect((await visitor.get(`/api/image_relations/${p.id}`)).statusCode).toBe(404);
  });

  it('lets the moderator reverse a ban by approving, and keeps reports of an approved postcard open', async () => {
    const p = await card({ banned: true });
    const res = await moderator.post(`/api/moderation/${p.id}/approve`);
    expect(res.json().postcard).toMatchObject({ is_approved: true, is_banned: false });
    await report(p.id, 'dislike');
    expect((await moderator.post(`/api/moderation/${p.id}/approve`)).json().reports_resolved).toBe(0);
    expect((await moderator.get('/api/moderation/complaints')).json().total).toBe(1);
  });

  it('answers 404 for a postcard that does not exist', async () => {
    for (const url of ['/api/moderation/999999/approve', '/api/moderation/999999/ban', '/api/moderation/complaints/999999/dismiss']) {
      const res = await moderator.post(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Postcard not found', code: 'NOT_FOUND' });
    }
    expect((await moderator.get('/api/moderation/postcards/999999')).statusCode).toBe(404);
  });
});

describe('reports view', () => {
  it('groups open reports by postcard with reason counts and comments, most reported first', async () => {
    const [a, b] = [await card({ approved: true }), await card()];
    await report(a.id, 'dislike');
    await report(b.id, 'adult');
    await report(b.id, 'adult');
    await report(b.id, 'other', 'Это не открытка');
    const res = await moderator.get('/api/moderation/complaints');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(2);
    expect(items.map((i: { postcard: { id: number } }) => i.postcard.id)).toEqual([b.id, a.id]);
    expect(items[0]).toMatchObject({
      reports_count: 3,
      reasons: [
        { reason: 'adult', count: 2 },
        { reason: 'other', count: 1 },
      ],
      comments: [{ comment: 'Это не открытка', created_at: expect.any(String) }],
      postcard: { id: b.id, reports_count: 3, is_approved: false },
    });
    expect(items[1]).toMatchObject({ reports_count: 1, reasons: [{ reason: 'dislike', count: 1 }], comments: [] });
    expect(items[0].first_reported_at <= items[0].last_reported_at).toBe(true);
  });

  it('dismiss closes the reports and leaves the postcard as it was; ban from the view closes them as banned', async () => {
    const [a, b] = [await card({ approved: true }), await card({ approved: true })];
    await report(a.id, 'dislike');
    await report(a.id, 'copyright');
    await report(b.id, 'illegal');
    const dismissed = await moderator.post(`/api/moderation/complaints/${a.id}/dismiss`);
    expect(dismissed.json()).toEqual({ success: true, dismissed: 2 });
    expect((await moderator.get(`/api/moderation/postcards/${a.id}`)).json()).toMatchObject({
      is_approved: true,
      is_banned: false,
      reports_count: 0,
    });
    expect((await moderator.post(`/api/moderation/complaints/${a.id}/dismiss`)).json().dismissed).toBe(0);
    expect((await moderator.post(`/api/moderation/${b.id}/ban`)).json().reports_resolved).toBe(1);
    expect((await moderator.get('/api/moderation/complaints')).json()).toEqual({ items: [], total: 0 });
    // a new report after a dismissal opens the postcard again
    await report(a.id, 'alcohol');
    expect((await moderator.get('/api/moderation/complaints')).json().items[0].reports_count).toBe(1);
  });
});
