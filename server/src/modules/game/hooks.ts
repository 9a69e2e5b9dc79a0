import type { Queryable } from '../../db';
import type { Deps } from '../../deps';

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

/** Filled in by the game module; until then actions are accepted and ignored. */
export async function recordGameAction(_trx: Queryable, _deps: Deps, _event: GameActionEvent): Promise<number[]> {
  return [];
}
