import type { Deps } from '../../deps';
import type { Handler } from '../../jobs/runner';
import { rewardOnce } from './rewards';

/** A postcard's first approval earns its uploader the approval reward, once per postcard. */
export const rewardApproval: Handler<'postcard.moderated'> = async (trx, e, job) => {
  if (e.approved) await rewardOnce(trx, { userId: e.ownerId, reward: 'postcard_approved', postcardId: e.postcardId }, job.recordedAt);
};

/** The votes module's subscribers. Names are stable: they mark finished work in `job_handled`. */
export function votesSubscribers(deps: Deps): void {
  deps.jobs.on('postcard.moderated', 'votes.reward', rewardApproval);
}
