import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUp, type TestApp } from './helpers';
import { freezeClock, grantBalance } from './factories/game';
import type { ManualClock } from '../src/platform/clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof signUp>>;
const start = async (u: Player) => {
  const res = await u.post('/api/game/spin/start');
  expect(res.statusCode).toBe(200);
  return res.json().spin_id as string;
};
const finish = (u: Player, spin_id: string, totalSpinTime: number, yangGained: number, yinSpent: number) =>
  u.post('/api/game/spin', { spin_id, totalSpinTime, yangGained, yinSpent });

describe('spin', () => {
  it('starts a server-timed spin with a token, the start time and how long the yin lasts', async () => {
    const u = await signUp(t.app);
    const res = await u.post('/api/game/spin/start');
    expect(res.json()).toMatchObject({ yin_energy: 20, max_seconds: 41, started_at: clock.now().toISOString() });
    expect(res.json().spin_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('saves a spin: yang up, yin down by the conversion, experience granted', async () => {
    const u = await signUp(t.app);
    const id = await start(u);
    clock.advance(10_000);
    const res = await finish(u, id, 10, 10, 5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      saved: true,
      energy_change: 10,
      yin_spent: 5,
      experience_gain: 5,
      yang_energy: 30,
      yin_energy: 17, // 20 − 5, plus 2 regenerated over the 10 s
      total_energy: 47,
      level: 1,
      level_up: false,
    });
    expect((await u.get('/api/user-game-data/summary')).json()).toMatchObject({ yang_energy: 30, experience: 5 });
  });

  it("counts the 'Первое вращение' achievement in spins: 0 / 1, then unlocked by the shortest saved spin", async () => {
    const u = await signUp(t.app);
    const firstSpin = async () =>
      (await u.get('/api/game/achievements')).json().achievements.find((a: { id: string }) => a.id === 'first_spin');
    expect(await firstSpin()).toMatchObject({ progress: 0, maxProgress: 1, unlocked: false });
    const id = await start(u);
    clock.advance(2_000);
    expect((await finish(u, id, 2, 2, 1)).statusCode).toBe(200);
    expect(await firstSpin()).toMatchObject({ progress: 1, maxProgress: 1, unlocked: true });
  });

  it('refuses a spin that claims more seconds than really passed', async () => {
    const u = await signUp(t.app);
    const id = await start(u);
    clock.advance(5_000);
    const res = await finish(u, id, 10, 10, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SPIN_TOO_FAST');
    expect((await u.get('/api/user-game-data/summary')).json()).toMatchObject({ yang_energy: 20, experience: 0 });
    // the honest claim still goes through
    expect((await finish(u, id, 5, 4, 2)).statusCode).toBe(200);
  });

  it('refuses yang and yin that do not fit the conversion for the seconds', async () => {
    const u = await signUp(t.app);
    await grantBalance(t, u.user.id, 'yin', 1000);
    const id = await start(u);
    clock.advance(400_000);
    for (const [seconds, yang, yin] of [
      [10, 12, 6], // more yang than seconds
      [10, 10, 4], // too little yin
      [61, 60, 30], // the ≤ 60 s price after 60 s
      [360, 360, 360], // 360 s costs 2 per yang
    ] as const) {
      const res = await finish(u, id, seconds, yang, yin);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'SPIN_MISMATCH', field: 'yangGained' });
    }
    expect((await finish(u, id, 360, 360, 720)).statusCode).toBe(200);
  });

  it('saves nothing under 2 yang, and saves each spin once', async () => {
    const u = await signUp(t.app);
    const id = await start(u);
    clock.advance(1_000);
    const res = await finish(u, id, 1, 0, 0);
    expect(res.json()).toMatchObject({ saved: false, energy_change: 0, yin_spent: 0, yang_energy: 20 });
    const again = await finish(u, id, 1, 0, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SPIN_FINISHED');
  });

  it('pays a spin once even when saved twice at the same time', async () => {
    const u = await signUp(t.app);
    const id = await start(u);
    clock.advance(4_000);
    const [a, b] = await Promise.all([finish(u, id, 4, 4, 2), finish(u, id, 4, 4, 2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await u.get('/api/user-game-data/summary')).json().yang_energy).toBe(24);
  });

  it('refuses a spin the yin cannot pay, keeping the balance', async () => {
    const u = await signUp(t.app);
    await u.post('/api/game/spin/start');
    const id = await start(u);
    clock.advance(61_000); // 61 s: 60 yang for 60 yin, yin is 20 + 12 regenerated
    const res = await finish(u, id, 61, 60, 60);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough yin', code: 'INSUFFICIENT_BALANCE' });
    expect((await u.get('/api/user-game-data/summary')).json().yang_energy).toBe(20);
  });

  it("says 'Недостаточно Инь энергии' when yin is 0", async () => {
    const u = await signUp(t.app);
    await grantBalance(t, u.user.id, 'yin', -20); // spent elsewhere
    const status = (await u.get('/api/user-game-data/energy-status')).json();
    expect(status.spin_status).toEqual({ can_spin: false, reason: 'Недостаточно Инь энергии', max_seconds: 0 });
    const res = await u.post('/api/game/spin/start');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough yin to spin', code: 'NOT_ENOUGH_YIN' });
  });

  it('replaces an unfinished spin when a new hold starts', async () => {
    const u = await signUp(t.app);
    const first = await start(u);
    clock.advance(10_000);
    const second = await start(u);
    clock.advance(2_000);
    expect((await finish(u, first, 10, 10, 5)).json().code).toBe('SPIN_FINISHED');
    expect((await finish(u, second, 2, 2, 1)).statusCode).toBe(200);
  });

  it("does not let one player finish another's spin, nor anonymous callers spin", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await start(owner);
    clock.advance(4_000);
    const res = await finish(other, id, 4, 4, 2);
    expect(res.statusCode).toBe(404);
    expect((await client(t.app).post('/api/game/spin/start')).statusCode).toBe(401);
    expect((await client(t.app).post('/api/game/spin', { spin_id: id, totalSpinTime: 4, yangGained: 4, yinSpent: 2 })).statusCode).toBe(401);
    expect((await finish(owner, id, 4, 4, 2)).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const u = await signUp(t.app);
    for (const body of [{}, { spin_id: 'x', totalSpinTime: -1, yangGained: 0, yinSpent: 0 }, { spin_id: 'x', totalSpinTime: 1.5, yangGained: 0, yinSpent: 0 }]) {
      expect((await u.post('/api/game/spin', body)).statusCode).toBe(422);
    }
  });
});
