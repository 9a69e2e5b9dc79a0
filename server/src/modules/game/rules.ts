/**
 * Every game constant and formula, in one place. The services only apply these; change a number
 * here and the game changes everywhere (the README's "game rules" table is generated from this
 * file by `scripts/game-rules-table.ts`).
 */
import {
  CARD_TYPES,
  type CardType,
  CRYSTAL_SEND,
  type QuestDifficulty,
  RESOURCE_TYPES,
  type ResourceType,
  SPIN_MAX_SECONDS,
  SPIN_MIN_YANG,
  SPIN_YANG_PER_SECOND,
  spinYang,
  spinYinCost,
  spinYinPerYang,
  TOP_PLAYERS,
  YIN_REGEN,
} from '@otkrytka/contract/rules/game';
import type { LevelRewards } from '@otkrytka/contract';

export {
  CARD_TYPES,
  CRYSTAL_SEND,
  RESOURCE_TYPES,
  SPIN_MAX_SECONDS,
  SPIN_MIN_YANG,
  SPIN_YANG_PER_SECOND,
  spinYang,
  spinYinCost,
  spinYinPerYang,
  TOP_PLAYERS,
  YIN_REGEN,
};
export type { CardType, ResourceType };

// ─── Energy ──────────────────────────────────────────────────────────────────────────────────

/** What a new account starts with (spec: "default 20"). */
export const STARTING_ENERGY = { yang: 20, yin: 20 } as const;

/** Yin regenerates up to this cap; every level raises it by 100. */
export const yinCap = (level: number): number => 100 * level;

/** An energy_full notice at most this often (a player who spins all day is not told every few minutes). */
export const ENERGY_FULL_NOTICE_COOLDOWN_MS = 3 * 3600_000;

/** The web app's own yin display steps toward the server's figure every 5 s by up to 1. */
export const YIN_DISPLAY_STEP = { everyMs: 5000, maxStep: 1 } as const;

/** Reasons a player may give for spending yang through `spend-energy-v2` (kept in the ledger). */
export const SPEND_REASON_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** Time zone of the daily reset (quests, daily reward): Moscow, UTC+3, no daylight saving. */
export const DAILY_RESET_UTC_OFFSET_HOURS = 3;
const DAY_MS = 24 * 3600_000;
const OFFSET_MS = DAILY_RESET_UTC_OFFSET_HOURS * 3600_000;

/** The reset day a moment belongs to, 'YYYY-MM-DD' (days start at 00:00 Moscow time). */
export const resetDay = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
/** The reset day before `day`. */
export const previousDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
/** The next daily reset after `at`. */
export const nextResetAt = (at: Date): Date => new Date(Date.parse(`${resetDay(at)}T00:00:00Z`) + DAY_MS - OFFSET_MS);

/**
 * Things players do that the game rewards (experience, quest progress, achievements). Other
 * modules' events map to them in game/subscribers.ts.
 */
export type GameAction =
  | 'spin'
  | 'greeting_sent'
  | 'greeting_accepted'
  | 'greeting_gift_received'
  | 'postcard_uploaded'
  | 'postcard_approved'
  | 'sandbox_vote'
  | 'like_given'
  | 'bookmark_added'
  | 'channel_created'
  | 'crystal_sent'
  | 'production_collected'
  | 'quest_claimed';

// ─── Experience and levels ───────────────────────────────────────────────────────────────────

interface ExpRule {
  /** experience per unit of the action's amount (spin: per yang; crystal: per energy sent) */
  per: number;
  /** units that count toward experience per day (stops like/unlike farming); undefined = no limit */
  dailyLimit?: number;
  /** the amount is divided by this before `per` applies (spin: one exp per 2 yang) */
  divisor?: number;
}

