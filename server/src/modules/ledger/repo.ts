import type { Queryable } from '../../db';

export const ledgerRepo = {
  /**
   * Locks the player's balances as one (PostgreSQL; SQLite runs one writer at a time): their user
   * row, in a mode foreign keys to it do not wait on. One row, so two transactions cannot take a
   * player's balance rows in different orders and deadlock.
   */
  lockBalances: (db: Queryable, userId: number) =>
    db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute(),

  /** When the player's energy (yang or yin) last changed; null before any. */
  energyUpdatedAt: async (db: Queryable, userId: number): Promise<string | null> => {
    const r = await db
      .selectFrom('balances')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .where('user_id', '=', userId)
      .where('asset', 'in', ['yang', 'yin'])
      .executeTakeFirst();
    return (r?.at as string | null | undefined) ?? null;
  },

  hasAny: async (db: Queryable, userId: number) =>
    !!(await db.selectFrom('ledger').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()),
};
