import type { Quest, QuestList } from '@otkrytka/contract';
import type { QuestStatus } from '@otkrytka/contract/rules/game';
import { AppError, notFound } from '../../http/errors';
import { iso } from '../../platform/clock';
import { catalogOf, type GameCatalog } from './catalog';
import { type GameTx, noticesDone, pay } from './engine';
import { gameSummary } from './energy';
import { applyAction } from './progression';
import { gameRepo } from './repo';
import { nextResetAt, previousDay, type QuestDef, QUESTS, resetDay } from './rules';

const questId = (day: string, key: string) => `${day}_${key}`;
const ID_PATTERN = /^(\d{4}-\d{2}-\d{2})_([a-z_]+)$/;

interface Progress {
  today: string;
  yesterday: string;
  counts: Map<string, number>;
  claimed: Set<string>;
  timeLeft: number;
}

async function loadProgress(g: GameTx): Promise<Progress> {
  const today = resetDay(g.now);
  const yesterday = previousDay(today);
  const [counters, claims] = await Promise.all([
    gameRepo.counters(g.trx, g.userId, [today, yesterday]),
    gameRepo.claims(g.trx, g.userId, [today, yesterday]),
  ]);
  return {
    today,
    yesterday,
    counts: new Map(counters.map((c) => [`${c.period}/${c.metric}`, c.value])),
    claimed: new Set(claims.map((c) => questId(c.day, c.quest_key))),
    timeLeft: Math.max(0, Math.ceil((nextResetAt(g.now).getTime() - g.now.getTime()) / 1000)),
  };
}

/** Where a quest of `day` stands: today's are live, yesterday's are expired. */
function standing(q: QuestDef, day: string, p: Progress) {
  const progress = Math.min(q.target, p.counts.get(`${day}/${q.action}`) ?? 0);
  const status: QuestStatus = day !== p.today
    ? 'expired'
    : progress >= q.target
      ? 'completed'
      : progress > 0
        ? 'in_progress'
        : 'available';
  return { progress, status, claimed: p.claimed.has(questId(day, q.key)) };
}

/** A quest of `day` as the player sees it, in their language; yesterday's completed-but-unclaimed ones are expired. */
function view(q: QuestDef, day: string, p: Progress, catalog: GameCatalog): Quest {
  const { progress, status, claimed } = standing(q, day, p);
  return {
    id: questId(day, q.key),
    key: q.key,
    ...catalog.quest(q.key),
    icon: q.icon,
    reward: q.reward,
    progress,
    maxProgress: q.target,
    difficulty: q.difficulty,
    status,
    claimed,
    timeLeft: day === p.today ? p.timeLeft : 0,
  };
}

export async function listQuests(g: GameTx): Promise<QuestList> {
  const [p, catalog] = [await loadProgress(g), await catalogOf(g)];
  const missed = QUESTS.map((q) => view(q, p.yesterday, p, catalog)).filter((q) => q.progress >= q.maxProgress && !q.claimed);
  return {
    quests: [...QUESTS.map((q) => view(q, p.today, p, catalog)), ...missed],
    day: p.today,
    reset_at: iso(nextResetAt(g.now)),
    timeLeft: p.timeLeft,
  };
}

/** Pays a completed quest's reward once (energy as yang, gems), plus the experience of claiming. */
export async function claimQuest(g: GameTx, id: string) {
  const m = ID_PATTERN.exec(id);
  const def = m ? QUESTS.find((q) => q.key === m[2]) : undefined;
  if (!m || !def) throw notFound('Quest not found');
  const day = m[1]!;
  const p = await loadProgress(g);
  if (day !== p.today && day !== p.yesterday) throw notFound('Quest not found');
  const quest = view(def, day, p, await catalogOf(g));
  if (quest.claimed) throw new AppError(409, 'QUEST_ALREADY_CLAIMED', 'The reward for this quest has already been claimed');
  if (quest.status === 'expired') throw new AppError(409, 'QUEST_EXPIRED', 'This quest has expired');
  if (quest.status !== 'completed') throw new AppError(409, 'QUEST_NOT_COMPLETED', 'This quest is not completed yet');
  if (!(await gameRepo.insertClaim(g.trx, g.userId, day, def.key, g.at))) {
    throw new AppError(409, 'QUEST_ALREADY_CLAIMED', 'The reward for this quest has already been claimed');
  }
  await pay(g, [
    { asset: 'yang', delta: def.reward.energy, reason: 'quest', refType: 'quest', refId: id },
    { asset: 'gems', delta: def.reward.gems, reason: 'quest', refType: 'quest', refId: id },
  ]);
  const { exp } = await applyAction(g, 'quest_claimed', 1, id);
  // its «выполнено, заберите награду» notice is answered
  await noticesDone(g, 'quest', { quest: def.key });
  return {
    success: true as const,
    quest: { ...quest, claimed: true },
    reward: def.reward,
    experience_gain: exp,
    summary: await gameSummary(g),
  };
}

/** How many of today's quests are completed and how many wait for their claim. */
export async function questCounts(g: GameTx) {
  const p = await loadProgress(g);
  const today = QUESTS.map((q) => standing(q, p.today, p));
  return {
    completed: today.filter((q) => q.status === 'completed').length,
    claimable: today.filter((q) => q.status === 'completed' && !q.claimed).length,
    total: today.length,
  };
}