/** Experience each game action is worth. */
export const EXP_PER_ACTION: Record<GameAction, ExpRule> = {
  spin: { per: 1, divisor: 2 },
  greeting_sent: { per: 10, dailyLimit: 20 },
  greeting_accepted: { per: 15, dailyLimit: 20 },
  greeting_gift_received: { per: 5, dailyLimit: 20 },
  postcard_uploaded: { per: 5, dailyLimit: 20 },
  postcard_approved: { per: 20 },
  sandbox_vote: { per: 2, dailyLimit: 100 },
  like_given: { per: 1, dailyLimit: 30 },
  bookmark_added: { per: 1, dailyLimit: 20 },
  channel_created: { per: 10, dailyLimit: 3 },
  crystal_sent: { per: 1, divisor: 50 },
  production_collected: { per: 10 },
  quest_claimed: { per: 5 },
};

/** Experience an action of `amount` units gives, given how many units were already counted today. */
export function expFor(action: GameAction, amount: number, countedToday: number): number {
  const rule = EXP_PER_ACTION[action];
  const room = rule.dailyLimit === undefined ? amount : Math.max(0, Math.min(amount, rule.dailyLimit - countedToday));
  return Math.floor(room / (rule.divisor ?? 1)) * rule.per;
}

export const MAX_LEVEL = 50;

/** Total experience needed to reach `level`: 50 · L · (L − 1) → 0, 100, 300, 600, 1000, … */
export const expForLevel = (level: number): number => 50 * level * (level - 1);

/** The level a total experience gives (1 … MAX_LEVEL). */
export function levelForExp(exp: number): number {
  let level = 1;
  while (level < MAX_LEVEL && exp >= expForLevel(level + 1)) level += 1;
  return level;
}

/** Production cards open at these levels (feature unlocks of the level curve). */
export const CARD_UNLOCK_LEVEL: Record<CardType, number> = {
  wisdom: 1,
  strength: 2,
  magic: 4,
  luck: 6,
  peace: 8,
  creativity: 10,
};

/**
 * What reaching a level brings: yang (`energy`), gems, a feature key the web app can name, the yin
 * cap, and the card it unlocks (the API's `description` is the catalog's, catalog.ts).
 */
export type LevelReward = Omit<LevelRewards, 'description'> & { card: CardType | null };

/** What reaching `level` pays: 50 · L yang, 1 gem (5 on every fifth level), a higher yin cap, card unlocks. */
export function levelReward(level: number): LevelReward {
  const card = CARD_TYPES.find((c) => CARD_UNLOCK_LEVEL[c] === level && level > 1) ?? null;
  return {
    energy: 50 * level,
    gems: level % 5 === 0 ? 5 : 1,
    feature_unlock: card ? `production.${card}` : null,
    yin_cap: yinCap(level),
    card,
  };
}

// ─── Top players ─────────────────────────────────────────────────────────────────────────────

/** Players are ranked by total experience, then total energy, then who joined first. */
export const TOP_NOTIFY_RANK = 100;

// ─── Quests (daily) ──────────────────────────────────────────────────────────────────────────

/** A daily quest; its title and descriptions are the catalog's (`game:catalog.quests.<key>`, catalog.ts). */
export interface QuestDef {
  key: string;
  icon: string;
  /** the action whose amounts today count toward the quest */
  action: GameAction;
  target: number;
  difficulty: QuestDifficulty;
  reward: { energy: number; gems: number };
}

/** The daily quests: progress is today's sum of the action's amounts; they reset at the daily reset. */
export const QUESTS: QuestDef[] = [
  {
    key: 'spin',
    icon: '🌀',
    action: 'spin',
    target: 60,
    difficulty: 'easy',
    reward: { energy: 20, gems: 0 },
  },
  {
    key: 'likes',
    icon: '❤️',
    action: 'like_given',
    target: 5,
    difficulty: 'easy',
    reward: { energy: 15, gems: 0 },
  },
  {
    key: 'greeting',
    icon: '💌',
    action: 'greeting_sent',
    target: 1,
    difficulty: 'easy',
    reward: { energy: 30, gems: 1 },
  },
  {
    key: 'sandbox',
    icon: '⚖️',
    action: 'sandbox_vote',
    target: 10,
    difficulty: 'medium',
    reward: { energy: 50, gems: 1 },
  },
  {
    key: 'production',
    icon: '🏭',
    action: 'production_collected',
    target: 2,
    difficulty: 'medium',
    reward: { energy: 60, gems: 2 },
  },
  {
    key: 'crystals',
    icon: '💎',
    action: 'crystal_sent',
    target: 500,
    difficulty: 'hard',
    reward: { energy: 100, gems: 5 },
  },
];

