import type { Deps } from '../../deps';
import { type Handler, recordEvent } from '../../jobs/runner';
import { refundOrphanedGifts } from './gift';
import { deliverGroup, expireGroup } from './group';
import { refundOrphanedContributions } from './group-gift';
import { greetingsRepo as repo } from './repo';

/**
 * The moment of a scheduled greeting: its sender hears that it is open now. A moved, cancelled or
 * deleted schedule makes it a no-op (one pending job per greeting).
 */
export const announceScheduledOpening: Handler<'greeting.opens'> = async (trx, p, job) => {
  const g = await repo.byId(trx, p.greetingId);
  if (!g || g.opens_at !== p.opensAt || g.opens_at > job.at) return;
  // a group card held until its delivery moment is delivered now (docs/PRODUCT-RULES.md, group cards)
  if (g.held_for === 'group') await deliverGroup(trx, g.id, g.opens_at);
  await recordEvent(trx, job.at, 'greeting.scheduled_opened', { greetingId: g.public_id, senderId: g.user_id, toWhom: g.to_whom });
};

/** Postcards or a channel were deleted with the greetings made of them: their unpaid gifts go back. */
export const refundGiftsOfDeleted: Handler<'postcards.deleted' | 'channel.deleted'> = async (trx, _e, job) => {
  await refundOrphanedGifts(trx, job.at);
  await refundOrphanedContributions(trx, job.at);
};

/** 30 days after a group card's delivery: nobody accepted it, so every contributor's gift goes back (once). */
export const expireGroupCard: Handler<'group.expire'> = async (trx, p, job) => {
  await expireGroup(trx, p.greetingId, job.at);
};

/** The greetings module's subscribers. Names are stable: they mark finished work in `job_handled`. */
export function greetingSubscribers(deps: Deps): void {
  const { jobs } = deps;
  jobs.define('greeting.opens', announceScheduledOpening);
  jobs.define('group.expire', expireGroupCard);
  jobs.on('postcards.deleted', 'greetings.refund', refundGiftsOfDeleted);
  jobs.on('channel.deleted', 'greetings.refund', refundGiftsOfDeleted);
}
