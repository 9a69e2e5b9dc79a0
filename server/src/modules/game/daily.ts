import type { DailyRewardStatus } from '@otkrytka/contract';
import { AppError } from '../../http/errors';
import { currentStreak } from './achievements';
import { type GameTx, notify, pay } from './engine';
import { gameSummary } from './energy';
import { unlockAchievements } from './progression';
import { gameRepo } from './repo';
import { DAILY_STREAK_MAX, dailyReward, nextResetAt, resetDay } from './rules';
import { dailyRewardNotice } from './texts';

const week = () => Array.from({ length: DAILY_STREAK_MAX }, (_, i) => ({ day: i + 1, ...dailyReward(i + 1) }));

export function dailyStatus(g: GameTx): DailyRewardStatus {
  const claimedToday = g.state.daily_day === resetDay(g.now);
  const streak = currentStreak(g);
  const nextDay = Math.min(streak + 1, DAILY_STREAK_MAX);
  return {
    available: !claimedToday,
    streak,
    next_day: nextDay,
    reward: dailyReward(nextDay),
    week: week(),
    timeLeft: Math.max(0, Math.ceil((nextResetAt(g.now).getTime() - g.now.getTime()) / 1000)),
  };
}

/** Today's reward, once per reset day; the streak grows on consecutive days and restarts after a gap. */
export async function claimDaily(g: GameTx) {
  const today = resetDay(g.now);
  if (g.state.daily_day === today) throw new AppError(409, 'DAILY_ALREADY_CLAIMED', 'Today’s daily reward has already been claimed');
  const streak = currentStreak(g) + 1;
  const day = Math.min(streak, DAILY_STREAK_MAX);
  const reward = dailyReward(day);
  await pay(g, [
    { asset: 'yang', delta: reward.energy, reason: 'daily_reward', refType: 'day', refId: today },
    { asset: 'coins', delta: reward.coins, reason: 'daily_reward', refType: 'day', refId: today },
    { asset: 'gems', delta: reward.gems, reason: 'daily_reward', refType: 'day', refId: today },
  ]);
  await gameRepo.updateState(g.trx, g.userId, { daily_day: today, daily_streak: streak });
  g.state = { ...g.state, daily_day: today, daily_streak: streak };
  await notify(g, dailyRewardNotice(g.userId, day, reward));
  await unlockAchievements(g, 'daily_streak', streak);
  return { success: true as const, day, streak, reward, status: dailyStatus(g), summary: await gameSummary(g) };
}
