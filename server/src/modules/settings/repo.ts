import type { Queryable } from '../../db';

export const settingsRepo = {
  all: (db: Queryable, userId: number) =>
    db.selectFrom('settings').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute(),

  upsert: (db: Queryable, userId: number, entries: { key: string; value: string }[], at: string) =>
    db
      .insertInto('settings')
      .values(entries.map((e) => ({ user_id: userId, key: e.key, value: e.value, updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'key']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute(),
};
