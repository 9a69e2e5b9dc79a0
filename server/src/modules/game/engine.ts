import type { Queryable } from '../../db';
import type { GameStateTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import { iso } from '../../platform/clock';
import type { NotificationType } from '@otkrytka/contract';
import type { Notice } from '../../events/catalogue';
import { recordEvent, scheduleJob, writeTx } from '../../jobs/runner';
import { lastNotificationAt } from '../notifications';
import { type Asset, applyLedger, getBalances, grantStartingBalances, hasAnyLedger, type LedgerEntry, lockBalances } from '../ledger';
import { gameRepo } from './repo';
import { ENERGY_FULL_NOTICE_COOLDOWN_MS, YIN_REGEN, yinCap } from './rules';
import { energyFullNotice } from './texts';

export type GameState = Selectable<GameStateTable>;

/**
 * One player's game inside one transaction. Opening it locks the player's state row, so every
 * game change of one player runs one at a time on both databases, and regenerates yin up to now.
 */
export interface GameTx {
  trx: Queryable;
  deps: Deps;
  userId: number;
  now: Date;
  at: string;
  state: GameState;
  /** balances as stored before this transaction regenerated yin */
  original: Record<Asset, number>;
  /** a read (readGame): yin regenerated up to now but not stored */
  unstoredYin?: number;
  /** a read (readGame): nothing changes the stored balances during it, so `original` is current */
  readOnly?: true;
}

/**
 * Opens the player's game in `trx`: creates the state on first use, locks it, regenerates yin.
 * Lock order (docs/ARCHITECTURE.md), the same in every money transaction: the player's balances, then their
 * game state. (Greetings and other modules touch balances only; the game locks both, in this order.)
 */
export async function openGame(trx: Queryable, deps: Deps, userId: number): Promise<GameTx> {
  const now = deps.clock.now();
  const at = iso(now);
  await lockBalances(trx, userId);
  const created = await gameRepo.ensureState(trx, userId, at);
  // accounts made outside sign-up (imports, seeds) still start with the default energy
  if (created && !(await hasAnyLedger(trx, userId))) await grantStartingBalances(trx, userId, at);
  const state = await gameRepo.lockState(trx, userId, at);
  const original = await getBalances(trx, userId);
  const g: GameTx = { trx, deps, userId, now, at, state, original };
  await regenerateYin(g, original.yin);
  return g;
}

/**
 * Yin regenerated since `yin_regen_at` up to `now` (at most to the level cap), where the regen
 * clock then stands, and when yin became full if it did.
 */
function regeneration(state: GameState, yin: number, now: Date): { add: number; regenAt: string; fullAt: Date | null } {
  const cap = yinCap(state.level);
  if (yin >= cap) return { add: 0, regenAt: iso(now), fullAt: null };
  const since = Date.parse(state.yin_regen_at);
  const steps = Math.floor((now.getTime() - since) / YIN_REGEN.everyMs);
  if (steps <= 0) return { add: 0, regenAt: state.yin_regen_at, fullAt: null };
  const add = Math.min(steps * YIN_REGEN.amount, cap - yin);
  if (yin + add < cap) return { add, regenAt: iso(new Date(since + steps * YIN_REGEN.everyMs)), fullAt: null };
  return { add, regenAt: iso(now), fullAt: new Date(since + Math.ceil((cap - yin) / YIN_REGEN.amount) * YIN_REGEN.everyMs) };
}

/** Adds the yin regenerated since `yin_regen_at`, up to the level cap; notifies when it fills up. */
async function regenerateYin(g: GameTx, yin: number): Promise<void> {
  const r = regeneration(g.state, yin, g.now);
  if (r.add > 0) await applyLedger(g.trx, [{ userId: g.userId, asset: 'yin', delta: r.add, reason: 'regeneration' }], g.at);
  await setRegenAt(g, r.regenAt);
  if (r.fullAt) {
    const last = await lastNotificationAt(g.trx, g.userId, 'energy_full');
    if (!last || r.fullAt.getTime() - Date.parse(last) >= ENERGY_FULL_NOTICE_COOLDOWN_MS) {
      await notify(g, energyFullNotice(g.userId, yinCap(g.state.level)), iso(r.fullAt));
    }
  }
}

async function setRegenAt(g: GameTx, at: string) {
  if (g.state.yin_regen_at === at) return;
  await gameRepo.updateState(g.trx, g.userId, { yin_regen_at: at });
  g.state = { ...g.state, yin_regen_at: at };
}

/** Schedules the energy_full notice for when regeneration fills the player's yin again (one per player). */
async function scheduleEnergyFull(g: GameTx): Promise<void> {
  const yin = (await getBalances(g.trx, g.userId)).yin;
  const cap = yinCap(g.state.level);
  if (yin >= cap) return;
  const fullAt = Date.parse(g.state.yin_regen_at) + Math.ceil((cap - yin) / YIN_REGEN.amount) * YIN_REGEN.everyMs;
  await scheduleJob(g.trx, g.at, 'energy.full', iso(new Date(fullAt)), { userId: g.userId }, `energy_full:${g.userId}`);
}

/** When the next yin point arrives (null at the cap). */
export function nextYinAt(state: GameState, yin: number): string | null {
  if (yin >= yinCap(state.level)) return null;
  return iso(new Date(Date.parse(state.yin_regen_at) + YIN_REGEN.everyMs));
}

/** Tells the player of something, dated `at`: the notifications module stores it after commit. */
export async function notify(g: GameTx, notice: Notice, at: string = g.at): Promise<void> {
  await recordEvent(g.trx, g.at, 'notice.raised', { notice, at });
}

/** The player's notices of `type` are done with (their action is taken); `params` picks some by their template's params. */
export async function noticesDone(g: GameTx, type: NotificationType, params?: Record<string, string | number>): Promise<void> {
  await recordEvent(g.trx, g.at, 'notices.done', { userId: g.userId, type, ...(params ? { params } : {}) });
}

/**
 * Runs a read of a player's game with plain reads: no transaction, no lock, no write. Yin
 * regenerated since the last write is counted (`balancesOf`) and stored by the next write. It
 * writes (through runGame) only when something is due: a player's first game state, or yin
 * that got full (stored with its energy_full notice), once each.
 */
export async function readGame<T>(deps: Deps, userId: number, fn: (g: GameTx) => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  // two plain reads, as before, at once: on PostgreSQL that is one round trip of waiting, not two
  const [state, original] = await Promise.all([gameRepo.getState(deps.db, userId), getBalances(deps.db, userId)]);
  if (!state) return runGame(deps, userId, fn);
  const r = regeneration(state, original.yin, now);
  // yin got full since the last write: store it and its notice, once
  if (r.fullAt) return runGame(deps, userId, fn);
  const g: GameTx = { trx: deps.db, deps, userId, now, at: iso(now), state: { ...state, yin_regen_at: r.regenAt }, original, unstoredYin: r.add, readOnly: true };
  return fn(g);
}

/** The player's balances as of now: stored, plus the yin a read counted but did not store. */
export async function balancesOf(g: GameTx): Promise<Record<Asset, number>> {
  const b = g.readOnly ? g.original : await getBalances(g.trx, g.userId);
  return g.unstoredYin ? { ...b, yin: b.yin + g.unstoredYin } : b;
}

/**
 * Runs one game operation of a player in a transaction (retried on a PostgreSQL deadlock or
 * serialization failure); the events it recorded are handled once committed.
 */
export function runGame<T>(deps: Deps, userId: number, fn: (g: GameTx) => Promise<T>): Promise<T> {
  return writeTx(deps, async (trx) => fn(await openGame(trx, deps, userId)));
}

/** Applies ledger entries for the player; a shortfall answers 409 INSUFFICIENT_BALANCE naming the asset. */
export async function pay(g: GameTx, entries: Omit<LedgerEntry, 'userId'>[]): Promise<void> {
  await applyLedger(g.trx, entries.map((e) => ({ ...e, userId: g.userId })), g.at);
  if (entries.some((e) => e.asset === 'yin' && e.delta < 0)) await scheduleEnergyFull(g);
}
