import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, createTestApp, onPostgres, signUp, signUpAs, type TestApp } from './helpers';
import { freezeClock, giveExperience } from './factories/game';
import type { ManualClock } from '../src/platform/clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

const ledgerSum = async (userId: number, asset: string) =>
  Number(
    (
      await t.db
        .selectFrom('ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('s'))
        .where('user_id', '=', userId)
        .where('asset', '=', asset)
        .executeTakeFirstOrThrow()
    ).s,
  );

describe('energy status', () => {
  it('starts every player at 20 yang and 20 yin with the full status payload', async () => {
    const u = await signUp(t.app);
    const res = await u.get('/api/user-game-data/energy-status');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      yang_energy: 20,
      yin_energy: 20,
      total_energy: 40,
      yang_percent: 50,
      yin_percent: 50,
      original_yang_energy: 20,
      original_yin_energy: 20,
      original_total_energy: 40,
      server_timezone: 'UTC',
      yin_cap: 100,
      yin_regen: { every_ms: 5000, amount: 1 },
      spin_status: { can_spin: true, reason: null, max_seconds: 41 },
    });
    const now = clock.now().getTime();
    expect(Date.parse(s.server_time)).toBe(now);
    expect(s.current_time).toBe(s.server_time);
    expect(s.python_time).toBe(now / 1000);
    expect(Date.parse(s.last_update)).toBeLessThanOrEqual(now);
    expect(Date.parse(s.next_yin_at)).toBe(now + 5000);
  });

  it('gives the summary: total energy, level, experience, coins, gems', async () => {
    const u = await signUp(t.app);
    expect((await u.get('/api/user-game-data/summary')).json()).toEqual({
      energy: 40,
      yang_energy: 20,
      yin_energy: 20,
      level: 1,
      experience: 0,
      coins: 0,
      gems: 0,
    });
  });

  it('gives accounts made without sign-up the default 20 and 20 on first use', async () => {
    const imported = await signUpAs(t, 500);
    expect((await imported.get('/api/user-game-data/summary')).json()).toMatchObject({ yang_energy: 20, yin_energy: 20 });
  });

  it('regenerates yin by 1 every 5 s up to the level cap, written through the ledger', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/energy-status');
    clock.advance(12_000);
    const s = (await u.get('/api/user-game-data/energy-status')).json();
    expect(s.yin_energy).toBe(22);
    expect(s.original_yin_energy).toBe(20);
    // the 2 s left over carry on: 3 s more make the next point
    clock.advance(3_000);
    expect((await u.get('/api/user-game-data/energy-status')).json().yin_energy).toBe(23);
    // reads count it without storing it; the next write stores it through the ledger
    expect(await ledgerSum(u.user.id, 'yin')).toBe(20);
    clock.advance(10_000);
    expect((await u.post('/api/game/spin/start')).statusCode).toBe(200);
    expect(await ledgerSum(u.user.id, 'yin')).toBe(25);
    clock.advance(3600_000);
    const full = (await u.get('/api/user-game-data/energy-status')).json();
    expect(full.yin_energy).toBe(100);
    expect(full.next_yin_at).toBeNull();
    expect(await ledgerSum(u.user.id, 'yin')).toBe(100);
  });

  it('reads write nothing while nothing is due: regenerated yin shows at once, stored by the next write', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/full');
    const stored = async () => ({
      ledger: Number((await t.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.user.id).executeTakeFirstOrThrow()).n),
      state: await t.db.selectFrom('game_state').selectAll().where('user_id', '=', u.user.id).executeTakeFirstOrThrow(),
    });
    const before = await stored();
    clock.advance(60_000);
    for (const path of ['/api/user-game-data/energy-status', '/api/user-game-data/summary', '/api/user-game-data/full', '/api/game/level', '/api/game/quests', '/api/game/achievements', '/api/game/daily-reward', '/api/game/crystals']) {
      expect((await u.get(path)).statusCode, path).toBe(200);
    }
    expect((await u.get('/api/user-game-data/summary')).json().yin_energy).toBe(32);
    const status = (await u.get('/api/user-game-data/energy-status')).json();
    expect(status).toMatchObject({ yin_energy: 32, original_yin_energy: 20, next_yin_at: new Date(clock.now().getTime() + 5000).toISOString() });
    expect(await stored()).toEqual(before);
  });

  it.runIf(onPostgres)('a read does not wait for a write holding the player\'s game state', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/summary');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const writer = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('game_state').select('user_id').where('user_id', '=', u.user.id).forUpdate().execute();
      await trx.selectFrom('balances').select('asset').where('user_id', '=', u.user.id).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    try {
      const res = await Promise.race([u.get('/api/user-game-data/full'), new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000))]);
      expect(res === 'blocked' ? 'blocked' : res.statusCode).toBe(200);
    } finally {
      release();
      await writer;
    }
  });

  it('notifies energy_full once when yin fills up, dated when it got full', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/energy-status');
    const start = clock.now().getTime();
    clock.advance(2 * 3600_000);
    await u.get('/api/user-game-data/energy-status');
    await u.get('/api/user-game-data/summary');
    const list = (await u.get('/api/notifications?type=energy_full')).json();
    expect(list.total).toBe(1);
    expect(list.notifications[0].title).toBe('Инь энергия восстановлена');
    expect(Date.parse(list.notifications[0].created_at)).toBe(start + 80 * 5000);
  });

  it('tells a player who keeps spending and refilling at most once every 3 hours', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/energy-status');
    clock.advance(3600_000); // full: the first notice
    await u.get('/api/user-game-data/energy-status');
    const spin = (await u.post('/api/game/spin/start')).json().spin_id;
    clock.advance(10_000);
    await u.post('/api/game/spin', { spin_id: spin, totalSpinTime: 10, yangGained: 10, yinSpent: 5 });
    clock.advance(3600_000); // full again within 3 h of the first notice: no new one
    await u.get('/api/user-game-data/energy-status');
    expect((await u.get('/api/notifications?type=energy_full')).json().total).toBe(1);
    clock.advance(2 * 3600_000);
    const again = (await u.post('/api/game/spin/start')).json().spin_id;
    clock.advance(10_000);
    await u.post('/api/game/spin', { spin_id: again, totalSpinTime: 10, yangGained: 10, yinSpent: 5 });
    clock.advance(60_000); // full again, more than 3 h after the first notice
    await u.get('/api/user-game-data/energy-status');
    expect((await u.get('/api/notifications?type=energy_full')).json().total).toBe(2);
  });

  it('writes the energy_full notice by a scheduled job when yin fills up, without the player asking', async () => {
    const u = await signUp(t.app);
    await u.get('/api/user-game-data/energy-status');
    clock.advance(4 * 3600_000);
    await u.get('/api/user-game-data/energy-status'); // full: the first notice
    const spin = (await u.post('/api/game/spin/start')).json().spin_id;
    clock.advance(10_000);
    await u.post('/api/game/spin', { spin_id: spin, totalSpinTime: 10, yangGained: 10, yinSpent: 5 });
    await t.deps.jobs.runDue();
    expect((await u.get('/api/notifications?type=energy_full')).json().total).toBe(1);
    clock.advance(60_000);
    await t.deps.jobs.runDue();
    expect((await u.get('/api/notifications?type=energy_full')).json().total).toBe(2);
  });

  it('raises the cap with the level', async () => {
    const u = await signUp(t.app);
    await giveExperience(t, u.user.id, 300); // level 3
    clock.advance(10 * 3600_000);
    const s = (await u.get('/api/user-game-data/energy-status')).json();
    expect(s.yin_cap).toBe(300);
    expect(s.yin_energy).toBe(300);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const path of ['/api/user-game-data/energy-status', '/api/user-game-data/summary', '/api/user-game-data/full']) {
      expect((await client(t.app).get(path)).statusCode).toBe(401);
    }
  });
});

