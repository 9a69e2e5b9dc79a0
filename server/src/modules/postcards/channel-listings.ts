import type { z } from 'zod';
import type { ChannelPostcardsQuery, ChannelWindowQuery, ModerationCounts, PostcardPage, PostcardWindow, SubscriptionFeed } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { channelById, seesAllPostcards } from '../channels';
import { aroundFound, everyFound } from '../search';
import { toPostcard, toWindow } from './present';
import { type PostcardFilter, postcardsRepo, selectPostcards, type StateFilter } from './repo';
import type { PostcardRow } from './present';

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

  /**
   * Every postcard of the channel's listing a search finds, best matches first: approved ones only,
   * whoever reads (docs/PRODUCT-RULES.md, Search in a channel).
   */
  const found = (filter: PostcardFilter, text: string) =>
    everyFound(deps, { text, collectionId: filter.collectionId, categoryId: filter.categoryId, groupId: filter.groupId, sort: 'relevance' });

  /** Postcards by id, in the order of `ids`. */
  async function byIds(ids: number[]): Promise<Map<number, PostcardRow>> {
    const rows = ids.length ? await selectPostcards(db).where('ir.id', 'in', ids).execute() : [];
    return new Map(rows.map((r) => [Number(r.id), r]));
  }

  return {
    /**
     * A channel's postcards. `approved` lists only approved ones; otherwise pending ones too, and
     * banned ones for the channel owner and the moderator only. With `q`, the approved ones the
     * search finds, best matches first (`total` is how many it found).
     */
    async postcards(viewer: AuthUser | null, id: number, q: z.output<typeof ChannelPostcardsQuery>): Promise<PostcardPage> {
      const { filter, states } = await listingOf(viewer, id, q);
      if (q.q) {
        const [ids, counts] = await Promise.all([found(filter, q.q), postcardsRepo.stateCounts(db, filter)]);
        const page = ids.slice(q.offset, q.offset + q.limit);
        const rows = await byIds(page);
        return { items: page.flatMap((p) => rows.get(p) ?? []).map((r) => toPostcard(storage, r)), total: ids.length, counts, offset: q.offset, limit: q.limit };
      }
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
      if (q.q) {
        // a search's results walk in their own order
        const ids = await found(filter, q.q);
        const around = aroundFound(ids, q.id, q);
        const rows = around && (await byIds([q.id, ...around.before, ...around.after]));
        const card = rows?.get(q.id);
        if (!around || !rows || !card) throw notFound('This postcard is not in the results of this search');
        const rowsOf = (list: number[]) => list.flatMap((p) => rows.get(p) ?? []);
        return toWindow(storage, card, { before: rowsOf(around.before), after: rowsOf(around.after) }, q, ids.length);
      }
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
