import type { z } from 'zod';
import type { ChannelWindowQuery, ModerationCounts, PostcardListQuery, PostcardPage, PostcardWindow, SubscriptionFeed } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { channelById, seesAllPostcards } from '../channels';
import { toPostcard, toWindow } from './present';
import { postcardsRepo, type StateFilter } from './repo';

/** How many postcards a channel's listing holds in the states it shows. */
const totalOf = (states: StateFilter, counts: ModerationCounts) =>
  states === 'approved' ? counts.approved : counts.approved + counts.pending + (states === 'all' ? counts.banned : 0);

/** The postcards of a channel as a viewer may list them, and the feed of the channels one follows. */
export function channelListings(deps: Deps) {
  const { db, storage } = deps;

  /** The listing a viewer gets of a channel: the filter, and the states shown (`seesAllPostcards`). */
  async function listingOf(viewer: AuthUser | null, id: number, q: { category_id?: number | undefined; group_id?: number | undefined; approved?: boolean | undefined }) {
    const row = await channelById(db, id);
    if (!row) throw notFound('Channel not found');
    const states: StateFilter = q.approved || !seesAllPostcards(viewer, row.user_id) ? 'approved' : 'all';
    return { filter: { collectionId: id, categoryId: q.category_id, groupId: q.group_id }, states };
  }

  return {
    /**
     * A channel's postcards. `approved` lists only approved ones; otherwise pending ones too, and
     * banned ones for the channel owner and the moderator only.
     */
    async postcards(viewer: AuthUser | null, id: number, q: z.output<typeof PostcardListQuery>): Promise<PostcardPage> {
      const { filter, states } = await listingOf(viewer, id, q);
      const [rows, counts] = await Promise.all([
        postcardsRepo.list(db, filter, states, q.offset, q.limit),
        postcardsRepo.stateCounts(db, filter),
      ]);
      return { items: rows.map((r) => toPostcard(storage, r)), total: totalOf(states, counts), counts, offset: q.offset, limit: q.limit };
    },

    /**
     * The cards around one postcard of a channel's listing (as `postcards` lists it), in the
     * viewer's order; 404 when the card is not in that listing.
     */
    async window(viewer: AuthUser | null, id: number, q: z.output<typeof ChannelWindowQuery>): Promise<PostcardWindow> {
      const { filter, states } = await listingOf(viewer, id, q);
      const card = await postcardsRepo.inListing(db, filter, states, q.id);
      if (!card) throw notFound('This postcard is not in the channel listing');
      const [towardsStart, towardsEnd] = q.order === 'newest' ? (['newer', 'older'] as const) : (['older', 'newer'] as const);
      const [before, after, total] = await Promise.all([
        postcardsRepo.beside(db, filter, states, card, towardsStart, q.before + 1),
        postcardsRepo.beside(db, filter, states, card, towardsEnd, q.after + 1),
        postcardsRepo.listingCount(db, filter, states),
      ]);
      return toWindow(storage, card, { before, after }, q, total);
    },

    /** The newest postcards of the channels the user follows. */
    async feed(user: AuthUser, offset: number, limit: number): Promise<SubscriptionFeed> {
      const rows = await postcardsRepo.feed(db, user.id, offset, limit + 1);
      return {
        items: rows.slice(0, limit).map((r) => toPostcard(storage, r)),
        offset,
        limit,
        has_more: rows.length > limit,
      };
    },
  };
}
