import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../../db';
import type { DB } from '../../db/schema';

export interface NotificationFilter {
  isRead?: boolean;
  type?: string;
  /** inclusive ISO bounds on created_at */
  from?: string;
  to?: string;
}

const where = (userId: number, f: NotificationFilter) => (eb: ExpressionBuilder<DB, 'notifications'>) =>
  eb.and([
    eb('user_id', '=', userId),
    ...(f.isRead === undefined ? [] : [eb('is_read', '=', f.isRead ? 1 : 0)]),
    ...(f.type ? [eb('type', '=', f.type)] : []),
    ...(f.from ? [eb('created_at', '>=', f.from)] : []),
    ...(f.to ? [eb('created_at', '<=', f.to)] : []),
  ]);

/** All SQL of the notifications module. */
export const notificationsRepo = {
  lastAt: async (db: Queryable, userId: number, type: string): Promise<string | null> =>
    (
      await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .executeTakeFirst()
    )?.at ?? null,

  page: (db: Queryable, userId: number, f: NotificationFilter, limit: number, offset: number) =>
    db
      .selectFrom('notifications')
      .selectAll()
      .where(where(userId, f))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),

  async count(db: Queryable, userId: number, f: NotificationFilter): Promise<number> {
    const r = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where(userId, f))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  byId: (db: Queryable, userId: number, id: number) =>
    db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

  typeCounts: (db: Queryable, userId: number) =>
    db
      .selectFrom('notifications')
      .select((eb) => [
        'type',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('is_read', '=', 0).then(1).else(0).end()).as('unread'),
      ])
      .where('user_id', '=', userId)
      .groupBy('type')
      .execute(),

  /** Marks the user's unread notifications read: one (`id`), those of one `type`, or all; answers how many. */
  async markRead(db: Queryable, userId: number, only: { id?: number; type?: string } = {}): Promise<number> {
    let q = db.updateTable('notifications').set({ is_read: 1 }).where('user_id', '=', userId).where('is_read', '=', 0);
    if (only.id !== undefined) q = q.where('id', '=', only.id);
    if (only.type !== undefined) q = q.where('type', '=', only.type);
    return Number((await q.executeTakeFirst()).numUpdatedRows);
  },

  /** The user's notifications of one type written since `since` (`unread` only those not read), with what they say. */
  templatesOf: (db: Queryable, userId: number, type: string, o: { since?: string; unread?: boolean }) => {
    let q = db.selectFrom('notifications').select(['id', 'template', 'actions']).where('user_id', '=', userId).where('type', '=', type);
    if (o.since !== undefined) q = q.where('created_at', '>=', o.since);
    if (o.unread) q = q.where('is_read', '=', 0);
    return q.execute();
  },

  rewrite: (db: Queryable, id: number, text: { template: string; title: string; message: string }) =>
    db.updateTable('notifications').set(text).where('id', '=', id).execute(),

  markIdsRead: (db: Queryable, ids: number[]) => db.updateTable('notifications').set({ is_read: 1 }).where('id', 'in', ids).execute(),

  async remove(db: Queryable, userId: number, id?: number): Promise<number> {
    let q = db.deleteFrom('notifications').where('user_id', '=', userId);
    if (id !== undefined) q = q.where('id', '=', id);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  },
};
