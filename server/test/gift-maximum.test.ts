import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftEnergyAbove, giftEnergyBelow, giftEnergyInitial, giftEnergyStep, giftMaximum } from '@otkrytka/contract/rules/greetings';
import { getBalances } from '../src/modules/ledger';
import { makeChannel, makePostcard } from './factories/collection';
import { grantBalance } from './factories/game';
import { createTestApp, signUp, type TestApp } from './helpers';

const BALANCES = Array.from({ length: 201 }, (_, i) => i);

/** Every value the slider stops at, walking up from 0 with its «+». */
const stopsUp = (balance: number) => {
  const stops = [0];
  while (stops.at(-1)! < giftMaximum(balance)) stops.push(giftEnergyAbove(stops.at(-1)!, balance));
  return stops;
};

describe('the largest gift and the slider stops, for every balance 0..200', () => {
  it('the maximum is the whole balance', () => {
    for (const b of BALANCES) expect(giftMaximum(b), `balance ${b}`).toBe(b);
  });

  it('the slider goes from 0 to the maximum in steps of max(1, round(balance / 10)), only the last move shorter', () => {
    for (const b of BALANCES) {
      const step = Math.max(1, Math.round(b / 10));
      expect(giftEnergyStep(b), `balance ${b}`).toBe(step);
      const stops = stopsUp(b);
      expect(stops.at(-1), `balance ${b}`).toBe(b);
      const moves = stops.slice(1).map((s, i) => s - stops[i]!);
      expect(moves.slice(0, -1).every((m) => m === step), `balance ${b}: ${stops.join(',')}`).toBe(true);
      if (moves.length) expect(moves.at(-1)!, `balance ${b}`).toBeGreaterThan(0);
      expect(moves.at(-1) ?? 0, `balance ${b}`).toBeLessThanOrEqual(step);
      // «−» walks the same stops back down to 0
      const down = [b];
      while (down.at(-1)! > 0) down.push(giftEnergyBelow(down.at(-1)!, b));
      expect(down.reverse(), `balance ${b}`).toEqual(stops);
    }
  });

  it('the starting selection is within the maximum; a selection of 0 becomes half the balance, rounded down', () => {
    for (const b of BALANCES) {
      expect(giftEnergyInitial(0, b)).toBe(Math.floor(b / 2));
      expect(giftEnergyInitial(10, b)).toBe(Math.min(10, b));
      expect(giftEnergyInitial(b + 1, b)).toBe(b);
    }
  });

  it('34, 24 and 14 yang can all be given whole (the finding)', () => {
    expect([34, 24, 14].map(giftMaximum)).toEqual([34, 24, 14]);
    expect(stopsUp(34)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 34]);
  });
});

let t: TestApp;
let postcardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  postcardId = (await makePostcard(t, { userId: owner.user.id, collectionId: (await makeChannel(t, owner.user.id)).id, approved: true })).id;
});
afterAll(() => t.close());

describe('the server checks the same maximum when a greeting is created', () => {
  it.each([0, 1, 9, 14, 15, 24, 34, 37, 155, 200])('with %i yang: the maximum is accepted, one more is refused naming the maximum', async (balance) => {
    const u = await signUp(t.app);
    const start = (await getBalances(t.db, u.user.id)).yang;
    await grantBalance(t, u.user.id, 'yang', balance - start);
    expect((await getBalances(t.db, u.user.id)).yang).toBe(balance);

    const over = await u.post('/api/greetings', { image_relations_id: postcardId, energy: giftMaximum(balance) + 1 });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', detail: `Not enough energy for a gift of ${balance + 1}: the largest gift is ${balance}` });

    const whole = await u.post('/api/greetings', { image_relations_id: postcardId, energy: giftMaximum(balance) });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().energy).toBe(balance);
    expect((await getBalances(t.db, u.user.id)).yang).toBe(0);
  });
});
