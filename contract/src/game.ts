import { z } from 'zod';
import { defineRoutes } from './route';
import { QueryCount } from './common';
import { CRYSTAL_SEND, QUEST_DIFFICULTIES, QUEST_STATUSES, RESOURCE_TYPES, TOP_PLAYERS } from './rules/game';

const Int = z.number().int();

/** Spin state shown in the hub. */
export const SpinStatus = z.object({
  can_spin: z.boolean(),
  /** why not, when can_spin is false */
  reason: z.string().nullable(),
  /** the longest spin the current yin pays for, in seconds */
  max_seconds: Int,
});

/** Energy status, computed by the server after regenerating yin up to now. */
export const EnergyStatus = z.object({
  yang_energy: Int,
  yin_energy: Int,
  total_energy: Int,
  yang_percent: z.number(),
  yin_percent: z.number(),
  /** when the energy balances last changed */
  last_update: z.string(),
  current_time: z.string(),
  server_time: z.string(),
  server_timezone: z.string(),
  /** server time as Unix seconds (the original back end's `time.time()`) */
  python_time: z.number(),
  /** the stored figures before this read regenerated yin */
  original_yang_energy: Int,
  original_yin_energy: Int,
  original_total_energy: Int,
  /** yin regenerates toward this level-dependent cap */
  yin_cap: Int,
  yin_regen: z.object({ every_ms: Int, amount: Int }),
  /** when the next yin point arrives, or null at the cap */
  next_yin_at: z.string().nullable(),
  spin_status: SpinStatus,
});
export type EnergyStatus = z.infer<typeof EnergyStatus>;

export const GameSummary = z.object({
  /** total energy (yang + yin) */
  energy: Int,
  yang_energy: Int,
  yin_energy: Int,
  level: Int,
  experience: Int,
  coins: Int,
  gems: Int,
});
export type GameSummary = z.infer<typeof GameSummary>;

export const LevelRewards = z.object({
  energy: Int,
  gems: Int,
  feature_unlock: z.string().nullable(),
  description: z.string(),
  /** the yin cap the level brings */
  yin_cap: Int,
});
export type LevelRewards = z.infer<typeof LevelRewards>;

export const LevelInfo = z.object({
  current_level: Int,
  /** experience gathered inside the current level */
  current_exp: Int,
  /** experience still needed for the next level (0 at the top level) */
  exp_to_next: Int,
  /** experience the current level spans */
  level_exp: Int,
  total_exp: Int,
  progress_percent: z.number(),
  max_level: Int,
  yin_cap: Int,
  next_level_rewards: LevelRewards.nullable(),
  /** how experience is earned: `exp` for every `per` units of the action, counted up to `daily_limit` units a day */
  exp_rules: z.array(z.object({ action: z.string(), exp: Int, per: Int, daily_limit: Int.nullable() })),
});
export type LevelInfo = z.infer<typeof LevelInfo>;

export const Resources = z.object(Object.fromEntries(RESOURCE_TYPES.map((r) => [r, Int])) as Record<(typeof RESOURCE_TYPES)[number], typeof Int>);
export type Resources = z.infer<typeof Resources>;

export const DailyRewardStatus = z.object({
  available: z.boolean(),
  /** consecutive days claimed so far (0 when the streak is broken) */
  streak: Int,
  /** the streak day the next claim counts as (1…7) */
  next_day: Int,
  reward: z.object({ energy: Int, coins: Int, gems: Int }),
  /** the whole week, day 1…7 */
  week: z.array(z.object({ day: Int, energy: Int, coins: Int, gems: Int })),
  /** seconds until the daily reset */
  timeLeft: Int,
});
export type DailyRewardStatus = z.infer<typeof DailyRewardStatus>;

export const FullGameData = z.object({
  summary: GameSummary,
  energy: EnergyStatus,
  level: LevelInfo,
  resources: Resources,
  daily_reward: DailyRewardStatus,
  crystals: z.object({ distinct: Int, total: Int, of: Int }),
  achievements: z.object({ unlocked: Int, total: Int }),
  quests: z.object({ completed: Int, claimable: Int, total: Int }),
  /** lifetime sums of game actions (spin = yang gained, crystal_sent = energy sent, others = times) */
  stats: z.record(z.string(), Int),
});
export type FullGameData = z.infer<typeof FullGameData>;

