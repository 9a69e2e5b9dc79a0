import type { Queryable } from '../../db';
import { pendingOnly, selectPostcards } from '../postcards';

/** Pending postcards of other users: what the community reviews. */
const othersPending = (db: Queryable, userId: number) =>
  selectPostcards(db).$call(pendingOnly).where('ir.user_id', '!=', userId);

export const sandboxRepo = {
  /** The oldest pending postcard of another user that this user has not voted on. */
  next: (db: Queryable, userId: number) =>
    othersPending(db, userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('votes as v')
              .select('v.user_id')
              .whereRef('v.image_relation_id', '=', 'ir.id')
              .where('v.user_id', '=', userId),
          ),
        ),
      )
      .orderBy('ir.id')
      .limit(1)
      .executeTakeFirst(),

  list: (db: Queryable, userId: number, offset: number, limit: number) =>
    othersPending(db, userId)
      .leftJoin('votes as v', (j) => j.onRef('v.image_relation_id', '=', 'ir.id').on('v.user_id', '=', userId))
      .select('v.vote_type as user_vote')
      .orderBy('ir.id')
      .offset(offset)
      .limit(limit)
      .execute(),

  countList: async (db: Queryable, userId: number) =>
    Number(
      (
        await db
          .selectFrom('image_relations as ir')
          .$call(pendingOnly)
          .where('ir.user_id', '!=', userId)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  credit: (db: Queryable, id: number) =>
    db
      .selectFrom('image_relations')
      .select(['id', 'is_banned', 'author_name', 'author_url', 'source_site'])
      .where('id', '=', id)
      .executeTakeFirst(),
};
