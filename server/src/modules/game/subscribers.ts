import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import type { Handler } from '../../jobs/runner';
import { openGame } from './engine';
import { announceReady } from './production';
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

/** What other modules' events are worth in the game (docs/PRODUCT-RULES.md, experience): each is one or more game actions. */
export function gameHandlers(deps: Deps) {
  const act = (trx: Queryable, e: GameActionEvent) => recordGameAction(trx, deps, e);
  const startingBalances: Handler<'user.registered'> = async (trx, e) => void (await openGame(trx, deps, e.userId));
  const greetingSent: Handler<'greeting.created'> = (trx, e) => act(trx, { userId: e.userId, action: 'greeting_sent', refId: e.greetingId });
  const greetingAccepted: Handler<'greeting.accepted'> = async (trx, e) => {
    await act(trx, { userId: e.acceptorId, action: 'greeting_accepted', refId: e.greetingId });
    // experience counts the gift, not its energy (5 per gift, 20 gifts a day)
    if (e.gift > 0) await act(trx, { userId: e.acceptorId, action: 'greeting_gift_received', refId: e.greetingId });
  };
  const postcardUploaded: Handler<'postcard.uploaded'> = (trx, e) => act(trx, { userId: e.userId, action: 'postcard_uploaded', refId: e.postcardId });
  const postcardApproved: Handler<'postcard.approved'> = (trx, e) => act(trx, { userId: e.userId, action: 'postcard_approved', refId: e.postcardId });
  const voteCast: Handler<'vote.cast'> = (trx, e) =>
    act(trx, { userId: e.userId, action: e.kind === 'like' ? 'like_given' : 'sandbox_vote', refId: e.postcardId });
  const bookmarkAdded: Handler<'bookmark.added'> = (trx, e) => act(trx, { userId: e.userId, action: 'bookmark_added', refId: e.postcardId });
  const channelCreated: Handler<'channel.created'> = (trx, e) => act(trx, { userId: e.userId, action: 'channel_created', refId: e.channelId });
  /** regenerating yin up to now writes the energy_full notice when it is full */
  const energyFull: Handler<'energy.full'> = async (trx, e) => void (await openGame(trx, deps, e.userId));
  /** a run's notice is written when it is ready, whether or not the player is looking */
  const productionReady: Handler<'production.ready'> = async (trx, e) => announceReady(await openGame(trx, deps, e.userId));
  return { startingBalances, greetingSent, greetingAccepted, postcardUploaded, postcardApproved, voteCast, bookmarkAdded, channelCreated, energyFull, productionReady };
}

/** The game module's subscribers. Names are stable: they mark finished work in `job_handled`. */
export function gameSubscribers(deps: Deps): void {
  const { jobs } = deps;
  const h = gameHandlers(deps);
  jobs.on('user.registered', 'game', h.startingBalances);
  jobs.on('greeting.created', 'game', h.greetingSent);
  jobs.on('greeting.accepted', 'game', h.greetingAccepted);
  jobs.on('postcard.uploaded', 'game', h.postcardUploaded);
  jobs.on('postcard.approved', 'game', h.postcardApproved);
  jobs.on('vote.cast', 'game', h.voteCast);
  jobs.on('bookmark.added', 'game', h.bookmarkAdded);
  jobs.on('channel.created', 'game', h.channelCreated);
  jobs.define('energy.full', h.energyFull);
  jobs.define('production.ready', h.productionReady);
}