const EnergyPoints = z.number().int().min(1).max(1_000_000);
const Reason = z.string().trim().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lowercase letters, digits and _, up to 40');

export const SpendEnergyBody = z.object({ energy_points: EnergyPoints, reason: Reason.default('manual_spent') });
export const AddEnergyBody = z.object({ energy_points: EnergyPoints.default(1), reason: Reason.default('manual_add') });
export const EnergyChange = EnergyStatus.extend({ success: z.literal(true) });

export const SpinStart = z.object({
  /** the server-issued token that names this spin when it is saved */
  spin_id: z.string(),
  started_at: z.string(),
  server_time: z.string(),
  yin_energy: Int,
  max_seconds: Int,
});
export const SpinBody = z.object({
  spin_id: z.string().min(1).max(64),
  yangGained: z.number().int().min(0),
  yinSpent: z.number().int().min(0),
  totalSpinTime: z.number().int().min(0),
});
export const SpinResult = z.object({
  success: z.literal(true),
  /** false when fewer than 2 yang were gained: nothing is spent or granted */
  saved: z.boolean(),
  /** yang added */
  energy_change: Int,
  yin_spent: Int,
  experience_gain: Int,
  yang_energy: Int,
  yin_energy: Int,
  total_energy: Int,
  level: Int,
  level_up: z.boolean(),
});
export type SpinResult = z.infer<typeof SpinResult>;

export const TopPlayer = z.object({
  id: Int,
  rank: Int,
  /** public display name (username or first name), null when the player set none */
  name: z.string().nullable(),
  level: Int,
  energy: Int,
  experience: Int,
});
export type TopPlayer = z.infer<typeof TopPlayer>;

export const TopPlayersQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(TOP_PLAYERS.pageSize).default(TOP_PLAYERS.pageSize),
    offset: QueryCount.default(0),
  })
  .refine((q) => q.offset + q.limit <= TOP_PLAYERS.pageSize * TOP_PLAYERS.maxPages, {
    path: ['offset'],
    message: `the top list ends at ${TOP_PLAYERS.pageSize * TOP_PLAYERS.maxPages}`,
  });
export const TopPlayersPage = z.object({
  players: z.array(TopPlayer),
  /** ranked players in the list (at most 100) */
  total: Int,
  limit: Int,
  offset: Int,
  has_more: z.boolean(),
  /** the signed-in player; rank is null before any experience */
  me: z.object({ rank: Int.nullable(), level: Int, energy: Int, experience: Int }),
});
export type TopPlayersPage = z.infer<typeof TopPlayersPage>;

export const Quest = z.object({
  /** `<day>_<key>`, for example `2025-03-08_spin` */
  id: z.string(),
  key: z.string(),
  title: z.string(),
  icon: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  reward: z.object({ energy: Int, gems: Int }),
  progress: Int,
  maxProgress: Int,
  difficulty: z.enum(QUEST_DIFFICULTIES),
  status: z.enum(QUEST_STATUSES),
  claimed: z.boolean(),
  /** seconds until the daily reset (0 once expired) */
  timeLeft: Int,
});
export type Quest = z.infer<typeof Quest>;
export const QuestList = z.object({ quests: z.array(Quest), day: z.string(), reset_at: z.string(), timeLeft: Int });
export type QuestList = z.infer<typeof QuestList>;
export const QuestClaimResult = z.object({
  success: z.literal(true),
  quest: Quest,
  reward: z.object({ energy: Int, gems: Int }),
  experience_gain: Int,
  summary: GameSummary,
});
export type QuestClaimResult = z.infer<typeof QuestClaimResult>;

export const Achievement = z.object({
  id: z.string(),
  title: z.string(),
  icon: z.string(),
  description: z.string(),
  progress: Int,
  maxProgress: Int,
  unlocked: z.boolean(),
  unlocked_at: z.string().nullable(),
  reward: z.object({ coins: Int, gems: Int }),
});
export type Achievement = z.infer<typeof Achievement>;
export const AchievementList = z.object({ achievements: z.array(Achievement), unlocked: Int, total: Int });

