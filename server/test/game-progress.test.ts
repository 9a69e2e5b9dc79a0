import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUp, type TestApp } from './helpers';
import { freezeClock, giveExperience, grantBalance, reportAction } from './factories/game';
import type { ManualClock } from '../src/platform/clock';
import { nextResetAt, QUESTS } from '../src/modules/game/rules';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t);
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof signUp>>;
const notices = async (u: Player, type: string) => (await u.get(`/api/notifications?type=${type}`)).json().notifications;
const summary = async (u: Player) => (await u.get('/api/user-game-data/summary')).json();
const quest = async (u: Player, key: string) =>
  ((await u.get('/api/game/quests')).json().quests as { key: string; status: string; id: string }[]).find(
    (q) => q.key === key && q.status !== 'expired',
  )!;

describe('game actions from other modules', () => {
  it('grant experience per action and keep a daily limit on farmable ones', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent' });
    expect((await summary(u)).experience).toBe(10);
    await reportAction(t, { userId: u.user.id, action: 'like_given', amount: 40 });
    expect((await summary(u)).experience).toBe(40); // only 30 likes a day count
    await reportAction(t, { userId: u.user.id, action: 'like_given' });
    expect((await summary(u)).experience).toBe(40);
  });

  it('ignore non-positive amounts', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'spin', amount: 0 });
    await reportAction(t, { userId: u.user.id, action: 'spin', amount: -4 });
    expect((await summary(u)).experience).toBe(0);
  });

  it('level up with the level rewards and a level_up notification', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'postcard_approved', amount: 5 }); // 100 exp
    const s = await summary(u);
    expect(s).toMatchObject({ level: 2, experience: 100, yang_energy: 20 + 100 });
    const [n] = await notices(u, 'level_up');
    expect(n).toMatchObject({
      title: 'Новый уровень: 2!',
      message: 'Награда: +100 Ян и +1 самоцвет. Уровень 2: открывается карточка «Сила», лимит Инь энергии 200.',
      is_read: false,
      actions: [{ action_type: 'open_tab', label: 'Мой уровень', is_primary: true, action_params: { tab: 'level' } }],
    });
  });

  it('pay every level passed at once', async () => {
    const u = await signUp(t.app);
    const ids = await giveExperience(t, u.user.id, 1000); // level 5
    expect(ids).toEqual([2, 3, 4, 5]);
    const s = await summary(u);
    expect(s.level).toBe(5);
    expect(s.yang_energy).toBe(20 + 100 + 150 + 200 + 250);
    expect(s.gems).toBe(1 + 1 + 1 + 5 + 3); // level gems + the level 5 achievement
    expect(await notices(u, 'level_up')).toHaveLength(4);
    expect((await notices(u, 'achievement')).map((n: { title: string }) => n.title)).toEqual(['Достижение: Восходящая звезда']);
  });

  it('notify top_position on entering the top 100', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'channel_created' });
    const [n] = await notices(u, 'top_position');
    expect(n.title).toBe('Вы в топ-100!');
    await reportAction(t, { userId: u.user.id, action: 'channel_created' });
    expect(await notices(u, 'top_position')).toHaveLength(1);
  });
});

describe('the top 100', () => {
  it('a player ranked 101st hears nothing; passing the 100th, they are told they are 100th', async () => {
    // a leaderboard of its own: 99 players with 100 experience and one with 60
    const board = await createTestApp();
    try {
      freezeClock(board);
      const players = await board.db
        .insertInto('users')
        .values(Array.from({ length: 100 }, (_, i) => ({ email: `top${i}@example.com`, login: `top_player_${i}`, username: null, first_name: null, last_name: null, password_hash: null, telegram_id: null, auth_type: 'local', created_at: '2026-01-01T00:00:00.000Z' }) as never))
        .returning('id')
        .execute();
      for (const [i, p] of players.entries()) await grantBalance(board, p.id, 'exp', i < 99 ? 100 : 60);
      const u = await signUp(board.app);
      await giveExperience(board, u.user.id, 50);
      expect(await notices(u, 'top_position')).toEqual([]);
      await giveExperience(board, u.user.id, 20);
      const [n] = await notices(u, 'top_position');
      expect(n).toMatchObject({ title: 'Вы в топ-100!', message: 'Вы на 100 месте среди игроков. Так держать!' });
    } finally {
      await board.close();
    }
  });
});

describe('level', () => {
  it('shows the level, the experience inside it and the next rewards', async () => {
    const u = await signUp(t.app);
    await giveExperience(t, u.user.id, 150);
    expect((await u.get('/api/game/level')).json()).toEqual({
      current_level: 2,
      current_exp: 50,
      exp_to_next: 150,
      level_exp: 200,
      total_exp: 150,
      progress_percent: 25,
      max_level: 50,
      yin_cap: 200,
      next_level_rewards: { energy: 150, gems: 1, feature_unlock: null, description: 'Уровень 3: лимит Инь энергии 300.', yin_cap: 300 },
      exp_rules: expect.arrayContaining([
        { action: 'spin', exp: 1, per: 2, daily_limit: null },
        { action: 'greeting_sent', exp: 10, per: 1, daily_limit: 20 },
        { action: 'postcard_approved', exp: 20, per: 1, daily_limit: null },
        { action: 'sandbox_vote', exp: 2, per: 1, daily_limit: 100 },
      ]),
    });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).get('/api/game/level')).statusCode).toBe(401);
  });
});

