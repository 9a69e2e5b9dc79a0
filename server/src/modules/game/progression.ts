import { type GameTx, notify } from './engine';
import { applyLedger, getBalances } from '../ledger';
import { gameRepo } from './repo';
import {
  ACHIEVEMENTS,
  type AchievementMetric,
  expFor,
  type GameAction,
  levelForExp,
  levelReward,
  QUESTS,
  resetDay,
  TOP_NOTIFY_RANK,
} from './rules';
import { achievementNotice, levelUpNotice, questNotice, topPositionNotice } from './texts';

export interface ActionResult {
  /** experience granted */
  exp: number;
  /** levels reached by it */
  levelUps: number[];
}

/**
 * Applies one game action of the player: today's and lifetime counters (quest and achievement
 * progress), quest-completed notices, achievements, experience and level-ups.
 */
export async function applyAction(g: GameTx, action: GameAction, amount: number, refId?: string | number): Promise<ActionResult> {
  if (!Number.isInteger(amount) || amount <= 0) return { exp: 0, levelUps: [] };
  const today = await gameRepo.addCounter(g.trx, g.userId, resetDay(g.now), action, amount);
  const before = today - amount;
  const total = await gameRepo.addCounter(g.trx, g.userId, 'total', action, amount);
  for (const q of QUESTS) {
    if (q.action === action && before < q.target && today >= q.target) await notify(g, questNotice(g.userId, q));
  }
  await unlockAchievements(g, action, total);
  const exp = expFor(action, amount, before);
  const levelUps = await grantExp(g, exp, action, refId);
  return { exp, levelUps };
}

/** Adds experience; pays every level reached (yang, gems) with a level_up notice; checks the top 100. */
export async function grantExp(g: GameTx, exp: number, reason: string, refId?: string | number): Promise<number[]> {
  if (exp <= 0) return [];
  await applyLedger(g.trx, [{ userId: g.userId, asset: 'exp', delta: exp, reason, refType: 'game', refId }], g.at);
  const total = (await getBalances(g.trx, g.userId)).exp;
  const reached = levelForExp(total);
  const ups: number[] = [];
  for (let level = g.state.level + 1; level <= reached; level += 1) {
    const reward = levelReward(level);
    await applyLedger(
      g.trx,
      [
        { userId: g.userId, asset: 'yang', delta: reward.energy, reason: 'level_up', refType: 'level', refId: level },
        { userId: g.userId, asset: 'gems', delta: reward.gems, reason: 'level_up', refType: 'level', refId: level },
      ],
      g.at,
    );
    await notify(g, levelUpNotice(g.userId, level, reward));
    ups.push(level);
  }
  if (ups.length) {
    await gameRepo.updateState(g.trx, g.userId, { level: reached });
    g.state = { ...g.state, level: reached };
    await unlockAchievements(g, 'level', reached);
  }
  await checkTopPosition(g, total);
  return ups;
}

/** Unlocks (once) every achievement of `metric` that `value` reaches, paying its coins and gems. */
export async function unlockAchievements(g: GameTx, metric: AchievementMetric, value: number): Promise<void> {
  for (const a of ACHIEVEMENTS) {
    if (a.metric !== metric || value < a.target) continue;
    if (!(await gameRepo.insertAchievement(g.trx, g.userId, a.key, g.at))) continue;
    await applyLedger(
      g.trx,
      [
        { userId: g.userId, asset: 'coins', delta: a.reward.coins, reason: 'achievement', refType: 'achievement', refId: a.key },
        { userId: g.userId, asset: 'gems', delta: a.reward.gems, reason: 'achievement', refType: 'achievement', refId: a.key },
      ],
      g.at,
    );
    await notify(g, achievementNotice(g.userId, a));
  }
}

/** A top_position notice when the player enters the top 100 (again after having left it). */
async function checkTopPosition(g: GameTx, exp: number): Promise<void> {
  // runs on every experience gain: it counts only the players ahead, and at most the top's size
  const rank = await gameRepo.rankWithin(g.trx, g.userId, exp, TOP_NOTIFY_RANK);
  const inTop = rank !== null;
  if (inTop === !!g.state.in_top) return;
  await gameRepo.updateState(g.trx, g.userId, { in_top: inTop ? 1 : 0 });
  g.state = { ...g.state, in_top: inTop ? 1 : 0 };
  if (rank !== null) await notify(g, topPositionNotice(g.userId, rank));
}
