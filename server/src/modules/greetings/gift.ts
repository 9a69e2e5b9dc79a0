import type { Queryable } from '../../db';
import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { giftMaximum } from '@otkrytka/contract/rules/greetings';
import { applyLedger, getBalances, InsufficientBalanceError, lockBalances } from '../ledger';
import { greetingsRepo } from './repo';

/**
 * The energy gift of a greeting (docs/PRODUCT-RULES.md, greetings): taken from the sender's yang when the greeting is
 * created, held by the greeting, then paid exactly once — to the first person who accepts it, or
 * back to the sender when the greeting (or its postcard) is deleted unclaimed. `greetings.gift_paid_to`
 * records who got it; the guarded update in `claimGift` is what makes "exactly once" hold under concurrency.
 */
export const GIFT_ASSET = 'yang' as const;

const ref = (greetingId: number) => ({ refType: 'greeting', refId: greetingId });

export async function escrowGift(trx: Queryable, g: { id: number; user_id: number; energy: number }, at: string) {
  // the largest gift is the one rule the wizard's slider shows (`giftMaximum` of the sender's yang)
  await lockBalances(trx, g.user_id);
  const max = giftMaximum((await getBalances(trx, g.user_id))[GIFT_ASSET]);
  if (g.energy > max) throw new InsufficientBalanceError(GIFT_ASSET, `Not enough energy for a gift of ${g.energy}: the largest gift is ${max}`);
  try {
    await applyLedger(
      trx,
      [{ userId: g.user_id, asset: GIFT_ASSET, delta: -g.energy, reason: 'greeting_gift_escrow', ...ref(g.id) }],
      at,
    );
  } catch (e) {
    if (e instanceof InsufficientBalanceError) {
      throw new InsufficientBalanceError(GIFT_ASSET, `Not enough energy for a gift of ${g.energy}`);
    }
    throw e;
  }
}

/** Pays the gift to `userId` if it is still unclaimed; answers the energy paid (0 when none). */
export async function payGift(trx: Queryable, g: { id: number; energy: number }, userId: number, at: string) {
  if (g.energy <= 0 || !(await greetingsRepo.claimGift(trx, g.id, userId))) return 0;
  await applyLedger(trx, [{ userId, asset: GIFT_ASSET, delta: g.energy, reason: 'greeting_gift', ...ref(g.id) }], at);
  return g.energy;
}

/** Returns an unclaimed gift to its sender; answers the energy refunded (0 when none). */
export async function refundGift(trx: Queryable, g: { id: number; user_id: number; energy: number }, at: string) {
  if (g.energy <= 0 || !(await greetingsRepo.claimGift(trx, g.id, g.user_id))) return 0;
  await applyLedger(
    trx,
    [{ userId: g.user_id, asset: GIFT_ASSET, delta: g.energy, reason: 'greeting_gift_refund', ...ref(g.id) }],
    at,
  );
  return g.energy;
}

/**
 * Returns to their senders the gifts whose greetings are gone unpaid: deleting a postcard or a
 * channel takes the greetings made of it along (foreign key cascade), and their escrow stays in
 * the ledger with no greeting to pay. Runs after such a delete (`postcards.deleted`,
 * `channel.deleted`); a gift is refunded once, because its refund row marks it settled and sweeps
 * run one at a time (PostgreSQL: an advisory lock; SQLite: one writer).
 */
export async function refundOrphanedGifts(trx: Queryable, at: string): Promise<number> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('greetings.orphaned-gifts'))`.execute(trx);
  let total = 0;
  for (const g of await greetingsRepo.orphanedEscrows(trx)) {
    await applyLedger(trx, [{ userId: g.user_id, asset: GIFT_ASSET, delta: g.energy, reason: 'greeting_gift_refund', refType: 'greeting', refId: g.ref_id }], at);
    total += g.energy;
  }
  return total;
}
