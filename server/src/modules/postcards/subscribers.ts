import type { Deps } from '../../deps';
import type { Handler } from '../../jobs/runner';
import { postcardsRepo } from './repo';

/** How often yesterday's and older view marks are deleted (they only dedupe views within a day). */
export const VIEW_MARKS_PRUNE_EVERY_MS = 24 * 3600_000;

/** View marks of past days go (the counts stay in `views_count`). */
export const pruneViewMarks = async (trx: Parameters<Handler<'postcards.views.prune'>>[0], job: { at: string }) => {
  await trx.deleteFrom('postcard_views').where('day', '<', job.at.slice(0, 10)).execute();
};

/** Reposts of a postcard are the greetings made from it: counted once per greeting, after it is saved. */
export const countRepost: Handler<'greeting.created'> = async (trx, e) => {
  const g = await trx.selectFrom('greetings').select('image_relation_id').where('public_id', '=', e.greetingId).executeTakeFirst();
  if (g) await postcardsRepo.countRepost(trx, g.image_relation_id);
};

/** The postcards module's subscribers. Names are stable: they mark finished work in `job_handled`. */
export function postcardsSubscribers(deps: Deps): void {
  deps.jobs.every('postcards.views.prune', VIEW_MARKS_PRUNE_EVERY_MS, pruneViewMarks);
  deps.jobs.on('greeting.created', 'postcards.reposts', countRepost);
}
