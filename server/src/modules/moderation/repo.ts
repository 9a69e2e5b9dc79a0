import type { Queryable } from '../../db';
import { pendingOnly, selectPostcards } from '../postcards';

const countOf = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);

/** A postcard row plus the number of its open reports. */
const selectCard = (db: Queryable) =>
  selectPostcards(db).select((eb) =>
    eb
      .selectFrom('complaints as c')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('c.image_relation_id', '=', 'ir.id')
      .where('c.status', '=', 'open')
      .as('reports_count'),
  );

export const moderationRepo = {
  queue: (db: Queryable, offset: number, limit: number) =>
    selectCard(db).$call(pendingOnly).orderBy('ir.id').offset(offset).limit(limit).execute(),

  countPending: (db: Queryable, extra: 'likes' | 'rejects' | null = null, exclude?: number) =>
    countOf(
      db
        .selectFrom('image_relations as ir')
        .$call(pendingOnly)
        .$if(extra === 'likes', (q) => q.where('ir.likes_count', '>', 0))
        .$if(extra === 'rejects', (q) => q.where('ir.rejects_count', '>', 0))
        .$if(exclude !== undefined, (q) => q.where('ir.id', '!=', exclude!))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ),

  /** The pending postcard at a position (in submission order), skipping `exclude`. */
  pendingAt: (db: Queryable, index: number, exclude?: number) =>
    selectCard(db)
      .$call(pendingOnly)
      .$if(exclude !== undefined, (q) => q.where('ir.id', '!=', exclude!))
      .orderBy('ir.id')
      .offset(index)
      .limit(1)
      .executeTakeFirst(),

  card: (db: Queryable, id: number) => selectCard(db).where('ir.id', '=', id).executeTakeFirst(),

  countReported: (db: Queryable) =>
    countOf(
      db
        .selectFrom('complaints')
        .where('status', '=', 'open')
        .select((eb) => eb.fn.count('image_relation_id').distinct().as('n'))
        .executeTakeFirstOrThrow(),
    ),

  state: (db: Queryable, id: number) =>
    db.selectFrom('image_relations').select(['id', 'user_id', 'is_approved', 'is_banned']).where('id', '=', id).executeTakeFirst(),

  setState: (db: Queryable, id: number, approved: boolean, at: string) =>
    db
      .updateTable('image_relations')
      .set({ is_approved: approved ? 1 : 0, is_banned: approved ? 0 : 1, moderated_at: at })
      .where('id', '=', id)
      .returning(['id', 'is_approved', 'is_banned', 'moderated_at'])
      .executeTakeFirstOrThrow(),

  resolveReports: async (db: Queryable, postcardId: number, status: 'banned' | 'dismissed', at: string) =>
    Number(
      (
        await db
          .updateTable('complaints')
          .set({ status, resolved_at: at })
          .where('image_relation_id', '=', postcardId)
          .where('status', '=', 'open')
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  /** Postcards with open reports: most reported first, then the most recently reported. */
  reportedPage: (db: Queryable, offset: number, limit: number) =>
    db
      .selectFrom('complaints')
      .where('status', '=', 'open')
      .groupBy('image_relation_id')
      .select((eb) => [
        'image_relation_id',
        eb.fn.countAll<number>().as('reports_count'),
        eb.fn.min('created_at').as('first_reported_at'),
        eb.fn.max('created_at').as('last_reported_at'),
      ])
      .orderBy('reports_count', 'desc')
      .orderBy('last_reported_at', 'desc')
      .orderBy('image_relation_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),

  reasonCounts: (db: Queryable, postcardIds: number[]) =>
    db
      .selectFrom('complaints')
      .where('status', '=', 'open')
      .where('image_relation_id', 'in', postcardIds)
      .groupBy(['image_relation_id', 'reason'])
      .select((eb) => ['image_relation_id', 'reason', eb.fn.countAll<number>().as('count')])
      .execute(),

  comments: (db: Queryable, postcardIds: number[]) =>
    db
      .selectFrom('complaints')
      .where('status', '=', 'open')
      .where('image_relation_id', 'in', postcardIds)
      .where('comment', 'is not', null)
      .select(['image_relation_id', 'comment', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  cards: (db: Queryable, ids: number[]) => selectCard(db).where('ir.id', 'in', ids).execute(),
};
