import { sql } from 'kysely';
import type { Queryable } from '../../db';

/**
 * A channel with its true counts and the viewer's relation to it (viewerId 0 = anonymous). Its
 * postcards are counted twice: every one, and the approved, not banned ones; which of the two a
 * viewer is told is the service's rule.
 */
const withCounts = (db: Queryable, viewerId: number) =>
  db
    .selectFrom('collections as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('subscriptions as s')
        .whereRef('s.collection_id', '=', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('subscribers_count'),
      eb
        .selectFrom('image_relations as ir')
        .whereRef('ir.collection_id', '=', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('all_postcards_count'),
      eb
        .selectFrom('image_relations as ir')
        .whereRef('ir.collection_id', '=', 'c.id')
        .where('ir.is_approved', '=', 1)
        .where('ir.is_banned', '=', 0)
        .select(eb.fn.countAll<number>().as('n'))
        .as('approved_postcards_count'),
      eb
        .exists(
          eb
            .selectFrom('subscriptions as me')
            .whereRef('me.collection_id', '=', 'c.id')
            .where('me.user_id', '=', viewerId)
            .select(sql`1`.as('one')),
        )
        .as('is_subscribed'),
    ]);

export type ChannelRow = Awaited<ReturnType<ReturnType<typeof withCounts>['executeTakeFirstOrThrow']>>;

export const channelsRepo = {
  /** The bare row (for permission checks). */
  byId: (db: Queryable, id: number) => db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst(),

  withCounts: (db: Queryable, id: number, viewerId: number) => withCounts(db, viewerId).where('c.id', '=', id).executeTakeFirst(),

  /** Channels a user owns, then the ones they follow; newest first in each. */
  mine: (db: Queryable, userId: number) =>
    withCounts(db, userId)
      .where((eb) =>
        eb.or([
          eb('c.user_id', '=', userId),
          eb('c.id', 'in', eb.selectFrom('subscriptions').select('collection_id').where('user_id', '=', userId)),
        ]),
      )
      .orderBy(sql`case when c.user_id = ${userId} then 0 else 1 end`)
      .orderBy('c.id', 'desc')
      .execute(),

  insert: (db: Queryable, v: { user_id: number; name: string; description: string | null; created_at: string }) =>
    db.insertInto('collections').values(v).returning('id').executeTakeFirstOrThrow(),

  update: (db: Queryable, id: number, v: { name?: string; description?: string | null }) =>
    db.updateTable('collections').set(v).where('id', '=', id).execute(),

  delete: (db: Queryable, id: number) => db.deleteFrom('collections').where('id', '=', id).execute(),

  subscriptions: (db: Queryable, userId: number, collectionId?: number) => {
    let q = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId);
    if (collectionId !== undefined) q = q.where('collection_id', '=', collectionId);
    return q.orderBy('created_at', 'desc').execute();
  },

  subscription: (db: Queryable, userId: number, collectionId: number) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst(),

  subscribe: (db: Queryable, userId: number, collectionId: number, at: string) =>
    db
      .insertInto('subscriptions')
      .values({ user_id: userId, collection_id: collectionId, created_at: at })
      .onConflict((oc) => oc.columns(['collection_id', 'user_id']).doNothing())
      .execute(),

  unsubscribe: async (db: Queryable, userId: number, collectionId: number) => {
    const r = await db
      .deleteFrom('subscriptions')
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
