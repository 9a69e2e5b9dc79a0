import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditAuthor, makeChannel, makePostcard } from './factories/collection';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;

async function world() {
  const [alice, bob, voter] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
  const aliceChannel = (await makeChannel(t, alice.user.id)).id;
  const bobChannel = (await makeChannel(t, bob.user.id)).id;
  const card = (u: User, channel: number, o: { approved?: boolean; banned?: boolean } = {}) =>
    makePostcard(t, { userId: u.user.id, collectionId: channel, ...o });
  return { alice, bob, voter, aliceChannel, bobChannel, card };
}

describe('sandbox access', () => {
  it('refuses visitors with 401 on every sandbox route', async () => {
    const { alice, aliceChannel, card } = await world();
    const p = await card(alice, aliceChannel);
    const anon = client(t.app);
    for (const res of [
      await anon.get('/api/sandbox/next'),
      await anon.get('/api/sandbox'),
      await anon.post(`/api/sandbox/${p.id}/approve`),
      await anon.post(`/api/sandbox/${p.id}/reject`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
  });
});

describe('GET /api/sandbox/next', () => {
  it('serves pending postcards of others, oldest first, each once, never approved, banned or own ones', async () => {
    const { alice, bob, voter, aliceChannel, bobChannel, card } = await world();
    const voterChannel = (await makeChannel(t, voter.user.id)).id;
    const p1 = await card(alice, aliceChannel);
    await card(alice, aliceChannel, { approved: true });
    const p2 = await card(bob, bobChannel);
    await card(bob, bobChannel, { banned: true });
    await card(voter, voterChannel); // own
    const p3 = await card(alice, aliceChannel);

    const served: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await voter.get('/api/sandbox/next');
      expect(res.statusCode).toBe(200);
      const { postcard } = res.json();
      if (!postcard) break;
      served.push(postcard.id);
      await voter.post(`/api/sandbox/${postcard.id}/${i % 2 ? 'reject' : 'approve'}`);
    }
    expect(served).toEqual([p1.id, p2.id, p3.id]);
    expect((await voter.get('/api/sandbox/next')).json()).toEqual({
      success: true,
      postcard: null,
      message: 'Все открытки в песочнице проголосованы вами!',
    });
  });

  it('describes the postcard with file name, description, creation date and media', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const p = await card(alice, aliceChannel);
    const { postcard } = (await voter.get('/api/sandbox/next')).json();
    expect(postcard).toMatchObject({
      id: p.id,
      user_id: alice.user.id,
      collection_id: aliceChannel,
      file_name: p.file_name,
      description: p.description,
      created_at: p.created_at,
      image_url: `/media/${p.storage_key}`,
      preview_78x101_url: expect.stringMatching(/preview\/78x101\//),
      media_kind: 'image',
      is_approved: false,
      is_banned: false,
      likes_count: 0,
      rejects_count: 0,
      username: alice.login,
      author: null,
    });
  });

  it('skips postcards the user already voted on anywhere (a like in the viewer counts)', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const p1 = await card(alice, aliceChannel);
    const p2 = await card(alice, aliceChannel);
    await voter.post(`/api/image_relations/${p1.id}/approve`);
    expect((await voter.get('/api/sandbox/next')).json().postcard.id).toBe(p2.id);
  });

  it('stops serving a postcard once a moderator approves or bans it', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const moderator = await signUpAs(t, 22);
    const p1 = await card(alice, aliceChannel);
    const p2 = await card(alice, aliceChannel);
    expect((await voter.get('/api/sandbox/next')).json().postcard.id).toBe(p1.id);
    await moderator.post(`/api/moderation/${p1.id}/approve`);
    expect((await voter.get('/api/sandbox/next')).json().postcard.id).toBe(p2.id);
    await moderator.post(`/api/moderation/${p2.id}/ban`);
    expect((await voter.get('/api/sandbox/next')).json().postcard).toBeNull();
  });
});

