import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUp, type TestApp } from './helpers';
import { freezeClock, giveExperience, grantBalance } from './factories/game';
import { useFreeRun } from './factories/production';
import type { ManualClock } from '../src/platform/clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof signUp>>;
/** A player who has had their free first run (so runs are paid). */
const veteran = async () => {
  const u = await signUp(t.app);
  await useFreeRun(t, u.user.id);
  return u;
};
/** A player with energy for several paid runs. */
const richPlayer = async () => {
  const u = await veteran();
  await grantBalance(t, u.user.id, 'yang', 10_000);
  await grantBalance(t, u.user.id, 'yin', 3_000);
  return u;
};
const card = async (u: Player, type: string) =>
  (await u.get('/api/production/cards')).json().cards.find((c: { card_type: string }) => c.card_type === type);
const start = (u: Player, card_type: string) => u.post('/api/production/start', { card_type });

describe('production cards', () => {
  it('lists the six cards with costs, output and why they cannot run', async () => {
    const u = await veteran();
    const res = (await u.get('/api/production/cards')).json();
    expect(res.queue_limit).toBe(3);
    expect(res.cards.map((c: { card_type: string }) => c.card_type)).toEqual(['wisdom', 'strength', 'magic', 'luck', 'peace', 'creativity']);
    expect(res.cards[0]).toEqual({
      card_type: 'wisdom',
      name: 'Мудрость',
      description: 'Тихое размышление рождает мудрость.',
      level: 1,
      max_level: 10,
      yang_cost: 400,
      yin_cost: 100,
      production_time: 60,
      output: { resource_type: 'wisdom', quantity: 5 },
      unlock_level: 1,
      can_produce: false,
      reason: 'Недостаточно Ян энергии',
      reason_code: 'no_yang',
      free_run: false,
      missing: { yang: 380, yin: 80 },
      upgrade_cost: { resource_type: 'wisdom', amount: 10 },
      can_upgrade: false,
      upgrade_reason: 'Недостаточно ресурса «Мудрость»',
      upgrade_reason_code: 'no_resource',
    });
    expect(res.cards[1]).toMatchObject({ can_produce: false, reason: 'Откроется на 2 уровне', reason_code: 'locked', upgrade_reason_code: 'locked' });
    expect(res.cards[5]).toMatchObject({ yang_cost: 3000, reason: 'Откроется на 10 уровне' });
  });

  it('opens cards as the player levels up', async () => {
    const u = await richPlayer();
    expect(await card(u, 'wisdom')).toMatchObject({ can_produce: true, reason: null });
    await giveExperience(t, u.user.id, 100);
    expect(await card(u, 'strength')).toMatchObject({ can_produce: true, reason: null });
  });

  it('says when yin is short', async () => {
    const u = await veteran();
    await grantBalance(t, u.user.id, 'yang', 400);
    expect(await card(u, 'wisdom')).toMatchObject({ can_produce: false, reason: 'Недостаточно Инь энергии', reason_code: 'no_yin' });
    const res = await start(u, 'wisdom');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough yin energy', code: 'INSUFFICIENT_BALANCE' });
  });
});

