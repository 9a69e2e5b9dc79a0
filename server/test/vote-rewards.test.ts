import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, signUp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let channelId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  channelId = (await makeChannel(t, owner.user.id)).id;
});
afterAll(() => t.close());

/** The reward events (the game subscribes to them) recorded about one postcard. */
async function reported(postcardId: number) {
  const rows = await t.db.selectFrom('jobs').select(['type', 'payload']).where('type', 'in', ['vote.cast', 'postcard.approved']).orderBy('id').execute();
  return rows.map((r) => ({ type: r.type, ...(JSON.parse(r.payload) as { postcardId: number }) })).filter((e) => e.postcardId === postcardId);
}

const card = (approved = false) => makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved });

describe('reward events recorded by votes and moderation', () => {
  it('reports like_given once per user and postcard, however often the like is toggled', async () => {
    const p = await card(true);
    const user = await signUp(t.app);
    for (const path of ['approve', 'approve', 'reject', 'approve', 'approve', 'approve']) {
      await user.post(`/api/image_relations/${p.id}/${path}`);
    }
    expect(await reported(p.id)).toEqual([{ type: 'vote.cast', userId: user.user.id, postcardId: p.id, kind: 'like' }]);
  });

  it('reports nothing for a reject or for liking one’s own postcard', async () => {
    const p = await card(true);
    const user = await signUp(t.app);
    await user.post(`/api/image_relations/${p.id}/reject`);
    await owner.post(`/api/image_relations/${p.id}/approve`);
    expect(await reported(p.id)).toEqual([]);
  });

  it('reports sandbox_vote for a sandbox vote, and nothing for a refused one', async () => {
    const p = await card();
    const user = await signUp(t.app);
    await user.post(`/api/sandbox/${p.id}/reject`);
    await user.post(`/api/sandbox/${p.id}/approve`); // already voted
    await owner.post(`/api/sandbox/${p.id}/approve`); // own
    expect(await reported(p.id)).toEqual([{ type: 'vote.cast', userId: user.user.id, postcardId: p.id, kind: 'sandbox' }]);
  });

  it('reports postcard_approved for the postcard’s owner, once, and nothing for a ban', async () => {
    const moderator = await signUpAs(t, 22);
    const p = await card();
    const banned = await card();
    await moderator.post(`/api/moderation/${banned.id}/ban`);
    await moderator.post(`/api/moderation/${p.id}/approve`);
    await moderator.post(`/api/moderation/${p.id}/approve`);
    await moderator.post(`/api/moderation/${p.id}/ban`);
    await moderator.post(`/api/moderation/${p.id}/approve`);
    expect(await reported(p.id)).toEqual([{ type: 'postcard.approved', userId: owner.user.id, postcardId: p.id }]);
    expect(await reported(banned.id)).toEqual([]);
  });
});
