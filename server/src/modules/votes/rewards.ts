import type { Queryable } from '../../db';
import { recordEvent } from '../../jobs/runner';
import { votesRepo } from './repo';

/** What earns a reward about a postcard, once per (user, postcard); the keys of `rewarded_actions`. */
export type PostcardReward = 'like_given' | 'sandbox_vote' | 'postcard_approved';

/**
 * Records the event of a rewarded vote or approval at most once per (user, reward, postcard), so
 * toggling a like or re-approving a postcard earns nothing twice.
 */
export async function rewardOnce(trx: Queryable, e: { userId: number; reward: PostcardReward; postcardId: number }, at: string) {
  if (!(await votesRepo.markRewarded(trx, e.userId, e.reward, e.postcardId, at))) return;
  const p = { userId: e.userId, postcardId: e.postcardId };
  if (e.reward === 'postcard_approved') await recordEvent(trx, at, 'postcard.approved', p);
  else await recordEvent(trx, at, 'vote.cast', { ...p, kind: e.reward === 'like_given' ? 'like' : 'sandbox' });
}
