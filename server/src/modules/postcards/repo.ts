import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db';
import { limitOf } from '../../db/limit';
import type { DB, ImageRelationsTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';
import type { PostcardRow } from './present';

/** Which moderation states a listing includes. */
export type StateFilter = 'approved' | 'unbanned' | 'all';

export interface PostcardFilter {
  collectionId: number;
  categoryId?: number | undefined;
  groupId?: number | undefined;
}

/** Postcards with their uploader's names: the one way every module reads postcards. */
export const selectPostcards = (db: Queryable) =>
  db
    .selectFrom('image_relations as ir')
    .innerJoin('users as u', 'u.id', 'ir.user_id')
    .selectAll('ir')
    .select(['u.username as owner_username', 'u.login as owner_login']);

/** Which postcards a channel's listing holds: the channel's, in the states asked for, by category or group. */
const inChannelListing = (f: PostcardFilter, states: StateFilter) => (eb: ExpressionBuilder<DB & { ir: ImageRelationsTable }, 'ir'>) => {
  const where = [eb('ir.collection_id', '=', f.collectionId)];
  if (f.categoryId !== undefined) where.push(eb('ir.category_id', '=', f.categoryId));
  if (f.groupId !== undefined) where.push(eb('ir.category_id', 'in', eb.selectFrom('categories').select('id').where('group_id', '=', f.groupId)));
  if (states === 'approved') where.push(eb('ir.is_approved', '=', 1), eb('ir.is_banned', '=', 0));
  if (states === 'unbanned') where.push(eb('ir.is_banned', '=', 0));
  return eb.and(where);
};

/** A channel's listing: its postcards in the states asked for, by category or group. */
const channelListing = (db: Queryable, f: PostcardFilter, states: StateFilter) => selectPostcards(db).where(inChannelListing(f, states));

export const postcardsRepo = {
  byId: (db: Queryable, id: number): Promise<PostcardRow | undefined> =>
    selectPostcards(db).where('ir.id', '=', id).executeTakeFirst(),

  insert: (db: Queryable, values: Insertable<ImageRelationsTable>) =>
    db.insertInto('image_relations').values(values).returning('id').executeTakeFirstOrThrow(),

  update: (db: Queryable, id: number, values: Updateable<ImageRelationsTable>) =>
    db.updateTable('image_relations').set(values).where('id', '=', id).execute(),

  /** Records that `viewer` saw the postcard on `day`; false when it was already counted. */
  async addView(db: Queryable, id: number, viewer: string, day: string): Promise<boolean> {
    const r = await db
      .insertInto('postcard_views')
      .values({ image_relation_id: id, viewer, day })
      .onConflict((oc) => oc.columns(['image_relation_id', 'viewer', 'day']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  countView: (db: Queryable, id: number) =>
    db.updateTable('image_relations').set((eb) => ({ views_count: eb('views_count', '+', 1) })).where('id', '=', id).execute(),

  /** A greeting was made from the postcard. */
  countRepost: (db: Queryable, id: number) =>
    db.updateTable('image_relations').set((eb) => ({ reposts_count: eb('reposts_count', '+', 1) })).where('id', '=', id).execute(),

  delete: (db: Queryable, id: number) => db.deleteFrom('image_relations').where('id', '=', id).execute(),

  /** A channel's postcards, newest first, by category or group. */
  list: (db: Queryable, f: PostcardFilter, states: StateFilter, offset: number, limit: number): Promise<PostcardRow[]> =>
    channelListing(db, f, states)
      .orderBy('ir.created_at', 'desc')
      .orderBy('ir.id', 'desc')
      // the page's size in the SQL (`limitOf`); the offset stays a parameter
      .modifyEnd(sql`${limitOf(limit)} offset ${offset}`)
      .execute(),

  /** One postcard if it is in the channel's listing (filter and states), else undefined. */
  inListing: (db: Queryable, f: PostcardFilter, states: StateFilter, id: number): Promise<PostcardRow | undefined> =>
    channelListing(db, f, states).where('ir.id', '=', id).executeTakeFirst(),

  /**
   * Up to `limit` postcards of the channel's listing next to `at` on one side of the newest-first
   * order, nearest first: `newer` ones above it, `older` ones below it.
   */
  beside(db: Queryable, f: PostcardFilter, states: StateFilter, at: Pick<PostcardRow, 'created_at' | 'id'>, side: 'newer' | 'older', limit: number): Promise<PostcardRow[]> {
    const older = side === 'older';
    const direction = older ? 'desc' : 'asc';
    return channelListing(db, f, states)
      .where(sql<boolean>`(ir.created_at, ir.id) ${older ? sql`<` : sql`>`} (${at.created_at}, ${at.id})`)
      .orderBy('ir.created_at', direction)
      .orderBy('ir.id', direction)
      .modifyEnd(limitOf(limit))
      .execute();
  },

  /** How many postcards a channel's listing holds (filter and states). */
  async listingCount(db: Queryable, f: PostcardFilter, states: StateFilter): Promise<number> {
    const r = await db.selectFrom('image_relations as ir').where(inChannelListing(f, states)).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** How many postcards of a channel (filtered) are approved, pending and banned. */
  async stateCounts(db: Queryable, f: PostcardFilter) {
    const q = db
      .selectFrom('image_relations as ir')
      .where(inChannelListing(f, 'all'))
      .select([
        sql<number>`coalesce(sum(case when ir.is_banned = 0 and ir.is_approved = 1 then 1 else 0 end), 0)`.as('approved'),
        sql<number>`coalesce(sum(case when ir.is_banned = 0 and ir.is_approved = 0 then 1 else 0 end), 0)`.as('pending'),
        sql<number>`coalesce(sum(case when ir.is_banned = 1 then 1 else 0 end), 0)`.as('banned'),
      ]);
    const r = await q.executeTakeFirstOrThrow();
    return { approved: Number(r.approved), pending: Number(r.pending), banned: Number(r.banned) };
  },

  /** The newest approved postcards of the channels a user follows. */
  feed: (db: Queryable, userId: number, offset: number, limit: number): Promise<PostcardRow[]> =>
    selectPostcards(db)
      .where('ir.collection_id', 'in', (eb) => eb.selectFrom('subscriptions').select('collection_id').where('user_id', '=', userId))
      .where('ir.is_approved', '=', 1)
      .where('ir.is_banned', '=', 0)
      .orderBy('ir.created_at', 'desc')
      .orderBy('ir.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
};