describe('top players', () => {
  it('ranks by experience in pages of 20 up to 5 pages, with the caller’s own place', async () => {
    const t2 = await createTestApp();
    try {
      const players: Player[] = [];
      for (let i = 0; i < 23; i += 1) {
        const p = await signUp(t2.app);
        await giveExperience(t2, p.user.id, 10 * (i + 1));
        players.push(p);
      }
      const newcomer = await signUp(t2.app);
      const first = (await newcomer.get('/api/game/top-players')).json();
      expect(first.players).toHaveLength(20);
      expect(first).toMatchObject({ total: 23, limit: 20, offset: 0, has_more: true, me: { rank: null, experience: 0 } });
      expect(first.players[0]).toMatchObject({ id: players[22]!.user.id, rank: 1, experience: 230, level: 2 });
      expect(first.players[0].energy).toBe(40 + 100); // level 2 reward
      const second = (await newcomer.get('/api/game/top-players?limit=20&offset=20')).json();
      expect(second.players.map((p: { rank: number }) => p.rank)).toEqual([21, 22, 23]);
      expect(second.has_more).toBe(false);
      expect((await players[0]!.get('/api/game/top-players?limit=5')).json().me).toMatchObject({ rank: 23, experience: 10 });
      const beyond = await newcomer.get('/api/game/top-players?limit=20&offset=81');
      expect(beyond.statusCode).toBe(422);
      expect((await newcomer.get('/api/game/top-players?limit=21')).statusCode).toBe(422);
      expect((await newcomer.get('/api/game/top-players?limit=20&offset=80')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).get('/api/game/top-players')).statusCode).toBe(401);
  });
});

describe('quests', () => {
  it('lists the daily quests with progress from real actions and the time to the reset', async () => {
    const u = await signUp(t.app);
    const list = (await u.get('/api/game/quests')).json();
    expect(list.quests).toHaveLength(QUESTS.length);
    const left = Math.ceil((nextResetAt(clock.now()).getTime() - clock.now().getTime()) / 1000);
    expect(list.timeLeft).toBe(left);
    expect(list.quests[0]).toMatchObject({
      key: 'spin',
      title: 'Вращение энергии',
      progress: 0,
      maxProgress: 60,
      difficulty: 'easy',
      status: 'available',
      claimed: false,
      reward: { energy: 20, gems: 0 },
      timeLeft: left,
    });
    await reportAction(t, { userId: u.user.id, action: 'sandbox_vote', amount: 3 });
    expect(await quest(u, 'sandbox')).toMatchObject({ status: 'in_progress', progress: 3 });
  });

  it('completes a quest with a quest notification and pays its claim once', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'sandbox_vote', amount: 12 });
    const q = await quest(u, 'sandbox');
    expect(q).toMatchObject({ status: 'completed', progress: 10 });
    expect((await notices(u, 'quest'))[0].message).toBe('Задание «Голос песочницы» выполнено. Заберите награду: +50 Ян и +1 самоцвет.');
    // another quest done too: its notice stays unread after this one is claimed
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent' });
    expect((await notices(u, 'quest')).map((n: { is_read: boolean }) => n.is_read)).toEqual([false, false]);
    const before = await summary(u);
    const res = await u.post(`/api/game/quests/${q.id}/claim`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, reward: { energy: 50, gems: 1 }, experience_gain: 5, quest: { claimed: true } });
    // the claimed quest's «Заберите награду» is answered: read; the other one waits
    const told = (await notices(u, 'quest')) as { message: string; is_read: boolean }[];
    expect(told.map((n) => [n.message.slice(0, 24), n.is_read])).toEqual([
      ['Задание «Тёплые слова» в', false],
      ['Задание «Голос песочницы', true],
    ]);
    const after = await summary(u);
    expect(after.yang_energy - before.yang_energy).toBe(50);
    expect(after.gems - before.gems).toBe(1);
    const again = await u.post(`/api/game/quests/${q.id}/claim`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'The reward for this quest has already been claimed', code: 'QUEST_ALREADY_CLAIMED' });
    expect((await summary(u)).yang_energy).toBe(after.yang_energy);
  });

  it('pays once when the same claim arrives twice at the same time', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent' });
    const q = await quest(u, 'greeting');
    const before = (await summary(u)).yang_energy;
    const codes = (await Promise.all([u.post(`/api/game/quests/${q.id}/claim`), u.post(`/api/game/quests/${q.id}/claim`)])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
    expect((await summary(u)).yang_energy).toBe(before + 30);
  });

  it('refuses to pay an unfinished quest', async () => {
    const u = await signUp(t.app);
    const q = await quest(u, 'crystals');
    const res = await u.post(`/api/game/quests/${q.id}/claim`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This quest is not completed yet', code: 'QUEST_NOT_COMPLETED' });
  });

  it('expires an unclaimed quest at the daily reset and starts the day afresh', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'like_given', amount: 5 });
    const q = await quest(u, 'likes');
    clock.advance(nextResetAt(clock.now()).getTime() - clock.now().getTime());
    const list = (await u.get('/api/game/quests')).json();
    const expired = list.quests.find((x: { id: string }) => x.id === q.id);
    expect(expired).toMatchObject({ status: 'expired', timeLeft: 0, claimed: false });
    expect(list.quests.find((x: { key: string; status: string }) => x.key === 'likes' && x.status !== 'expired')).toMatchObject({
      status: 'available',
      progress: 0,
    });
    const res = await u.post(`/api/game/quests/${q.id}/claim`);
    expect(res.json()).toEqual({ detail: 'This quest has expired', code: 'QUEST_EXPIRED' });
  });

  it('answers 404 for unknown quests and 401 to anonymous callers', async () => {
    const u = await signUp(t.app);
    expect((await u.post('/api/game/quests/nope/claim')).statusCode).toBe(404);
    expect((await u.post('/api/game/quests/2001-01-01_spin/claim')).statusCode).toBe(404);
    expect((await client(t.app).get('/api/game/quests')).statusCode).toBe(401);
    expect((await client(t.app).post('/api/game/quests/x/claim')).statusCode).toBe(401);
  });
});

