import type { FullGameData } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { forbidden } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { listAchievements } from './achievements';
import { crystalCollection, sendCrystal } from './crystals';
import { claimDaily, dailyStatus } from './daily';
import { readGame, runGame } from './engine';
import { addEnergy, energyStatus, finishSpin, gameSummary, spendYang, startSpin } from './energy';
import { getBalances } from '../ledger';
import { levelInfo, topPlayers } from './levels';
import { claimQuest, listQuests, questCounts } from './quests';
import { gameRepo } from './repo';
import { CRYSTALS, RESOURCE_TYPES } from './rules';

/** The game's use cases: a change runs in one transaction on the player's locked game state, a read with plain reads. */
export function gameService(deps: Deps) {
  const run = <T>(userId: number, fn: Parameters<typeof runGame<T>>[2]) => runGame(deps, userId, fn);
  const read = <T>(userId: number, fn: Parameters<typeof readGame<T>>[2]) => readGame(deps, userId, fn);

  return {
    summary: (userId: number) => read(userId, gameSummary),
    energyStatus: (userId: number) => read(userId, energyStatus),
    full: (userId: number) =>
      read(userId, async (g): Promise<FullGameData> => {
        const [summary, energy, level, balances, crystals, achievements, quests, totals] = [
          await gameSummary(g),
          await energyStatus(g),
          await levelInfo(g),
          await getBalances(g.trx, userId),
          await crystalCollection(g),
          await listAchievements(g),
          await questCounts(g),
          await gameRepo.counters(g.trx, userId, ['total']),
        ];
        return {
          summary,
          energy,
          level,
          resources: Object.fromEntries(RESOURCE_TYPES.map((r) => [r, balances[r]])) as FullGameData['resources'],
          daily_reward: dailyStatus(g),
          crystals: { distinct: crystals.distinct, total: crystals.total, of: CRYSTALS.length },
          achievements: { unlocked: achievements.unlocked, total: achievements.total },
          quests,
          stats: Object.fromEntries(totals.map((t) => [t.metric, t.value])),
        };
      }),
    spend: (userId: number, points: number, reason: string) => run(userId, (g) => spendYang(g, points, reason)),
    add(user: AuthUser, asset: 'yang' | 'yin', points: number, reason: string) {
      if (!user.isModerator) throw forbidden('Energy cannot be added by hand: it is earned through game actions');
      return run(user.id, (g) => addEnergy(g, asset, points, reason));
    },
    startSpin: (userId: number) => run(userId, startSpin),
    finishSpin: (userId: number, body: Parameters<typeof finishSpin>[1]) => run(userId, (g) => finishSpin(g, body)),
    level: (userId: number) => read(userId, levelInfo),
    topPlayers: (userId: number, limit: number, offset: number) => topPlayers(deps.db, userId, limit, offset),
    quests: (userId: number) => read(userId, listQuests),
    claimQuest: (userId: number, id: string) => run(userId, (g) => claimQuest(g, id)),
    achievements: (userId: number) => read(userId, listAchievements),
    dailyReward: (userId: number) => read(userId, async (g) => dailyStatus(g)),
    claimDailyReward: (userId: number) => run(userId, claimDaily),
    crystals: (userId: number) => read(userId, crystalCollection),
    sendCrystal: (userId: number, amount: number) => run(userId, (g) => sendCrystal(g, amount)),
  };
}

export type GameService = ReturnType<typeof gameService>;
