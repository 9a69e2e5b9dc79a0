import type { Queryable } from '../../db';
import type { VoteType } from '@otkrytka/contract';

/** SQL of votes and of the vote counts kept on each postcard. */
export const votesRepo = {
  postcard: (db: Queryable, id: number) =>
    db
      .selectFrom('image_relations')
      .select(['id', 'user_id', 'is_approved', 'is_banned', 'likes_count', 'rejects_count'])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** The user's vote; `lock` holds the row until the transaction ends (PostgreSQL only). */
  vote: (db: Queryable, postcardId: number, userId: number, lock: boolean) =>
    db
      .selectFrom('votes')
      .select('vote_type')
      .where('image_relation_id', '=', postcardId)
      .where('user_id', '=', userId)
      .$if(lock, (qb) => qb.forUpdate())
      .executeTakeFirst(),

  /** Inserts the vote unless one exists (the primary key decides); answers whether it inserted. */
  insert: async (db: Queryable, postcardId: number, userId: number, type: VoteType, at: string) =>
    !!(await db
      .insertInto('votes')
      .values({ image_relation_id: postcardId, user_id: userId, vote_type: type, created_at: at })
      .onConflict((oc) => oc.columns(['image_relation_id', 'user_id']).doNothing())
      .returning('vote_type')
      .executeTakeFirst()),

  remove: (db: Queryable, postcardId: number, userId: number) =>
    db.deleteFrom('votes').where('image_relation_id', '=', postcardId).where('user_id', '=', userId).execute(),

  change: (db: Queryable, postcardId: number, userId: number, type: VoteType, at: string) =>
    db
      .updateTable('votes')
      .set({ vote_type: type, created_at: at })
      .where('image_relation_id', '=', postcardId)
      .where('user_id', '=', userId)
      .execute(),

  /** Relative update, so concurrent votes of different users never lose a count. */
  adjustCounts: (db: Queryable, postcardId: number, likes: number, rejects: number) =>
    db
      .updateTable('image_relations')
      .set((eb) => ({
        likes_count: eb('likes_count', '+', likes),
        rejects_count: eb('rejects_count', '+', rejects),
      }))
      .where('id', '=', postcardId)
      .returning(['likes_count', 'rejects_count'])
      .executeTakeFirstOrThrow(),

  /** Marks a game reward as given; false when it was given before. */
  markRewarded: async (db: Queryable, userId: number, action: string, refId: number, at: string) =>
    !!(await db
      .insertInto('rewarded_actions')
      .values({ user_id: userId, action, ref_id: refId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'action', 'ref_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst()),
};
