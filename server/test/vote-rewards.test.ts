import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Hooks from '../src/modules/game/hooks';
import type { GameActionEvent } from '../src/modules/game/hooks';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, signUp, signUpAs, type TestApp } from './helpers';

// watch what votes and moderation report to the game layer, still running the real hook
const reported = vi.hoisted(() => [] as GameActionEvent[]);
vi.mock('../src/modules/game/hooks', async (importOriginal) => {
  const real = await importOriginal<typeof Hooks>();
  return {
    ...real,
    recordGameAction: async (...args: Parameters<typeof real.recordGameAction>) => {
      reported.push(args[2]);
      return real.recordGameAction(...args);
    },
  };
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let channelId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  channelId = (await makeChannel(t, owner.user.id)).id;
});
afterAll(() => t.close());
beforeEach(() => {
  reported.length = 0;
});

const card = (approved = false) => makePostcard(t, { userId: owner.user.id, collectionId: channelId, approved });

describe('game actions reported by votes and moderation', () => {
  it('reports like_given once per user and postcard, however often the like is toggled', async () => {
    const p = await card(true);
    const user = await signUp(t.app);
    for (const path of ['approve', 'approve', 'reject', 'approve', 'approve', 'approve']) {
      await user.post(`/api/image_relations/${p.id}/${path}`);
    }
    expect(reported).toEqual([{ userId: user.user.id, action: 'like_given', refId: p.id }]);
  });

  it('reports nothing for a reject or for liking one’s own postcard', async () => {
    const p = await card(true);
    const user = await signUp(t.app);
    await user.post(`/api/image_relations/${p.id}/reject`);
    await owner.post(`/api/image_relations/${p.id}/approve`);
    expect(reported).toEqual([]);
  });

  it('reports sandbox_vote for a sandbox vote, and nothing for a refused one', async () => {
    const p = await card();
    const user = await signUp(t.app);
    await user.post(`/api/sandbox/${p.id}/reject`);
    await user.post(`/api/sandbox/${p.id}/approve`); // already voted
    await owner.post(`/api/sandbox/${p.id}/approve`); // own
    expect(reported).toEqual([{ userId: user.user.id, action: 'sandbox_vote', refId: p.id }]);
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
    expect(reported).toEqual([{ userId: owner.user.id, action: 'postcard_approved', refId: p.id }]);
  });
});
