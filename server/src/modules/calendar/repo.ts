import type { Insertable, Updateable } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import type { PersonDatesTable } from '../../db/schema';

export const calendarRepo = {
  dates: (db: Queryable, userId: number) => db.selectFrom('person_dates').selectAll().where('user_id', '=', userId).orderBy('id').execute(),

  date: (db: Queryable, id: number) => db.selectFrom('person_dates').selectAll().where('id', '=', id).executeTakeFirst(),

  count: async (db: Queryable, userId: number) =>
    Number((await db.selectFrom('person_dates').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0),

  insert: (db: Queryable, values: Insertable<PersonDatesTable>) => db.insertInto('person_dates').values(values).returningAll().executeTakeFirstOrThrow(),

  update: (db: Queryable, id: number, values: Updateable<PersonDatesTable>) =>
    db.updateTable('person_dates').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  delete: (db: Queryable, id: number) => db.deleteFrom('person_dates').where('id', '=', id).execute(),

  /** Locks the user's row so two concurrent creates cannot both pass the per-user limit (PostgreSQL; SQLite has one writer). */
  lockUser: async (db: Queryable, userId: number) => {
    if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  },

  feedOf: (db: Queryable, userId: number) => db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  feedBySecret: (db: Queryable, secret: string) => db.selectFrom('calendar_feeds').selectAll().where('secret', '=', secret).executeTakeFirst(),

  putFeed: (db: Queryable, v: { user_id: number; secret: string; holiday_kinds: string; created_at: string }) =>
    db
      .insertInto('calendar_feeds')
      .values(v)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: v.secret, holiday_kinds: v.holiday_kinds, created_at: v.created_at }))
      .execute(),

  deleteFeed: (db: Queryable, userId: number) => db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute(),
};

export type PersonDateRow = NonNullable<Awaited<ReturnType<typeof calendarRepo.date>>>;
