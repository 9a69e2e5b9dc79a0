import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_MARKS_PRUNE_EVERY_MS } from '../src/modules/postcards/subscribers';
import { makeChannel, makePostcard } from './factories/collection';
import { freezeClock } from './factories/game';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('postcard view marks', () => {
  it('are pruned daily for past days while the counted views stay', async () => {
    const clock = freezeClock(t, '2033-05-10T08:00:00.000Z');
    const viewer = await signUp(t.app);
    const owner = await signUp(t.app);
    const channel = await makeChannel(t, owner.user.id);
    const card = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
    const view = () =>
      t.app.inject({ method: 'POST', url: `/api/image_relations/${card.id}/view`, headers: { authorization: `Bearer ${viewer.token}` } });
    const marks = async () =>
      (await t.db.selectFrom('postcard_views').select('day').where('image_relation_id', '=', card.id).orderBy('day').execute()).map((r) => r.day);
    const views = async () =>
      (await t.db.selectFrom('image_relations').select('views_count').where('id', '=', card.id).executeTakeFirstOrThrow()).views_count;

    expect((await view()).statusCode).toBeLessThan(300);
    clock.advance(VIEW_MARKS_PRUNE_EVERY_MS);
    expect((await view()).statusCode).toBeLessThan(300);
    expect(await marks()).toEqual(['2033-05-10', '2033-05-11']);

    await t.deps.jobs.ensureRecurring();
    await t.deps.jobs.runDue();
    expect(await marks()).toEqual(['2033-05-11']);
    expect(await views()).toBe(2);
    // the same viewer again today is still not counted twice
    await view();
    expect(await views()).toBe(2);
  });
});