// ─── Achievements ────────────────────────────────────────────────────────────────────────────

export type AchievementMetric = GameAction | 'level' | 'distinct_crystals' | 'daily_streak';

/** An achievement; its title and description are the catalog's (`game:catalog.achievements.<key>`). */
export interface AchievementDef {
  key: string;
  icon: string;
  /** lifetime sum of an action's amounts, or the level, distinct crystals, daily streak */
  metric: AchievementMetric;
  target: number;
  reward: { coins: number; gems: number };
}

/** Achievements unlock once, when their metric reaches the target; each pays coins and gems. */
export const ACHIEVEMENTS: AchievementDef[] = [
  // The spin metric sums saved yang, and every saved spin gains at least SPIN_MIN_YANG, so "yang ≥ 1"
  // is exactly "one spin saved": the player sees 0 / 1 (spins), not 0 / 2 (yang).
  { key: 'first_spin', icon: '🌀', metric: 'spin', target: 1, reward: { coins: 10, gems: 1 } },
  { key: 'spin_master', icon: '🌪️', metric: 'spin', target: 1000, reward: { coins: 100, gems: 5 } },
  { key: 'first_greeting', icon: '💌', metric: 'greeting_sent', target: 1, reward: { coins: 10, gems: 1 } },
  { key: 'greeter', icon: '🎉', metric: 'greeting_sent', target: 10, reward: { coins: 50, gems: 3 } },
  { key: 'welcome_guest', icon: '🤝', metric: 'greeting_accepted', target: 5, reward: { coins: 30, gems: 2 } },
  { key: 'approved_author', icon: '🖼️', metric: 'postcard_approved', target: 1, reward: { coins: 30, gems: 2 } },
  { key: 'judge', icon: '⚖️', metric: 'sandbox_vote', target: 100, reward: { coins: 50, gems: 3 } },
  { key: 'producer', icon: '🏭', metric: 'production_collected', target: 10, reward: { coins: 50, gems: 3 } },
  { key: 'quester', icon: '🗺️', metric: 'quest_claimed', target: 10, reward: { coins: 50, gems: 3 } },
  { key: 'collector', icon: '💎', metric: 'distinct_crystals', target: 7, reward: { coins: 70, gems: 5 } },
  { key: 'full_collection', icon: '👑', metric: 'distinct_crystals', target: 14, reward: { coins: 300, gems: 20 } },
  { key: 'level_5', icon: '⭐', metric: 'level', target: 5, reward: { coins: 50, gems: 3 } },
  { key: 'level_10', icon: '🌟', metric: 'level', target: 10, reward: { coins: 150, gems: 10 } },
  { key: 'streak_7', icon: '📅', metric: 'daily_streak', target: 7, reward: { coins: 70, gems: 5 } },
];

// ─── Daily reward ────────────────────────────────────────────────────────────────────────────

/** Streak day d (1…7, stays at 7) pays 10 · d yang and 5 · d coins; day 7 adds 3 gems. Missing a day restarts at 1. */
export const DAILY_STREAK_MAX = 7;
export function dailyReward(streakDay: number): { energy: number; coins: number; gems: number } {
  const d = Math.min(Math.max(1, streakDay), DAILY_STREAK_MAX);
  return { energy: 10 * d, coins: 5 * d, gems: d === DAILY_STREAK_MAX ? 3 : 0 };
}

// ─── Production ──────────────────────────────────────────────────────────────────────────────

/** A production card; its name and description are the catalog's (`game:catalog.cards.<type>`). */
export interface CardDef {
  yang_cost: number;
  yin_cost: number;
  /** seconds one run takes */
  production_time: number;
  resource: ResourceType;
  /** resource one run yields at level 1 */
  base_output: number;
}

