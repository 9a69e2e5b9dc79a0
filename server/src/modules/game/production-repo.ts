import type { Queryable } from '../../db';

/** All SQL of the production module. */
export const productionRepo = {
  cardLevels: (db: Queryable, userId: number) =>
    db.selectFrom('production_cards').select(['card_type', 'level']).where('user_id', '=', userId).execute(),

  setCardLevel: (db: Queryable, userId: number, cardType: string, level: number, at: string) =>
    db
      .insertInto('production_cards')
      .values({ user_id: userId, card_type: cardType, level, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'card_type']).doUpdateSet({ level, updated_at: at }))
      .execute(),

  /** Runs not yet collected, oldest first. */
  /** Whether the player has ever started a run (the first one is free). */
  async hasStarted(db: Queryable, userId: number): Promise<boolean> {
    return !!(await db.selectFrom('production_runs').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst());
  },

  openRuns: (db: Queryable, userId: number) =>
    db
      .selectFrom('production_runs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('collected_at', 'is', null)
      .orderBy('started_at')
      .orderBy('id')
      .execute(),

  insertRun: (
    db: Queryable,
    v: { user_id: number; card_type: string; card_level: number; resource_type: string; quantity: number; started_at: string; ready_at: string },
  ) =>
    db
      .insertInto('production_runs')
      .values({ ...v, collected_at: null, notified_at: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  findRun: (db: Queryable, userId: number, id: number) =>
    db.selectFrom('production_runs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

  /** Marks a run collected once; false when it already was. */
  async collect(db: Queryable, id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('production_runs')
      .set({ collected_at: at })
      .where('id', '=', id)
      .where('collected_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Marks a run's ready notice written once; false when it already was. */
  async markNotified(db: Queryable, id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('production_runs')
      .set({ notified_at: at })
      .where('id', '=', id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** A player's runs that are ready but not yet announced. */
  readyUnnotified: (db: Queryable, userId: number, now: string) =>
    db
      .selectFrom('production_runs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('notified_at', 'is', null)
      .where('collected_at', 'is', null)
      .where('ready_at', '<=', now)
      .execute(),
};
