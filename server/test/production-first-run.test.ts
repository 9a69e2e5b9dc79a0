import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';
import { freezeClock } from './factories/game';
import type { ManualClock } from '../src/platform/clock';

/** a new player can start a card in their first session: the first run is free. */
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof signUp>>;
const cards = async (u: Player) => (await u.get('/api/production/cards')).json().cards as Record<string, unknown>[];
const balances = async (u: Player) => {
  const r = (await u.get('/api/production/resources')).json();
  return { yang: r.yang_energy, yin: r.yin_energy, wisdom: r.resources.wisdom };
};

describe("a new player's first production run", () => {
  it('lets a brand-new player (20 yang) start the open card for free, and says what the next run needs', async () => {
    const u = await signUp(t.app);
    const [wisdom, strength] = await cards(u);
    expect(wisdom).toMatchObject({ card_type: 'wisdom', can_produce: true, reason_code: null, free_run: true, yang_cost: 400, missing: { yang: 380, yin: 80 } });
    // a locked card is not offered for free
    expect(strength).toMatchObject({ can_produce: false, reason_code: 'locked', free_run: false });

    const before = await balances(u);
    const res = await u.post('/api/production/start', { card_type: 'wisdom' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ yang_energy: before.yang, yin_energy: before.yin });

    // the next run is paid, and the card says so
    const after = (await cards(u))[0]!;
    expect(after).toMatchObject({ free_run: false, can_produce: false, reason_code: 'busy' });
    clock.advance(61_000);
    const item = (await u.get('/api/production/queue')).json().queue[0];
    expect((await u.post('/api/production/complete', { production_id: item.id })).statusCode).toBe(200);
    expect((await balances(u)).wisdom).toBe(5);
    expect((await cards(u))[0]).toMatchObject({ free_run: false, can_produce: false, reason_code: 'no_yang' });
    const again = await u.post('/api/production/start', { card_type: 'wisdom' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });

  it('gives one free run however many starts race for it', async () => {
    const u = await signUp(t.app);
    const results = await Promise.all([1, 2, 3].map(() => u.post('/api/production/start', { card_type: 'wisdom' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await u.get('/api/production/queue')).json().queue).toHaveLength(1);
  });
});
