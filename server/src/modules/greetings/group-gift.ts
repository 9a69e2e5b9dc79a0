import { giftMaximum } from '@otkrytka/contract/rules/greetings';
import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import { applyLedger, getBalances, InsufficientBalanceError, type LedgerEntry, lockBalances } from '../ledger';
import { GIFT_ASSET } from './gift';
import { groupRepo } from './group-repo';

/**
 * The gifts of a group card's contributions (docs/PRODUCT-RULES.md, group cards): each is taken
 * from its author's yang when they sign (escrow), held by the contribution, then settled exactly
 * once — paid to the card's first acceptor, or given back to its author (withdrawn, removed, the
 * card cancelled or expired). `greeting_contributions.gift_settled_to` records where it went; the
 * guarded update in `groupRepo.settle` is what makes "exactly once" hold under concurrency. Every
 * ledger row of a contribution names it (`greeting_contribution`, its id), so the rows of one
 * contribution sum to what it still holds (zero once settled).
 */
const ref = (contributionId: number) => ({ refType: 'greeting_contribution', refId: contributionId });

/**
 * Takes `delta` more yang from the author into the contribution's escrow (a negative `delta` gives
 * that much back: a lowered gift). At most the author's whole yang (409 INSUFFICIENT_BALANCE).
 */
export async function escrowContribution(trx: Queryable, c: { id: number; user_id: number }, delta: number, at: string): Promise<void> {
  if (delta === 0) return;
  if (delta < 0) {
    await applyLedger(trx, [{ userId: c.user_id, asset: GIFT_ASSET, delta: -delta, reason: 'group_gift_refund', ...ref(c.id) }], at);
    return;
  }
  await lockBalances(trx, c.user_id);
  const max = giftMaximum((await getBalances(trx, c.user_id))[GIFT_ASSET]);
  if (delta > max) throw new InsufficientBalanceError(GIFT_ASSET, `Not enough energy for a gift of ${delta}: the largest gift is ${max}`);
  await applyLedger(trx, [{ userId: c.user_id, asset: GIFT_ASSET, delta: -delta, reason: 'group_gift_escrow', ...ref(c.id) }], at);
}

/** Gives a held gift back to its author; answers the energy given back (0: none, or settled already). */
export async function refundContribution(trx: Queryable, c: { id: number; user_id: number; energy: number }, at: string): Promise<number> {
  if (c.energy <= 0 || !(await groupRepo.settle(trx, c.id, c.user_id, true))) return 0;
  await applyLedger(trx, [{ userId: c.user_id, asset: GIFT_ASSET, delta: c.energy, reason: 'group_gift_refund', ...ref(c.id) }], at);
  return c.energy;
}

/** Gives back every held gift of a card; answers who got how much (the cancelled or expired card). */
export async function refundContributions(trx: Queryable, greetingId: number, at: string): Promise<{ userId: number; gift: number }[]> {
  const refunds: { userId: number; gift: number }[] = [];
  for (const c of await groupRepo.contributions(trx, greetingId)) {
    const gift = await refundContribution(trx, c, at);
    if (gift > 0) refunds.push({ userId: c.user_id, gift });
  }
  return refunds;
}

/**
 * Pays every held gift of a card to `userId` in the caller's transaction (the acceptance's):
 * each settled by its guarded update, then one ledger row per contribution. Answers each
 * contributor's paid gift (0 when theirs had none or was settled before).
 */
export async function payContributions(trx: Queryable, greetingId: number, userId: number, at: string) {
  const paid: { userId: number; gift: number }[] = [];
  const entries: LedgerEntry[] = [];
  for (const c of await groupRepo.contributions(trx, greetingId)) {
    const gift = c.energy > 0 && (await groupRepo.settle(trx, c.id, userId, false)) ? c.energy : 0;
    paid.push({ userId: c.user_id, gift });
    if (gift > 0) entries.push({ userId, asset: GIFT_ASSET, delta: gift, reason: 'group_gift', ...ref(c.id) });
  }
  await applyLedger(trx, entries, at);
  return { total: entries.reduce((s, e) => s + e.delta, 0), paid };
}

/**
 * Gives back the gifts of contributions that are gone unpaid: a deleted postcard or channel takes
 * its greetings along (foreign key cascade) and their contributions with them. Sweeps run one at a
 * time (PostgreSQL: an advisory lock; SQLite: one writer), so each is given back once.
 */
export async function refundOrphanedContributions(trx: Queryable, at: string): Promise<number> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('greetings.orphaned-contributions'))`.execute(trx);
  let total = 0;
  for (const c of await groupRepo.orphanedEscrows(trx)) {
    await applyLedger(trx, [{ userId: c.user_id, asset: GIFT_ASSET, delta: c.energy, reason: 'group_gift_refund', refType: 'greeting_contribution', refId: c.ref_id }], at);
    total += c.energy;
  }
  return total;
}
