import { sql } from 'kysely';
import { ErrorCode } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import { AppError } from '../../http/errors';
import { ledgerRepo } from './repo';

/** Every asset a balance can hold. Energy is yang + yin; the rest are game currencies and resources. */
export const ASSETS = ['yang', 'yin', 'exp', 'coins', 'gems', 'joy', 'wisdom', 'power', 'harmony', 'transcendence'] as const;
export type Asset = (typeof ASSETS)[number];

export interface LedgerEntry {
  userId: number;
  asset: Asset;
  delta: number;
  reason: string;
  refType?: string;
  refId?: string | number;
}

export class InsufficientBalanceError extends AppError {
  constructor(
    readonly asset: Asset,
    detail = `Not enough ${asset}`,
  ) {
    super(409, ErrorCode.INSUFFICIENT_BALANCE, detail);
  }
}

/**
 * Applies balance changes and writes one ledger row per change. Must run inside a transaction:
 * a balance never goes below zero (the guarded UPDATE is atomic per row on both databases), and
 * any failure rolls back every change of the call together with the caller's other writes.
 */
export async function applyLedger(trx: Queryable, entries: LedgerEntry[], at: string): Promise<void> {
  for (const userId of [...new Set(entries.filter((e) => e.delta !== 0).map((e) => e.userId))].sort((a, b) => a - b)) {
    await lockBalances(trx, userId);
  }
  for (const e of entries) {
    if (!Number.isInteger(e.delta)) throw new Error(`ledger delta must be an integer, got ${e.delta}`);
    if (e.delta === 0) continue;
    await trx
      .insertInto('balances')
      .values({ user_id: e.userId, asset: e.asset, amount: 0, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'asset']).doNothing())
      .execute();
    const updated = await trx
      .updateTable('balances')
      .set({ amount: sql`amount + ${e.delta}`, updated_at: at })
      .where('user_id', '=', e.userId)
      .where('asset', '=', e.asset)
      .where(sql<boolean>`amount + ${e.delta} >= 0`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new InsufficientBalanceError(e.asset);
    await trx
      .insertInto('ledger')
      .values({
        user_id: e.userId,
        asset: e.asset,
        delta: e.delta,
        reason: e.reason,
        ref_type: e.refType ?? null,
        ref_id: e.refId === undefined ? null : String(e.refId),
        created_at: at,
      })
      .execute();
  }
}

/** The players whose balances a transaction has locked, so each is locked once per transaction. */
const lockedIn = new WeakMap<Queryable, Set<number>>();

/**
 * Locks the player's balances for the rest of the transaction (docs/ARCHITECTURE.md, lock order:
 * balances first, then game state). Every change of a balance goes through here, so money transactions on one player
 * queue on a single lock instead of deadlocking.
 */
export async function lockBalances(trx: Queryable, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  const locked = lockedIn.get(trx) ?? new Set<number>();
  if (locked.has(userId)) return;
  await ledgerRepo.lockBalances(trx, userId);
  // outside a transaction the lock ends with the statement, so there is nothing to remember
  if (trx.isTransaction) lockedIn.set(trx, locked.add(userId));
}

/** Whether the user's balances ever moved (an account made outside sign-up has no welcome yet). */
export const hasAnyLedger = (db: Queryable, userId: number) => ledgerRepo.hasAny(db, userId);

/** When the player's energy (yang or yin) last changed; null before any. */
export const energyUpdatedAt = (db: Queryable, userId: number): Promise<string | null> => ledgerRepo.energyUpdatedAt(db, userId);

export async function getBalances(db: Queryable, userId: number): Promise<Record<Asset, number>> {
  const rows = await db.selectFrom('balances').select(['asset', 'amount']).where('user_id', '=', userId).execute();
  const out = Object.fromEntries(ASSETS.map((a) => [a, 0])) as Record<Asset, number>;
  for (const r of rows) if ((ASSETS as readonly string[]).includes(r.asset)) out[r.asset as Asset] = r.amount;
  return out;
}

/** Balances every new account starts with (written through the ledger like any other change). */
export const STARTING_BALANCES: Partial<Record<Asset, number>> = { yang: 20, yin: 20 };

export async function grantStartingBalances(trx: Queryable, userId: number, at: string): Promise<void> {
  await applyLedger(
    trx,
    Object.entries(STARTING_BALANCES).map(([asset, delta]) => ({
      userId,
      asset: asset as Asset,
      delta: delta!,
      reason: 'welcome',
    })),
    at,
  );
}
