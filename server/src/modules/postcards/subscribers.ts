import type { Deps } from '../../deps';
import { postcardsRepo } from './repo';

/** Reposts of a postcard are the greetings made from it: counted once per greeting, after it is saved. */
export function postcardsSubscribers(deps: Deps): void {
  deps.jobs.on('greeting.created', 'postcards.reposts', async (trx, e) => {
    const g = await trx.selectFrom('greetings').select('image_relation_id').where('public_id', '=', e.greetingId).executeTakeFirst();
    if (g) await postcardsRepo.countRepost(trx, g.image_relation_id);
  });
}
