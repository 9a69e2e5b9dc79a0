import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUp, type TestApp } from './helpers';
import { grantBalance } from './factories/game';
import { seededRandom } from '../src/platform/random';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('crystals', () => {
  it('lists the 14 crystals with rarity labels and an empty collection', async () => {
    const u = await signUp(t.app);
    const res = (await u.get('/api/game/crystals')).json();
    expect(res).toMatchObject({ distinct: 0, total: 0 });
    expect(res.crystals).toHaveLength(14);
    expect(res.crystals[0]).toEqual({
      key: 'quartz',
      name: 'Кварц',
      rarity: 1000,
      rarity_key: 'common',
      rarity_label: 'Обычный',
      color: '#e5e7eb',
      count: 0,
      first_found_at: null,
    });
    expect(res.crystals[13]).toMatchObject({ key: 'diamond', rarity: 100000, rarity_label: 'Легендарный' });
  });

  it('spends the energy sent, draws a crystal on the server and keeps it', async () => {
    const u = await signUp(t.app);
    await grantBalance(t, u.user.id, 'yang', 2000);
    t.deps.random = () => 0; // the first crystal by weight
    const res = await u.post('/api/game/crystals/send', { amount: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      crystal: { key: 'quartz', name: 'Кварц', count: 1 },
      is_new: true,
      spent: 500,
      experience_gain: 10,
      yang_energy: 1520,
      collection: { distinct: 1, total: 1 },
    });
    t.deps.random = () => 0.999999; // the last one
    const second = (await u.post('/api/game/crystals/send', { amount: 1000 })).json();
    expect(second).toMatchObject({ crystal: { key: 'diamond', rarity_label: 'Легендарный' }, is_new: true, yang_energy: 520 });
    t.deps.random = () => 0;
    expect((await u.post('/api/game/crystals/send', { amount: 50 })).json()).toMatchObject({ crystal: { key: 'quartz', count: 2 }, is_new: false });
    const collection = (await u.get('/api/game/crystals')).json();
    expect(collection).toMatchObject({ distinct: 2, total: 3 });
    expect(collection.crystals.find((c: { key: string }) => c.key === 'quartz').count).toBe(2);
  });

  it('counts toward the crystal quest and the collector achievement', async () => {
    const u = await signUp(t.app);
    await grantBalance(t, u.user.id, 'yang', 50 * 14);
    let i = 0;
    // walk through the crystals in order: each draw lands inside the next crystal's weight band
    const { CRYSTALS, crystalWeight } = await import('../src/modules/game/rules');
    const w = CRYSTALS.map((c) => crystalWeight(c, 50));
    const total = w.reduce((a, b) => a + b, 0);
    const mids = w.map((_, k) => (w.slice(0, k).reduce((a, b) => a + b, 0) + w[k]! / 2) / total);
    t.deps.random = () => mids[i++]!;
    for (let k = 0; k < 14; k += 1) await u.post('/api/game/crystals/send', { amount: 50 });
    expect((await u.get('/api/game/crystals')).json().distinct).toBe(14);
    const achievements = (await u.get('/api/notifications?type=achievement')).json().notifications.map((n: { title: string }) => n.title);
    expect(achievements).toEqual(['Достижение: Сокровищница', 'Достижение: Коллекционер']);
    const quests = (await u.get('/api/game/quests')).json().quests;
    expect(quests.find((q: { key: string }) => q.key === 'crystals')).toMatchObject({ progress: 500, status: 'completed' });
  });

  it('keeps drawing from the server RNG', async () => {
    const u = await signUp(t.app);
    await grantBalance(t, u.user.id, 'yang', 5000);
    t.deps.random = seededRandom(7);
    const keys = new Set<string>();
    for (let k = 0; k < 20; k += 1) keys.add((await u.post('/api/game/crystals/send', { amount: 50 })).json().crystal.key);
    expect(keys.size).toBeGreaterThan(3);
  });

  it.each([[49], [0], [75], [1050], [1001], ['100']])('refuses amount %o with 422', async (amount) => {
    const u = await signUp(t.app);
    const res = await u.post('/api/game/crystals/send', { amount });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('amount');
  });

  it('refuses to send more energy than the player has (409), drawing nothing', async () => {
    const u = await signUp(t.app);
    const res = await u.post('/api/game/crystals/send', { amount: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough yang', code: 'INSUFFICIENT_BALANCE' });
    expect((await u.get('/api/game/crystals')).json().total).toBe(0);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).post('/api/game/crystals/send', { amount: 50 })).statusCode).toBe(401);
    expect((await client(t.app).get('/api/game/crystals')).statusCode).toBe(401);
  });
});
