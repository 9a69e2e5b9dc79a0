import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let moderator: Awaited<ReturnType<typeof signUpAs>>;
let channelId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  moderator = await signUpAs(t, 22);
  channelId = (await makeChannel(t, owner.user.id)).id;
});
afterAll(() => t.close());

const newCard = (o: { approved?: boolean; banned?: boolean } = {}) =>
  makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved: o.approved ?? true, banned: o.banned });
const counts = async (id: number) => {
  const c = (await moderator.get(`/api/moderation/postcards/${id}`)).json();
  return { likes: c.likes_count, rejects: c.rejects_count };
};
const visitor = () => client(t.app);

describe('user vote', () => {
  it('answers no vote for a visitor and for a user who has not voted', async () => {
    const card = await newCard();
    const user = await signUp(t.app);
    for (const c of [visitor(), user]) {
      const res = await c.get(`/api/image_relations/${card.id}/user-vote`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ has_vote: false, vote_type: null });
    }
  });

  it('answers 404 for a postcard that does not exist and 422 for an id that is not a number', async () => {
    const user = await signUp(t.app);
    expect((await user.get('/api/image_relations/999999/user-vote')).json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await user.get('/api/image_relations/abc/user-vote');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('id');
  });
});

describe('like and reject toggles', () => {
  it('refuses visitors with 401', async () => {
    const card = await newCard();
    for (const path of ['approve', 'reject']) {
      const res = await visitor().post(`/api/image_relations/${card.id}/${path}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
    expect(await counts(card.id)).toEqual({ likes: 0, rejects: 0 });
  });

  it('walks every transition of the spec with exact counts and the stored vote', async () => {
    const card = await newCard();
    const user = await signUp(t.app);
    const steps: [string, string, string | null, number, number][] = [
      ['approve', 'liked', 'like', 1, 0],
      ['approve', 'unliked', null, 0, 0],
      ['reject', 'rejected', 'reject', 0, 1],
      ['approve', 'liked', 'like', 1, 0],
      ['reject', 'rejected', 'reject', 0, 1],
      ['reject', 'unrejected', null, 0, 0],
    ];
    for (const [path, action, voteType, likes, rejects] of steps) {
      const res = await user.post(`/api/image_relations/${card.id}/${path}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, action, vote_type: voteType, likes_count: likes, rejects_count: rejects });
      expect((await user.get(`/api/image_relations/${card.id}/user-vote`)).json()).toEqual({
        has_vote: voteType !== null,
        vote_type: voteType,
      });
      expect(await counts(card.id)).toEqual({ likes, rejects });
    }
  });

  it('counts the votes of different users together', async () => {
    const card = await newCard();
    const [a, b, c] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    await a.post(`/api/image_relations/${card.id}/approve`);
    await b.post(`/api/image_relations/${card.id}/approve`);
    const last = await c.post(`/api/image_relations/${card.id}/reject`);
    expect(last.json()).toMatchObject({ likes_count: 2, rejects_count: 1 });
    const unlike = await a.post(`/api/image_relations/${card.id}/approve`);
    expect(unlike.json()).toMatchObject({ action: 'unliked', likes_count: 1, rejects_count: 1 });
    // one user's vote is theirs only
    expect((await c.get(`/api/image_relations/${card.id}/user-vote`)).json().vote_type).toBe('reject');
  });

  it('gives exactly 50 likes for 50 concurrent likes from 50 users, and stays exact when they all change at once', async () => {
    const card = await newCard();
    const users = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const liked = await Promise.all(users.map((u) => u.post(`/api/image_relations/${card.id}/approve`)));
    expect(liked.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(liked.every((r) => r.json().action === 'liked')).toBe(true);
    expect(await counts(card.id)).toEqual({ likes: 50, rejects: 0 });
    expect(Math.max(...liked.map((r) => r.json().likes_count))).toBe(50);

    // half unlike, half switch to reject, all at the same time
    const changed = await Promise.all(
      users.map((u, i) => u.post(`/api/image_relations/${card.id}/${i % 2 ? 'approve' : 'reject'}`)),
    );
    expect(changed.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(card.id)).toEqual({ likes: 0, rejects: 25 });
  });

  it('keeps the count equal to the stored votes when one user fires many likes at once', async () => {
    const card = await newCard();
    const user = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => user.post(`/api/image_relations/${card.id}/approve`)),
    );
    for (const r of answers) {
      if (r.statusCode === 400) expect(r.json()).toEqual({ detail: 'already voted', code: 'ALREADY_VOTED' });
      else expect(r.statusCode).toBe(200);
    }
    const vote = (await user.get(`/api/image_relations/${card.id}/user-vote`)).json();
    expect(await counts(card.id)).toEqual({ likes: vote.vote_type === 'like' ? 1 : 0, rejects: 0 });
  });

  it('acts only as the signed-in user: the spec’s user_id query parameter is ignored', async () => {
    const card = await newCard();
    const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const res = await a.post(`/api/image_relations/${card.id}/approve?user_id=${b.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await a.get(`/api/image_relations/${card.id}/user-vote?user_id=${b.user.id}`)).json().vote_type).toBe('like');
    expect((await b.get(`/api/image_relations/${card.id}/user-vote`)).json()).toEqual({ has_vote: false, vote_type: null });
  });

  it('lets anyone but its uploader vote once on a pending postcard (the sandbox\'s rules; see sandbox.test.ts)', async () => {
    const pending = await newCard({ approved: false });
    const own = await owner.post(`/api/image_relations/${pending.id}/approve`);
    expect(own.statusCode).toBe(403);
    const user = await signUp(t.app);
    const res = await user.post(`/api/image_relations/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'liked', likes_count: 1 });
  });

  it('answers 404 for a banned or missing postcard and changes nothing', async () => {
    const banned = await newCard({ banned: true, approved: false });
    const user = await signUp(t.app);
    for (const path of ['approve', 'reject']) {
      const res = await user.post(`/api/image_relations/${banned.id}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Postcard not found', code: 'NOT_FOUND' });
      expect((await user.post(`/api/image_relations/999999/${path}`)).statusCode).toBe(404);
    }
    expect((await user.get(`/api/image_relations/${banned.id}/user-vote`)).statusCode).toBe(404);
    expect(await counts(banned.id)).toEqual({ likes: 0, rejects: 0 });
  });
});