export const DailyRewardClaim = z.object({
  success: z.literal(true),
  day: Int,
  streak: Int,
  reward: z.object({ energy: Int, coins: Int, gems: Int }),
  status: DailyRewardStatus,
  summary: GameSummary,
});

export const Crystal = z.object({
  key: z.string(),
  name: z.string(),
  rarity: Int,
  rarity_key: z.string(),
  rarity_label: z.string(),
  color: z.string(),
  /** how many the player holds */
  count: Int,
  first_found_at: z.string().nullable(),
});
export type Crystal = z.infer<typeof Crystal>;
export const CrystalCollection = z.object({ crystals: z.array(Crystal), distinct: Int, total: Int });
export type CrystalCollection = z.infer<typeof CrystalCollection>;
export const CrystalSendBody = z.object({
  amount: z
    .number()
    .int()
    .min(CRYSTAL_SEND.min)
    .max(CRYSTAL_SEND.max)
    .refine((n) => n % CRYSTAL_SEND.step === 0, `must be a multiple of ${CRYSTAL_SEND.step}`),
});
export const CrystalSendResult = z.object({
  success: z.literal(true),
  crystal: Crystal,
  is_new: z.boolean(),
  spent: Int,
  experience_gain: Int,
  yang_energy: Int,
  collection: z.object({ distinct: Int, total: Int }),
});
export type CrystalSendResult = z.infer<typeof CrystalSendResult>;

export const gameRoutes = defineRoutes({
  'GET /api/user-game-data/summary': { access: 'user', summary: 'Game summary: energy, level, experience, coins, gems', response: GameSummary },
  'GET /api/user-game-data/energy-status': { access: 'user', summary: 'Energy status (yin regenerated up to now)', response: EnergyStatus },
  'GET /api/user-game-data/full': { access: 'user', summary: 'Everything the game hub shows at once', response: FullGameData },
  'POST /api/user-game-data/spend-energy-v2': {
    access: 'user',
    summary: 'Spend yang energy for a reason (kept in the ledger)',
    body: SpendEnergyBody,
    response: EnergyChange,
  },
  'POST /api/user-game-data/add-yang-energy': {
    access: 'user',
    summary: 'Moderator top-up; energy cannot be minted by players (403)',
    body: AddEnergyBody,
    response: EnergyChange,
  },
  'POST /api/user-game-data/add-yin-energy': {
    access: 'user',
    summary: 'Moderator top-up; energy cannot be minted by players (403)',
    body: AddEnergyBody,
    response: EnergyChange,
  },
  'POST /api/game/spin/start': { access: 'user', summary: 'Start a server-timed spin (the hold begins)', response: SpinStart },
  'POST /api/game/spin': {
    access: 'user',
    summary: 'Save a spin: the server checks the time really passed and the yang/yin conversion',
    body: SpinBody,
    response: SpinResult,
  },
  'GET /api/game/level': { access: 'user', summary: 'Level, experience and the next level rewards', response: LevelInfo },
  'GET /api/game/top-players': {
    access: 'user',
    summary: 'Top players by experience (20 per page, 5 pages)',
    query: TopPlayersQuery,
    response: TopPlayersPage,
  },
  'GET /api/game/quests': { access: 'user', summary: "Today's quests (and yesterday's unclaimed, expired ones)", response: QuestList },
  'POST /api/game/quests/{id}/claim': {
    access: 'user',
    summary: 'Claim the reward of a completed quest (once)',
    params: z.object({ id: z.string().min(1).max(80) }),
    response: QuestClaimResult,
  },
  'GET /api/game/achievements': { access: 'user', summary: 'Achievements with progress', response: AchievementList },
  'GET /api/game/daily-reward': { access: 'user', summary: 'Daily reward status', response: DailyRewardStatus },
  'POST /api/game/daily-reward/claim': { access: 'user', summary: "Claim today's daily reward (once a day)", response: DailyRewardClaim },
  'GET /api/game/crystals': { access: 'user', summary: 'The 14 crystals and how many the player holds', response: CrystalCollection },
  'POST /api/game/crystals/send': {
    access: 'user',
    summary: 'Send 50…1000 yang (step 50) and draw a crystal',
    body: CrystalSendBody,
    response: CrystalSendResult,
  },
});