describe('a production run', () => {
  it('pays its cost at start, shows time_left and progress, then collects once', async () => {
    const u = await richPlayer();
    const res = await start(u, 'wisdom');
    expect(res.statusCode).toBe(201);
    const { item, yang_energy, yin_energy } = res.json();
    expect(yang_energy).toBe(20 + 10_000 - 400);
    expect(yin_energy).toBe(20 + 3_000 - 100);
    expect(item).toMatchObject({ card_type: 'wisdom', card_name: 'Мудрость', resource_type: 'wisdom', quantity: 5, time_left: 60, progress: 0, is_ready: false });
    expect(await card(u, 'wisdom')).toMatchObject({ can_produce: false, reason: 'Эта карточка уже в производстве', reason_code: 'busy' });

    clock.advance(15_000);
    const queue = (await u.get('/api/production/queue')).json().queue;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: item.id, time_left: 45, progress: 25, is_ready: false });

    const early = await u.post('/api/production/complete', { production_id: item.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'This run is not finished yet', code: 'PRODUCTION_NOT_READY' });

    clock.advance(45_000);
    expect((await u.get('/api/production/queue')).json().queue[0]).toMatchObject({ time_left: 0, progress: 100, is_ready: true });
    const done = await u.post('/api/production/complete', { production_id: item.id });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, resource_type: 'wisdom', quantity: 5, experience_gain: 10, resources: { wisdom: 5 } });
    const twice = await u.post('/api/production/complete', { production_id: item.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PRODUCTION_COLLECTED');
    expect((await u.get('/api/production/resources')).json().resources.wisdom).toBe(5);
    expect((await u.get('/api/production/queue')).json().queue).toEqual([]);
  });

  it('pays once when collected twice at the same time', async () => {
    const u = await richPlayer();
    const { item } = (await start(u, 'wisdom')).json();
    clock.advance(60_000);
    const codes = (
      await Promise.all([
        u.post('/api/production/complete', { production_id: item.id }),
        u.post('/api/production/complete', { production_id: item.id }),
      ])
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
    expect((await u.get('/api/production/resources')).json().resources.wisdom).toBe(5);
  });

  it('announces a finished run once with a production_complete notification, dated when it finished', async () => {
    const u = await richPlayer();
    const { item } = (await start(u, 'wisdom')).json();
    clock.advance(90_000);
    await u.get('/api/production/queue');
    await u.get('/api/production/cards');
    const list = (await u.get('/api/notifications?type=production_complete')).json();
    expect(list.total).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      title: 'Производство завершено',
      message: '«Мудрость»: готово 5 ед. ресурса «Мудрость». Заберите его!',
      created_at: item.ready_at,
      template: { key: 'production_complete', params: { card: 'wisdom', quantity: 5, resource: 'wisdom' } },
    });
  });

  it('collecting the last ready run marks its «Заберите его!» notice read; one still waiting keeps its notice unread', async () => {
    const u = await richPlayer();
    await giveExperience(t, u.user.id, 600); // level 4: wisdom and strength
    await grantBalance(t, u.user.id, 'yin', 1000);
    const wisdom = (await start(u, 'wisdom')).json().item;
    const strength = (await start(u, 'strength')).json().item;
    clock.advance(Math.max(Date.parse(wisdom.ready_at), Date.parse(strength.ready_at)) - clock.now().getTime());
    await u.get('/api/production/queue');
    const unread = async () => (await u.get('/api/notifications?type=production_complete&isRead=false')).json().total;
    expect(await unread()).toBe(2);
    // the player's other tabs hear the unread count change, and only when it changes
    const heard: unknown[] = [];
    const off = t.deps.live.subscribe(`notifications:${u.user.id}`, (m) => {
      if ((m as { kind: string }).kind === 'unread') heard.push(m);
    });
    expect((await u.post('/api/production/complete', { production_id: wisdom.id })).statusCode).toBe(200);
    expect(await unread()).toBe(2);
    expect(heard).toEqual([]);
    expect((await u.post('/api/production/complete', { production_id: strength.id })).statusCode).toBe(200);
    expect(await unread()).toBe(0);
    off();
    expect(heard).toEqual([{ kind: 'unread' }]);
    expect((await u.get('/api/notifications?type=production_complete')).json().total).toBe(2);
  });

  it('is announced by its scheduled job when ready, without the player asking, once', async () => {
    const u = await richPlayer();
    await start(u, 'wisdom');
    clock.advance(59_000);
    await t.deps.jobs.runDue();
    expect((await u.get('/api/notifications?type=production_complete')).json().total).toBe(0);
    clock.advance(1_000);
    expect(await t.deps.jobs.runDue()).toBeGreaterThanOrEqual(1);
    await t.deps.jobs.runDue();
    expect((await u.get('/api/notifications?type=production_complete')).json().total).toBe(1);
  });

  it('holds at most 3 runs at once, one per card', async () => {
    const u = await richPlayer();
    await giveExperience(t, u.user.id, 600); // level 4: wisdom, strength, magic
    await grantBalance(t, u.user.id, 'yin', 1000);
    expect((await start(u, 'wisdom')).statusCode).toBe(201);
    const dup = await start(u, 'wisdom');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: 'This card is already in production', code: 'PRODUCTION_UNAVAILABLE' });
    expect((await start(u, 'strength')).statusCode).toBe(201);
    expect((await start(u, 'magic')).statusCode).toBe(201);
    await giveExperience(t, u.user.id, 1000); // level 6: luck opens
    expect(await card(u, 'luck')).toMatchObject({ can_produce: false, reason_code: 'queue_full' });
    const full = await start(u, 'luck');
    expect(full.json()).toEqual({ detail: 'The production queue is full (at most 3)', code: 'PRODUCTION_UNAVAILABLE' });
  });

  it('refuses a locked card', async () => {
    const u = await richPlayer();
    const res = await start(u, 'creativity');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Unlocks at level 10', code: 'PRODUCTION_UNAVAILABLE' });
  });
});

