import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalances } from '../src/modules/ledger';
import { makeChannel, makePostcard } from './factories/collection';
import { grantBalance } from './factories/game';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let postcardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  postcardId = (await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true })).id;
});
afterAll(() => t.close());

type Pair = [Awaited<ReturnType<typeof signUp>>, Awaited<ReturnType<typeof signUp>>];

async function freshPair(): Promise<Pair> {
  const pair: Pair = [await signUp(t.app), await signUp(t.app)];
  for (const u of pair) await grantBalance(t, u.user.id, 'yang', 500);
  return pair;
}

/** Each step: one of the pair sends the other a greeting with a gift, and the other accepts it. */
async function exchange(pair: Pair, steps: { from: 0 | 1; energy: number }[]) {
  for (const s of steps) {
    const [from, to] = [pair[s.from], pair[1 - s.from]!];
    const created = await from.post('/api/greetings', { image_relations_id: postcardId, energy: s.energy });
    expect(created.statusCode, created.body).toBe(201);
    const accepted = await to.post(`/api/greetings/${created.json().id}/accept`);
    expect(accepted.json()).toMatchObject({ energy_received: s.energy });
  }
  const [a, b] = await Promise.all(pair.map((u) => getBalances(t.db, u.user.id)));
  return a!.yang + b!.yang;
}

describe('gifts between two accounts', () => {
  it('earn the pair no yang: whatever the gifts’ sizes, the pair ends as with 1-energy gifts', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ from: fc.constantFrom<0 | 1>(0, 1), energy: fc.integer({ min: 1, max: 100 }) }), { minLength: 1, maxLength: 4 }),
        async (steps) => {
          const withGifts = await exchange(await freshPair(), steps);
          const withTokens = await exchange(await freshPair(), steps.map((s) => ({ ...s, energy: 1 })));
          expect(withGifts).toBe(withTokens);
        },
      ),
      { numRuns: 10, seed: 1012 },
    );
  });
});
