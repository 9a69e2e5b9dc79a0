import type { Queryable } from '../../db';

export const reportsRepo = {
  postcard: (db: Queryable, id: number) =>
    db.selectFrom('image_relations').select(['id', 'is_banned']).where('id', '=', id).executeTakeFirst(),

  /** An open report of this user on this postcard for this reason, if any. */
  openReportOf: (db: Queryable, postcardId: number, userId: number, reason: string) =>
    db
      .selectFrom('complaints')
      .select('id')
      .where('image_relation_id', '=', postcardId)
      .where('user_id', '=', userId)
      .where('reason', '=', reason)
      .where('status', '=', 'open')
      .executeTakeFirst(),

  insert: (
    db: Queryable,
    r: { image_relation_id: number; user_id: number | null; reason: string; comment: string | null; created_at: string },
  ) =>
    db
      .insertInto('complaints')
      .values({ ...r, status: 'open', resolved_at: null })
      .returning('id')
      .executeTakeFirstOrThrow(),
};
