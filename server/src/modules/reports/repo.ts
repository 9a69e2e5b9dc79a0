import type { Queryable } from '../../db';

export const reportsRepo = {
  postcard: (db: Queryable, id: number) =>
    db.selectFrom('image_relations').select(['id', 'is_banned']).where('id', '=', id).executeTakeFirst(),

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