describe('sandbox votes', () => {
  it('counts an approve as a like and a reject as a reject', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const other = await signUp(t.app);
    const p = await card(alice, aliceChannel);
    const a = await voter.post(`/api/sandbox/${p.id}/approve`);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ success: true, action: 'liked', vote_type: 'like', likes_count: 1, rejects_count: 0 });
    const r = await other.post(`/api/sandbox/${p.id}/reject`);
    expect(r.json()).toEqual({ success: true, action: 'rejected', vote_type: 'reject', likes_count: 1, rejects_count: 1 });
    expect((await voter.get(`/api/image_relations/${p.id}/user-vote`)).json()).toEqual({ has_vote: true, vote_type: 'like' });
  });

  it('answers 400 "already voted" to a second vote, whatever it is, and keeps the first', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const p = await card(alice, aliceChannel);
    await voter.post(`/api/sandbox/${p.id}/approve`);
    for (const path of ['approve', 'reject']) {
      const res = await voter.post(`/api/sandbox/${p.id}/${path}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'already voted', code: 'ALREADY_VOTED' });
    }
    expect((await voter.get(`/api/image_relations/${p.id}/user-vote`)).json().vote_type).toBe('like');
  });

  it("the viewer's like and reject toggles follow the sandbox's rules on a pending postcard: one vote, never changed, never the uploader's", async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const other = await signUp(t.app);
    const p = await card(alice, aliceChannel);
    const counts = () => t.db.selectFrom('image_relations').select(['likes_count', 'rejects_count']).where('id', '=', p.id).executeTakeFirstOrThrow();
    await voter.post(`/api/sandbox/${p.id}/approve`);
    await other.post(`/api/image_relations/${p.id}/reject`); // a toggle is a sandbox vote here
    for (const [who, path] of [[voter, 'approve'], [voter, 'reject'], [other, 'reject'], [other, 'approve']] as const) {
      const res = await who.post(`/api/image_relations/${p.id}/${path}`);
      expect(res.statusCode, `${path}`).toBe(400);
      expect(res.json()).toEqual({ detail: 'already voted', code: 'ALREADY_VOTED' });
    }
    const own = await alice.post(`/api/image_relations/${p.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You cannot vote on your own postcard', code: 'FORBIDDEN' });
    expect((await voter.get(`/api/image_relations/${p.id}/user-vote`)).json().vote_type).toBe('like');
    expect((await other.get(`/api/image_relations/${p.id}/user-vote`)).json().vote_type).toBe('reject');
    expect(await counts()).toMatchObject({ likes_count: 1, rejects_count: 1 });

    // once approved, the toggles toggle again, and the uploader may like their own postcard
    const moderator = await signUpAs(t, 22);
    await moderator.post(`/api/moderation/${p.id}/approve`);
    expect((await voter.post(`/api/image_relations/${p.id}/approve`)).json()).toMatchObject({ action: 'unliked', vote_type: null });
    expect((await alice.post(`/api/image_relations/${p.id}/approve`)).json()).toMatchObject({ action: 'liked', vote_type: 'like' });
  });

  it('refuses a vote on one’s own postcard (403), on an approved one (409), on a banned or missing one (404)', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const own = await card(alice, aliceChannel);
    const approved = await card(alice, aliceChannel, { approved: true });
    const banned = await card(alice, aliceChannel, { banned: true });
    expect((await alice.post(`/api/sandbox/${own.id}/approve`)).json()).toEqual({
      detail: 'You cannot vote on your own postcard',
      code: 'FORBIDDEN',
    });
    const onApproved = await voter.post(`/api/sandbox/${approved.id}/reject`);
    expect(onApproved.statusCode).toBe(409);
    expect(onApproved.json()).toEqual({ detail: 'Postcard is not in the sandbox', code: 'NOT_IN_SANDBOX' });
    expect((await voter.post(`/api/sandbox/${banned.id}/approve`)).statusCode).toBe(404);
    expect((await voter.post('/api/sandbox/999999/approve')).statusCode).toBe(404);
    // nothing was counted
    const res = await voter.get(`/api/image_relations/${approved.id}/user-vote`);
    expect(res.json().has_vote).toBe(false);
  });
});

