import type { LevelInfo, TopPlayersPage } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import { catalogOf } from './catalog';
import type { GameTx } from './engine';
import { getBalances } from '../ledger';
import { gameRepo } from './repo';
import { EXP_PER_ACTION, expForLevel, levelReward, MAX_LEVEL, TOP_PLAYERS, yinCap } from './rules';
import { displayName } from '../auth';

export async function levelInfo(g: GameTx): Promise<LevelInfo> {
  const total = (await getBalances(g.trx, g.userId)).exp;
  const level = g.state.level;
  const start = expForLevel(level);
  const atTop = level >= MAX_LEVEL;
  const span = atTop ? 0 : expForLevel(level + 1) - start;
  const inLevel = total - start;
  const next = atTop ? null : levelReward(level + 1);
  const catalog = await catalogOf(g);
  return {
    current_level: level,
    current_exp: inLevel,
    exp_to_next: atTop ? 0 : Math.max(0, span - inLevel),
    level_exp: span,
    total_exp: total,
    progress_percent: atTop ? 100 : Math.min(100, Math.round((inLevel / span) * 1000) / 10),
    max_level: MAX_LEVEL,
    yin_cap: yinCap(level),
    next_level_rewards: next && {
      energy: next.energy,
      gems: next.gems,
      feature_unlock: next.feature_unlock,
      description: catalog.levelReward(level + 1, next.card, next.yin_cap),
      yin_cap: next.yin_cap,
    },
    exp_rules: Object.entries(EXP_PER_ACTION).map(([action, r]) => ({ action, exp: r.per, per: r.divisor ?? 1, daily_limit: r.dailyLimit ?? null })),
  };
}

/** A page of the top 100 by experience, and where the signed-in player stands. */
export async function topPlayers(db: Queryable, userId: number, limit: number, offset: number): Promise<TopPlayersPage> {
  const cap = TOP_PLAYERS.pageSize * TOP_PLAYERS.maxPages;
  const [rows, ranked, mine, state] = await Promise.all([
    gameRepo.topPlayers(db, limit, offset),
    gameRepo.rankedCount(db),
    getBalances(db, userId),
    gameRepo.getState(db, userId),
  ]);
  const total = Math.min(ranked, cap);
  return {
    players: rows.map((r, i) => ({
      id: r.id,
      rank: offset + i + 1,
      // never the login: the list is public
      name: displayName({ username: r.username, first_name: r.first_name, last_name: r.last_name }),
      level: Number(r.level),
      energy: Number(r.energy ?? 0),
      experience: r.experience,
    })),
    total,
    limit,
    offset,
    has_more: offset + rows.length < total,
    me: {
      rank: mine.exp > 0 ? await gameRepo.rankOf(db, userId, mine.exp) : null,
      level: state?.level ?? 1,
      energy: mine.yang + mine.yin,
      experience: mine.exp,
    },
  };
}
