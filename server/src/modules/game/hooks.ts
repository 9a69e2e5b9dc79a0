import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { openGame } from './engine';
import { applyAction } from './progression';

/**
 * Things players do that the game layer rewards (experience, quest progress, achievements).
 * Other modules report them here, inside their own transaction; the game module decides what
 * each is worth. Returns notification ids to publish after commit.
 */
export type GameAction =
  | 'spin'
  | 'greeting_sent'
  | 'greeting_accepted'
  | 'greeting_gift_received'
  | 'postcard_uploaded'
  | 'postcard_approved'
  | 'sandbox_vote'
  | 'like_given'
  | 'bookmark_added'
  | 'channel_created'
  | 'crystal_sent'
  | 'production_collected'
  | 'quest_claimed';

export interface GameActionEvent {
  userId: number;
  action: GameAction;
  /** how many times (for example yang gained in a spin); 1 by default */
  amount?: number;
  refId?: string | number;
}

/**
 * Records a game action inside the caller's transaction: counters, quest progress, achievements,
 * experience, level-ups and their rewards, all through the ledger. Returns the ids of the
 * notifications it created for `event.userId`; publish them after the transaction commits.
 */
export async function recordGameAction(trx: Queryable, deps: Deps, event: GameActionEvent): Promise<number[]> {
  const amount = event.amount ?? 1;
  if (!Number.isInteger(amount) || amount <= 0) return [];
  const g = await openGame(trx, deps, event.userId);
  await applyAction(g, event.action, amount, event.refId);
  return g.notify;
}
