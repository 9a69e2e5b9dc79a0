import type { Achievement } from '@otkrytka/contract';
import { catalogOf } from './catalog';
import type { GameTx } from './engine';
import { gameRepo } from './repo';
import { ACHIEVEMENTS, type AchievementMetric, previousDay, resetDay } from './rules';

/** The current value of every achievement metric for the player. */
async function metricValues(g: GameTx): Promise<(m: AchievementMetric) => number> {
  const [totals, crystals] = await Promise.all([
    gameRepo.counters(g.trx, g.userId, ['total']),
    gameRepo.crystalCollection(g.trx, g.userId),
  ]);
  const byMetric = new Map(totals.map((c) => [c.metric, c.value]));
  return (m) => {
    if (m === 'level') return g.state.level;
    if (m === 'distinct_crystals') return crystals.length;
    if (m === 'daily_streak') return currentStreak(g);
    return byMetric.get(m) ?? 0;
  };
}

/** The daily-reward streak still alive today (claimed today or yesterday), else 0. */
export function currentStreak(g: GameTx): number {
  const today = resetDay(g.now);
  const day = g.state.daily_day;
  return day === today || day === previousDay(today) ? g.state.daily_streak : 0;
}

export async function listAchievements(g: GameTx) {
  const [unlocked, value, catalog] = await Promise.all([gameRepo.achievements(g.trx, g.userId), metricValues(g), catalogOf(g)]);
  const at = new Map(unlocked.map((u) => [u.achievement_key, u.unlocked_at]));
  const achievements: Achievement[] = ACHIEVEMENTS.map((a) => ({
    id: a.key,
    ...catalog.achievement(a.key),
    icon: a.icon,
    progress: at.has(a.key) ? a.target : Math.min(a.target, value(a.metric)),
    maxProgress: a.target,
    unlocked: at.has(a.key),
    unlocked_at: at.get(a.key) ?? null,
    reward: a.reward,
  }));
  return { achievements, unlocked: at.size, total: ACHIEVEMENTS.length };
}
