import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { type GameAction, recordGameAction } from '../game/hooks';
import { votesRepo } from './repo';

/**
 * Reports a game action about a postcard at most once per (user, action, postcard), so toggling a
 * like or re-approving a postcard earns nothing twice. Returns notification ids to publish.
 */
export async function rewardOnce(
  trx: Queryable,
  deps: Deps,
  e: { userId: number; action: GameAction; postcardId: number },
  at: string,
): Promise<number[]> {
  if (!(await votesRepo.markRewarded(trx, e.userId, e.action, e.postcardId, at))) return [];
  return recordGameAction(trx, deps, { userId: e.userId, action: e.action, refId: e.postcardId });
}