/** The six cards: yang costs 400 … 3000, yin a quarter of it. */
export const CARDS: Record<CardType, CardDef> = {
  wisdom: { yang_cost: 400, yin_cost: 100, production_time: 60, resource: 'wisdom', base_output: 5 },
  strength: { yang_cost: 600, yin_cost: 150, production_time: 120, resource: 'power', base_output: 6 },
  magic: { yang_cost: 1000, yin_cost: 250, production_time: 300, resource: 'transcendence', base_output: 4 },
  luck: { yang_cost: 1500, yin_cost: 400, production_time: 600, resource: 'joy', base_output: 10 },
  peace: { yang_cost: 2000, yin_cost: 500, production_time: 900, resource: 'harmony', base_output: 12 },
  creativity: { yang_cost: 3000, yin_cost: 750, production_time: 1800, resource: 'joy', base_output: 25 },
};

export const MAX_CARD_LEVEL = 10;
/** At most this many unfinished or uncollected runs at once; one per card type. */
export const PRODUCTION_QUEUE_LIMIT = 3;

/** A run at card level L yields base · (1 + (L − 1) / 2), rounded down. */
export const cardOutput = (card: CardType, level: number): number =>
  Math.floor(CARDS[card].base_output * (1 + (level - 1) / 2));

/** Raising a card from level L costs 10 · L of its own resource. */
export const upgradeCost = (card: CardType, level: number): { resource: ResourceType; amount: number } => ({
  resource: CARDS[card].resource,
  amount: 10 * level,
});

// ─── Crystals ────────────────────────────────────────────────────────────────────────────────

/** A crystal; its name is the catalog's (`game:catalog.crystals.<key>`). */
export interface CrystalDef {
  key: string;
  /** "one in N": the higher, the rarer */
  rarity: number;
  color: string;
}

/** The 14 crystals, rarities 1000 … 100000. */
export const CRYSTALS: CrystalDef[] = [
  { key: 'quartz', rarity: 1000, color: '#e5e7eb' },
  { key: 'amethyst', rarity: 1500, color: '#a78bfa' },
  { key: 'citrine', rarity: 2500, color: '#facc15' },
  { key: 'agate', rarity: 4000, color: '#d97706' },
  { key: 'malachite', rarity: 5000, color: '#059669' },
  { key: 'turquoise', rarity: 7500, color: '#2dd4bf' },
  { key: 'topaz', rarity: 10000, color: '#fb923c' },
  { key: 'garnet', rarity: 15000, color: '#b91c1c' },
  { key: 'aquamarine', rarity: 20000, color: '#38bdf8' },
  { key: 'emerald', rarity: 30000, color: '#10b981' },
  { key: 'sapphire', rarity: 45000, color: '#2563eb' },
  { key: 'ruby', rarity: 60000, color: '#e11d48' },
  { key: 'alexandrite', rarity: 75000, color: '#7c3aed' },
  { key: 'diamond', rarity: 100000, color: '#f0f9ff' },
];

/** Rarity labels by thresholds 1000, 5000, 15000, 30000, 75000. */
export const RARITY_LABELS: { from: number; key: string }[] = [
  { from: 75000, key: 'legendary' },
  { from: 30000, key: 'epic' },
  { from: 15000, key: 'rare' },
  { from: 5000, key: 'uncommon' },
  { from: 1000, key: 'common' },
];
export const rarityOf = (rarity: number) => RARITY_LABELS.find((r) => rarity >= r.from) ?? RARITY_LABELS.at(-1)!;

/**
 * Draw weight of a crystal when `amount` energy is sent: 100000 / rarity, and crystals from
 * "Необычный" up get √(amount / 50) times that — a bigger offering, better odds of a rare one.
 */
export function crystalWeight(c: CrystalDef, amount: number): number {
  const base = 100000 / c.rarity;
  return c.rarity >= 5000 ? base * Math.sqrt(amount / CRYSTAL_SEND.min) : base;
}

/** Picks a crystal by weighted random; `random` returns a number in [0, 1). */
export function drawCrystal(amount: number, random: () => number): CrystalDef {
  const weights = CRYSTALS.map((c) => crystalWeight(c, amount));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = random() * total;
  for (let i = 0; i < CRYSTALS.length; i += 1) {
    x -= weights[i]!;
    if (x < 0) return CRYSTALS[i]!;
  }
  return CRYSTALS[CRYSTALS.length - 1]!;
}