describe('GET /api/sandbox', () => {
  it('lists pending postcards of others, oldest first, with the user’s vote, paged up to 100', async () => {
    const { alice, bob, voter, aliceChannel, bobChannel, card } = await world();
    const p1 = await card(alice, aliceChannel);
    const p2 = await card(bob, bobChannel);
    await card(bob, bobChannel, { approved: true });
    const p3 = await card(alice, aliceChannel);
    await voter.post(`/api/sandbox/${p2.id}/reject`);

    const all = (await voter.get('/api/sandbox')).json();
    expect(all).toMatchObject({ total: 3, offset: 0, limit: 100 });
    expect(all.items.map((i: { id: number; user_vote: string | null }) => [i.id, i.user_vote])).toEqual([
      [p1.id, null],
      [p2.id, 'reject'],
      [p3.id, null],
    ]);
    const page = (await voter.get('/api/sandbox?offset=1&limit=1')).json();
    expect(page.items.map((i: { id: number }) => i.id)).toEqual([p2.id]);
    expect(page.total).toBe(3);
    // alice never sees her own
    expect((await alice.get('/api/sandbox')).json().items.map((i: { id: number }) => i.id)).toEqual([p2.id]);
    for (const q of ['limit=101', 'limit=0', 'offset=-1']) {
      const res = await voter.get(`/api/sandbox?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('author look-ups', () => {
  const paths = (id: number) => [`/api/image_relations/sandbox/${id}/author`, `/api/authors/by-relation/${id}`];

  it('answers the credited author on both paths, for visitors too, sorting the profile link by network', async () => {
    const { alice, aliceChannel, card } = await world();
    const cases: [string | null, Record<string, string | null>][] = [
      ['https://www.pinterest.com/anna/', { pinterest_url: 'https://www.pinterest.com/anna/', tiktok_url: null, instagram_url: null }],
      ['https://www.tiktok.com/@anna', { pinterest_url: null, tiktok_url: 'https://www.tiktok.com/@anna', instagram_url: null }],
      ['https://instagram.com/anna', { pinterest_url: null, tiktok_url: null, instagram_url: 'https://instagram.com/anna' }],
      ['https://example.org/anna', { pinterest_url: null, tiktok_url: null, instagram_url: null }],
      ['javascript:alert(1)', { profile_url: null, pinterest_url: null, tiktok_url: null, instagram_url: null }],
    ];
    for (const [url, links] of cases) {
      const p = await card(alice, aliceChannel);
      await creditAuthor(t, p.id, { name: 'Анна', url, site: 'Pinterest' });
      for (const path of paths(p.id)) {
        const res = await client(t.app).get(path);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          author: { name: 'Анна', source_site: 'Pinterest', profile_url: url, ...links },
          message: null,
        });
      }
    }
  });

  it('answers success false with a message when no author is recorded', async () => {
    const { alice, aliceChannel, card } = await world();
    const p = await card(alice, aliceChannel);
    for (const path of paths(p.id)) {
      expect((await client(t.app).get(path)).json()).toEqual({
        success: false,
        author: null,
        message: 'No author recorded for this postcard',
      });
    }
  });

  it('hides banned and missing postcards (404), except banned ones from the moderator', async () => {
    const { alice, voter, aliceChannel, card } = await world();
    const moderator = await signUpAs(t, 22);
    const banned = await card(alice, aliceChannel, { banned: true });
    await creditAuthor(t, banned.id, { name: 'Анна' });
    for (const path of [...paths(banned.id), ...paths(999999)]) {
      expect((await voter.get(path)).statusCode).toBe(404);
    }
    for (const path of paths(banned.id)) expect((await moderator.get(path)).json().author.name).toBe('Анна');
  });
});
