import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { openGame } from './engine';
import { applyAction } from './progression';
import type { GameAction } from './rules';

export interface GameActionEvent {
  userId: number;
  action: GameAction;
  /** how many times (for example yang gained in a spin); 1 by default */
  amount?: number;
  refId?: string | number;
}

/**
 * Applies a game action in `trx`: counters, quest progress, achievements, experience, level-ups
 * and their rewards, all through the ledger, with their notifications.
 */
export async function recordGameAction(trx: Queryable, deps: Deps, event: GameActionEvent): Promise<void> {
  const amount = event.amount ?? 1;
  if (!Number.isInteger(amount) || amount <= 0) return;
  const g = await openGame(trx, deps, event.userId);
  await applyAction(g, event.action, amount, event.refId);
}

/** What other modules' events are worth in the game: each event is one or more game actions. */
export function gameSubscribers(deps: Deps): void {
  const { jobs } = deps;
  const act = (trx: Queryable, e: GameActionEvent) => recordGameAction(trx, deps, e);
  jobs.on('greeting.created', 'game', (trx, e) => act(trx, { userId: e.userId, action: 'greeting_sent', refId: e.greetingId }));
  jobs.on('greeting.accepted', 'game', async (trx, e) => {
    await act(trx, { userId: e.acceptorId, action: 'greeting_accepted', refId: e.greetingId });
    // experience counts the gift, not its energy (README game table: 5 per gift, 20 gifts a day)
    if (e.gift > 0) await act(trx, { userId: e.acceptorId, action: 'greeting_gift_received', refId: e.greetingId });
  });
  jobs.on('postcard.uploaded', 'game', (trx, e) => act(trx, { userId: e.userId, action: 'postcard_uploaded', refId: e.postcardId }));
  jobs.on('postcard.approved', 'game', (trx, e) => act(trx, { userId: e.userId, action: 'postcard_approved', refId: e.postcardId }));
  jobs.on('vote.cast', 'game', (trx, e) =>
    act(trx, { userId: e.userId, action: e.kind === 'like' ? 'like_given' : 'sandbox_vote', refId: e.postcardId }),
  );
  jobs.on('bookmark.added', 'game', (trx, e) => act(trx, { userId: e.userId, action: 'bookmark_added', refId: e.postcardId }));
  jobs.on('channel.created', 'game', (trx, e) => act(trx, { userId: e.userId, action: 'channel_created', refId: e.channelId }));
  // scheduled: regenerating yin up to now writes the energy_full notice when it is full
  jobs.define('energy.full', async (trx, e) => void (await openGame(trx, deps, e.userId)));
}
