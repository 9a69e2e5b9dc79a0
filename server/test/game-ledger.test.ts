import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';
import { freezeClock, grantBalance, reportAction } from './factories/game';
import type { ManualClock } from '../src/platform/clock';
import { seededRandom } from '../src/platform/random';
import { CARD_TYPES, QUESTS, spinYang, spinYinCost } from '../src/modules/game/rules';
import type { GameAction } from '../src/modules/game/rules';
import { applyLedger } from '../src/modules/ledger';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

describe('ledger integrity', () => {
  it('keeps every balance equal to the sum of its ledger after a random mixed workload', async () => {
    const rnd = seededRandom(424242);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    t.deps.random = seededRandom(99);

    const players = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
    for (const p of players) {
      await grantBalance(t, p.user.id, 'yang', int(0, 4000));
      await grantBalance(t, p.user.id, 'yin', int(0, 800));
      await grantBalance(t, p.user.id, 'wisdom', int(0, 100));
    }
    const spins = new Map<number, string>();
    const runs = new Map<number, number[]>();
    const actions: GameAction[] = ['greeting_sent', 'sandbox_vote', 'like_given', 'postcard_approved', 'greeting_accepted', 'bookmark_added'];
    const statuses = new Map<number, number>();

    const op = async () => {
      const p = pick(players);
      const id = p.user.id;
      const which = int(0, 10);
      let res;
      if (which === 0) {
        res = await p.post('/api/game/spin/start');
        if (res.statusCode === 200) spins.set(id, res.json().spin_id);
      } else if (which === 1 && spins.has(id)) {
        const s = int(0, 90);
        const honest = rnd() < 0.8;
        res = await p.post('/api/game/spin', { spin_id: spins.get(id), totalSpinTime: s, yangGained: spinYang(s) + (honest ? 0 : 2), yinSpent: spinYinCost(s) });
      } else if (which === 2) {
        res = await p.post('/api/user-game-data/spend-energy-v2', { energy_points: int(1, 60) });
      } else if (which === 3) {
        res = await p.post('/api/game/crystals/send', { amount: 50 * int(1, 20) });
      } else if (which === 4) {
        res = await p.post('/api/production/start', { card_type: pick(CARD_TYPES) });
        if (res.statusCode === 201) runs.set(id, [...(runs.get(id) ?? []), res.json().item.id]);
      } else if (which === 5 && runs.get(id)?.length) {
        res = await p.post('/api/production/complete', { production_id: pick(runs.get(id)!) });
      } else if (which === 6) {
        res = await p.post('/api/production/upgrade', { card_type: pick(CARD_TYPES) });
      } else if (which === 7) {
        res = await p.post('/api/game/daily-reward/claim');
      } else if (which === 8) {
        const quests = (await p.get('/api/game/quests')).json().quests as { id: string }[];
        res = await p.post(`/api/game/quests/${pick(quests.map((q) => q.id).concat(QUESTS.map((q) => `x_${q.key}`)))}/claim`);
      } else if (which === 9) {
        await reportAction(t, { userId: id, action: pick(actions), amount: int(1, 12) });
        return;
      } else {
        res = await p.get('/api/user-game-data/energy-status');
      }
      if (res) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res?.statusCode ?? 200).toBeLessThan(500);
    };

    for (let round = 0; round < 60; round += 1) {
      await Promise.all(Array.from({ length: 6 }, op));
      clock.advance(int(0, 120_000));
    }
    // the workload really mixed successes and refusals
    expect(statuses.get(200)! + (statuses.get(201) ?? 0)).toBeGreaterThan(50);
    expect(statuses.get(409)).toBeGreaterThan(5);

    const balances = await t.db.selectFrom('balances').select(['user_id', 'asset', 'amount']).execute();
    const sums = await t.db
      .selectFrom('ledger')
      .select((eb) => ['user_id', 'asset', eb.fn.sum<number>('delta').as('total')])
      .groupBy(['user_id', 'asset'])
      .execute();
    const ledger = new Map(sums.map((s) => [`${s.user_id}/${s.asset}`, Number(s.total)]));
    expect(balances.length).toBe(ledger.size);
    for (const b of balances) {
      expect(b.amount).toBeGreaterThanOrEqual(0);
      expect([`${b.user_id}/${b.asset}`, b.amount]).toEqual([`${b.user_id}/${b.asset}`, ledger.get(`${b.user_id}/${b.asset}`)]);
    }
    // and the experience matches the level every player holds
    for (const p of players) {
      const s = (await p.get('/api/user-game-data/summary')).json();
      const level = (await p.get('/api/game/level')).json();
      expect(level.current_level).toBe(s.level);
      expect(level.total_exp).toBe(s.experience);
    }
  });
});

describe('one player\'s balances are locked as one (PostgreSQL)', () => {
  // SQLite runs one writer at a time, so the two transactions below cannot interleave there.
  it.runIf(onPostgres)('two transactions changing them in opposite orders queue, and neither is a deadlock victim', async () => {
    const p = await signUp(t.app);
    const amounts = () =>
      t.db.selectFrom('balances').select(['asset', 'amount']).where('user_id', '=', p.user.id).where('asset', 'in', ['yang', 'yin']).orderBy('asset').execute();
    const before = await amounts();
    const change = (trx: Parameters<typeof applyLedger>[0], asset: 'yang' | 'yin') =>
      applyLedger(trx, [{ userId: p.user.id, asset, delta: -1, reason: 'race' }], new Date().toISOString());
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    let second: Promise<void> | undefined;
    // yang then yin, while the other goes yin then yang: row by row, each would hold what the other waits for
    await t.db.transaction().execute(async (trx) => {
      await change(trx, 'yang');
      second = t.db.transaction().execute(async (other) => {
        await change(other, 'yin');
        await pause(150);
        await change(other, 'yang');
      });
      await pause(50);
      await change(trx, 'yin');
    });
    await second;

    expect(await amounts()).toEqual(before.map((b) => ({ ...b, amount: b.amount - 2 })));
  });
});
