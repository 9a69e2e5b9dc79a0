import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { selectPostcards } from '../postcards';

export const bookmarksRepo = {
  /** A user's bookmarks with their postcards, newest first (banned postcards are left out). */
  list: (db: Queryable, userId: number, offset: number, limit: number) =>
    selectPostcards(db)
      .innerJoin('bookmarks as b', 'b.image_relation_id', 'ir.id')
      .select(['b.id as bookmark_id', 'b.created_at as bookmarked_at'])
      .where('b.user_id', '=', userId)
      .where('ir.is_banned', '=', 0)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),

  find: (db: Queryable, userId: number, postcardId: number) =>
    db
      .selectFrom('bookmarks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('image_relation_id', '=', postcardId)
      .executeTakeFirst(),

  /** Adds a bookmark; false when it was already there. */
  async add(db: Queryable, userId: number, postcardId: number, at: string): Promise<boolean> {
    const r = await db
      .insertInto('bookmarks')
      .values({ user_id: userId, image_relation_id: postcardId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'image_relation_id']).doNothing())
      .executeTakeFirst();
    const added = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    if (added) await bumpCount(db, postcardId, 1);
    return added;
  },

  async remove(db: Queryable, userId: number, postcardId: number): Promise<boolean> {
    const r = await db
      .deleteFrom('bookmarks')
      .where('user_id', '=', userId)
      .where('image_relation_id', '=', postcardId)
      .executeTakeFirst();
    const removed = Number(r.numDeletedRows) > 0;
    if (removed) await bumpCount(db, postcardId, -1);
    return removed;
  },
};

const bumpCount = (db: Queryable, postcardId: number, delta: number) =>
  db
    .updateTable('image_relations')
    .set({ bookmarks_count: sql`bookmarks_count + ${delta}` })
    .where('id', '=', postcardId)
    .execute();