describe('spend-energy-v2', () => {
  it('spends yang for a reason and keeps it in the ledger', async () => {
    const u = await signUp(t.app);
    const res = await u.post('/api/user-game-data/spend-energy-v2', { energy_points: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, yang_energy: 15, yin_energy: 20, total_energy: 35 });
    await u.post('/api/user-game-data/spend-energy-v2', { energy_points: 3, reason: 'meditation' });
    const rows = await t.db.selectFrom('ledger').select(['reason', 'delta']).where('user_id', '=', u.user.id).where('asset', '=', 'yang').orderBy('id').execute();
    expect(rows.slice(1)).toEqual([
      { reason: 'spend:manual_spent', delta: -5 },
      { reason: 'spend:meditation', delta: -3 },
    ]);
  });

  it('refuses to spend more than the balance (409) and leaves it untouched', async () => {
    const u = await signUp(t.app);
    const res = await u.post('/api/user-game-data/spend-energy-v2', { energy_points: 21 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough yang', code: 'INSUFFICIENT_BALANCE' });
    expect((await u.get('/api/user-game-data/summary')).json().yang_energy).toBe(20);
  });

  it.each([
    [{ energy_points: 0 }, 'energy_points'],
    [{ energy_points: 1.5 }, 'energy_points'],
    [{ energy_points: -3 }, 'energy_points'],
    [{}, 'energy_points'],
    [{ energy_points: 1, reason: 'Drop table' }, 'reason'],
  ])('refuses %o with 422', async (body, field) => {
    const u = await signUp(t.app);
    const res = await u.post('/api/user-game-data/spend-energy-v2', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe(field);
  });

  it('never takes a balance below zero under 100 concurrent spends', async () => {
    const u = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => u.post('/api/user-game-data/spend-energy-v2', { energy_points: 1 })),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(20);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(80);
    expect((await u.get('/api/user-game-data/summary')).json().yang_energy).toBe(0);
    expect(await ledgerSum(u.user.id, 'yang')).toBe(0);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).post('/api/user-game-data/spend-energy-v2', { energy_points: 1 })).statusCode).toBe(401);
  });
});

describe('energy cannot be minted', () => {
  it.each(['yang', 'yin'])('refuses add-%s-energy to a player with 403', async (kind) => {
    const u = await signUp(t.app);
    const res = await u.post(`/api/user-game-data/add-${kind}-energy`, { energy_points: 1000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await u.get('/api/user-game-data/summary')).json()).toMatchObject({ yang_energy: 20, yin_energy: 20 });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).post('/api/user-game-data/add-yang-energy', {})).statusCode).toBe(401);
  });

  it('lets the moderator top up their own energy, in the ledger (default 1 point)', async () => {
    const mod = await signUpAs(t, 22);
    const res = await mod.post('/api/user-game-data/add-yin-energy', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().yin_energy).toBe(21);
    const res2 = await mod.post('/api/user-game-data/add-yang-energy', { energy_points: 30, reason: 'event_prize' });
    expect(res2.json().yang_energy).toBe(50);
    expect(await ledgerSum(mod.user.id, 'yang')).toBe(50);
  });
});
