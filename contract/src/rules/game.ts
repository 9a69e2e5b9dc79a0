/**
 * The part of the game rules the web app needs at run time (zod-free). The server's
 * `modules/game/rules.ts` re-exports these next to every other game constant, so that module
 * stays the one place to read all of them.
 */

/** Spin: each second of holding gains this much yang. */
export const SPIN_YANG_PER_SECOND = 1;
/** Yang is saved in pairs, and only from this much up. */
export const SPIN_MIN_YANG = 2;
/** A spin token older than this can no longer be finished (the client restarts). */
export const SPIN_MAX_SECONDS = 3600;

/**
 * Yin cost of ONE yang by the total spin seconds: up to 60 s costs 0.5;
 * 61–300 s costs 1; above 300 s costs 1 + floor((s − 300) / 60).
 */
export function spinYinPerYang(seconds: number): number {
  const s = Math.floor(seconds);
  if (s <= 60) return 0.5;
  if (s <= 300) return 1;
  return 1 + Math.floor((s - 300) / 60);
}

/** Yang a spin of `seconds` whole seconds saves: one per second, counted in pairs (0 below 2). */
export function spinYang(seconds: number): number {
  const raw = Math.floor(Math.max(0, seconds)) * SPIN_YANG_PER_SECOND;
  const pairs = raw - (raw % 2);
  return pairs >= SPIN_MIN_YANG ? pairs : 0;
}

/** Yin a spin of `seconds` costs for the yang it saves (an integer, since yang comes in pairs). */
export function spinYinCost(seconds: number): number {
  return spinYang(seconds) * spinYinPerYang(seconds);
}

/** The longest spin `yin` can pay for, in whole seconds (the hold stops there). */
export function spinMaxSecondsFor(yin: number): number {
  if (yin <= 0) return 0;
  let s = 0;
  while (s < SPIN_MAX_SECONDS && spinYinCost(s + 1) <= yin) s += 1;
  return s;
}

/** Yin regenerates on the server by `amount` every `everyMs` up to the level cap; the display mirrors it. */
export const YIN_REGEN = { everyMs: 5000, amount: 1 } as const;

/** Crystal send slider. */
export const CRYSTAL_SEND = { min: 50, max: 1000, step: 50 } as const;

/** Top players: page size 20, at most 5 pages; rank colour bands. */
export const TOP_PLAYERS = { pageSize: 20, maxPages: 5, bands: [100, 200, 300] } as const;

/** Notifications list page size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Production data refreshes every 30 s. */
export const PRODUCTION_REFRESH_MS = 30_000;

export const RESOURCE_TYPES = ['joy', 'wisdom', 'power', 'harmony', 'transcendence'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const CARD_TYPES = ['wisdom', 'strength', 'magic', 'luck', 'peace', 'creativity'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const QUEST_STATUSES = ['available', 'in_progress', 'completed', 'expired'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

export const QUEST_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestDifficulty = (typeof QUEST_DIFFICULTIES)[number];

/** The notification types, each with its own filter in the notifications list. */
export const NOTIFICATION_TYPES = [
  'level_up',
  'gift',
  'quest',
  'achievement',
  'greeting_received',
  // after sending: first open, thank-you reply, a scheduled greeting's moment
  'greeting_opened',
  'greeting_reply',
  'greeting_scheduled_open',
  'date_reminder',
  'energy_full',
  'production_complete',
  'top_position',
  'daily_reward',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Events the live stream and the web app use to refresh game data. */
export const GAME_EVENTS = [
  'energy_spent',
  'energy_added',
  'energy_spin',
  'experience_added',
  'level_up',
  'quest_completed',
  'quest_progress',
  'achievement_unlocked',
  'notification_read',
  'production_completed',
  'production_started',
  'manual_refresh',
] as const;
export type GameEvent = (typeof GAME_EVENTS)[number];