describe('upgrades', () => {
  it('cost resources and raise the output, up to level 10', async () => {
    const u = await richPlayer();
    const poor = await u.post('/api/production/upgrade', { card_type: 'wisdom' });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toEqual({ detail: 'Not enough wisdom', code: 'INSUFFICIENT_BALANCE' });
    await grantBalance(t, u.user.id, 'wisdom', 1000);
    const res = await u.post('/api/production/upgrade', { card_type: 'wisdom' });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toMatchObject({ level: 2, output: { quantity: 7 }, upgrade_cost: { amount: 20 } });
    expect(res.json().resources.wisdom).toBe(990);
    for (let level = 2; level < 10; level += 1) expect((await u.post('/api/production/upgrade', { card_type: 'wisdom' })).statusCode).toBe(200);
    const top = await card(u, 'wisdom');
    expect(top).toMatchObject({ level: 10, upgrade_cost: null, can_upgrade: false, upgrade_reason: 'Достигнут максимальный уровень', upgrade_reason_code: 'max_level' });
    const over = await u.post('/api/production/upgrade', { card_type: 'wisdom' });
    expect(over.json()).toEqual({ detail: 'Top level reached', code: 'CARD_MAX_LEVEL' });
    expect((await u.get('/api/production/resources')).json().resources.wisdom).toBe(1000 - 10 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9));
    const { item } = (await start(u, 'wisdom')).json();
    expect(item.quantity).toBe(27);
  });

  it('refuses a locked card', async () => {
    const u = await richPlayer();
    await grantBalance(t, u.user.id, 'joy', 1000);
    const res = await u.post('/api/production/upgrade', { card_type: 'creativity' });
    expect(res.json()).toEqual({ detail: 'Unlocks at level 10', code: 'CARD_LOCKED' });
  });
});

describe('production permissions and validation', () => {
  it("hides one player's runs from another", async () => {
    const owner = await richPlayer();
    const other = await richPlayer();
    const { item } = (await start(owner, 'wisdom')).json();
    clock.advance(60_000);
    expect((await other.post('/api/production/complete', { production_id: item.id })).statusCode).toBe(404);
    expect((await other.get('/api/production/queue')).json().queue).toEqual([]);
    expect((await owner.post('/api/production/complete', { production_id: item.id })).statusCode).toBe(200);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const anon = client(t.app);
    for (const path of ['/api/production/cards', '/api/production/queue', '/api/production/resources']) expect((await anon.get(path)).statusCode).toBe(401);
    expect((await anon.post('/api/production/start', { card_type: 'wisdom' })).statusCode).toBe(401);
    expect((await anon.post('/api/production/complete', { production_id: 1 })).statusCode).toBe(401);
    expect((await anon.post('/api/production/upgrade', { card_type: 'wisdom' })).statusCode).toBe(401);
  });

  it('validates card types and ids', async () => {
    const u = await signUp(t.app);
    expect((await start(u, 'alchemy')).statusCode).toBe(422);
    expect((await u.post('/api/production/complete', { production_id: 0 })).statusCode).toBe(422);
    expect((await u.post('/api/production/complete', { production_id: 999999 })).statusCode).toBe(404);
  });
});