describe('achievements', () => {
  it('unlock once from real actions, pay coins and gems, and notify', async () => {
    const u = await signUp(t.app);
    const before = (await u.get('/api/game/achievements')).json();
    expect(before).toMatchObject({ unlocked: 0, total: 14 });
    expect(before.achievements.find((a: { id: string }) => a.id === 'greeter')).toMatchObject({ progress: 0, maxProgress: 10, unlocked: false });
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent', amount: 3 });
    const after = (await u.get('/api/game/achievements')).json();
    expect(after.unlocked).toBe(1);
    expect(after.achievements.find((a: { id: string }) => a.id === 'first_greeting')).toMatchObject({ unlocked: true, progress: 1 });
    expect(after.achievements.find((a: { id: string }) => a.id === 'greeter')).toMatchObject({ progress: 3, unlocked: false });
    await reportAction(t, { userId: u.user.id, action: 'greeting_sent' });
    expect(await notices(u, 'achievement')).toHaveLength(1);
    expect((await summary(u)).coins).toBe(10);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).get('/api/game/achievements')).statusCode).toBe(401);
  });
});

describe('daily reward', () => {
  it('pays once a day with a daily_reward notification and grows a streak on consecutive days', async () => {
    const u = await signUp(t.app);
    expect((await u.get('/api/game/daily-reward')).json()).toMatchObject({ available: true, streak: 0, next_day: 1, reward: { energy: 10, coins: 5, gems: 0 } });
    const res = await u.post('/api/game/daily-reward/claim');
    expect(res.json()).toMatchObject({ success: true, day: 1, streak: 1, reward: { energy: 10, coins: 5 }, status: { available: false, next_day: 2 } });
    expect((await notices(u, 'daily_reward'))[0].message).toBe('День 1: +10 Ян, +5 монет. Возвращайтесь завтра!');
    const again = await u.post('/api/game/daily-reward/claim');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Today’s daily reward has already been claimed', code: 'DAILY_ALREADY_CLAIMED' });
    clock.advance(24 * 3600_000);
    expect((await u.post('/api/game/daily-reward/claim')).json()).toMatchObject({ day: 2, streak: 2, reward: { energy: 20 } });
    clock.advance(48 * 3600_000); // a day missed
    expect((await u.post('/api/game/daily-reward/claim')).json()).toMatchObject({ day: 1, streak: 1 });
  });

  it('reaches the week streak achievement on day 7', async () => {
    const u = await signUp(t.app);
    for (let d = 1; d <= 7; d += 1) {
      expect((await u.post('/api/game/daily-reward/claim')).json().day).toBe(d);
      clock.advance(24 * 3600_000);
    }
    expect((await notices(u, 'achievement'))[0].title).toBe('Достижение: Неделя с нами');
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await client(t.app).post('/api/game/daily-reward/claim')).statusCode).toBe(401);
  });
});

describe('full game data', () => {
  it('gathers summary, energy, level, resources, daily reward, crystals, achievements, quests and stats', async () => {
    const u = await signUp(t.app);
    await reportAction(t, { userId: u.user.id, action: 'sandbox_vote', amount: 2 });
    const full = (await u.get('/api/user-game-data/full')).json();
    expect(full.summary.experience).toBe(4);
    expect(full.energy.yang_energy).toBe(20);
    expect(full.level.current_level).toBe(1);
    expect(full.resources).toEqual({ joy: 0, wisdom: 0, power: 0, harmony: 0, transcendence: 0 });
    expect(full.crystals).toEqual({ distinct: 0, total: 0, of: 14 });
    expect(full.achievements).toEqual({ unlocked: 0, total: 14 });
    expect(full.quests).toEqual({ completed: 0, claimable: 0, total: QUESTS.length });
    expect(full.stats).toEqual({ sandbox_vote: 2 });
  });
});
