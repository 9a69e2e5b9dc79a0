import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { limitOf } from '../../db/limit';

/**
 * How many players are ahead of one with `exp` experience (more of it, or as much and joined
 * earlier): two ranges of balances_asset_amount_user, read without the table; with `limit`, at most
 * that many of each.
 */
async function playersAhead(db: Queryable, userId: number, exp: number, limit?: number): Promise<number> {
  const atMost = limit === undefined ? sql`` : sql` ${limitOf(limit)}`;
  const r = await sql<{ n: number | string }>`
    select (select count(*) from (select 1 from balances where asset = 'exp' and amount > ${exp}${atMost}) as more)
         + (select count(*) from (select 1 from balances where asset = 'exp' and amount = ${exp} and user_id < ${userId}${atMost}) as tied) as n`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** All SQL of the game module. */
export const gameRepo = {
  // ─── game state ──────────────────────────────────────────────────────────────────────────
  /** Creates the state row on first use; true when it was created now. */
  async ensureState(db: Queryable, userId: number, at: string): Promise<boolean> {
    const r = await db
      .insertInto('game_state')
      .values({ user_id: userId, level: 1, yin_regen_at: at, in_top: 0, daily_day: null, daily_streak: 0, version: 0, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Locks the player's state row for the rest of the transaction (a write on both databases). */
  lockState: (db: Queryable, userId: number, at: string) =>
    db
      .updateTable('game_state')
      .set({ version: sql`version + 1`, updated_at: at })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow(),

  getState: (db: Queryable, userId: number) =>
    db.selectFrom('game_state').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  updateState: (
    db: Queryable,
    userId: number,
    patch: Partial<{ level: number; yin_regen_at: string; in_top: number; daily_day: string; daily_streak: number }>,
  ) => db.updateTable('game_state').set(patch).where('user_id', '=', userId).execute(),


  /** When the yang or yin balance last changed. */

  // ─── counters ────────────────────────────────────────────────────────────────────────────
  async addCounter(db: Queryable, userId: number, period: string, metric: string, delta: number): Promise<number> {
    const r = await db
      .insertInto('game_counters')
      .values({ user_id: userId, period, metric, value: delta })
      .onConflict((oc) =>
        oc.columns(['user_id', 'period', 'metric']).doUpdateSet((eb) => ({
          value: eb(eb.ref('game_counters.value'), '+', eb.ref('excluded.value')),
        })),
      )
      .returning('value')
      .executeTakeFirstOrThrow();
    return r.value;
  },

  async counters(db: Queryable, userId: number, periods: string[]): Promise<{ period: string; metric: string; value: number }[]> {
    if (!periods.length) return [];
    return db
      .selectFrom('game_counters')
      .select(['period', 'metric', 'value'])
      .where('user_id', '=', userId)
      .where('period', 'in', periods)
      .execute();
  },

  // ─── quests ──────────────────────────────────────────────────────────────────────────────
  claims: (db: Queryable, userId: number, days: string[]) =>
    db.selectFrom('game_quest_claims').select(['day', 'quest_key']).where('user_id', '=', userId).where('day', 'in', days).execute(),

  async insertClaim(db: Queryable, userId: number, day: string, questKey: string, at: string): Promise<boolean> {
    const r = await db
      .insertInto('game_quest_claims')
      .values({ user_id: userId, day, quest_key: questKey, claimed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'day', 'quest_key']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  // ─── achievements ────────────────────────────────────────────────────────────────────────
  achievements: (db: Queryable, userId: number) =>
    db.selectFrom('game_achievements').select(['achievement_key', 'unlocked_at']).where('user_id', '=', userId).execute(),

  async insertAchievement(db: Queryable, userId: number, key: string, at: string): Promise<boolean> {
    const r = await db
      .insertInto('game_achievements')
      .values({ user_id: userId, achievement_key: key, unlocked_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'achievement_key']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  // ─── spins ───────────────────────────────────────────────────────────────────────────────
  insertSpin: (db: Queryable, userId: number, token: string, at: string) =>
    db
      .insertInto('game_spins')
      .values({ user_id: userId, token, started_at: at, finished_at: null, seconds: null, yang: null, yin: null })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Abandons the player's unfinished spins (a new hold replaces them). */
  abandonOpenSpins: (db: Queryable, userId: number, at: string) =>
    db
      .updateTable('game_spins')
      .set({ finished_at: at, seconds: 0, yang: 0, yin: 0 })
      .where('user_id', '=', userId)
      .where('finished_at', 'is', null)
      .execute(),

  findSpin: (db: Queryable, userId: number, token: string) =>
    db.selectFrom('game_spins').selectAll().where('user_id', '=', userId).where('token', '=', token).executeTakeFirst(),

  /** Finishes a spin once; false when it was already finished. */
  async finishSpin(db: Queryable, id: number, v: { at: string; seconds: number; yang: number; yin: number }): Promise<boolean> {
    const r = await db
      .updateTable('game_spins')
      .set({ finished_at: v.at, seconds: v.seconds, yang: v.yang, yin: v.yin })
      .where('id', '=', id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  // ─── crystals ────────────────────────────────────────────────────────────────────────────
  insertDraw: (db: Queryable, userId: number, crystalKey: string, amount: number, at: string) =>
    db
      .insertInto('crystal_draws')
      .values({ user_id: userId, crystal_key: crystalKey, amount, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow(),

  crystalCollection: (db: Queryable, userId: number) =>
    db
      .selectFrom('crystal_draws')
      .select((eb) => ['crystal_key', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('first_at')])
      .where('user_id', '=', userId)
      .groupBy('crystal_key')
      .execute(),

  // ─── top players ─────────────────────────────────────────────────────────────────────────
  /** Players with experience, ranked by experience then by who joined first. */
  topPlayers: (db: Queryable, limit: number, offset: number) =>
    db
      .selectFrom('balances as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('game_state as s', 's.user_id', 'e.user_id')
      .select((eb) => [
        'u.id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'e.amount as experience',
        eb.fn.coalesce('s.level', sql<number>`1`).as('level'),
        eb
          .selectFrom('balances as b')
          .select((b) => b.fn.coalesce(b.fn.sum<number>('b.amount'), sql<number>`0`).as('energy'))
          .whereRef('b.user_id', '=', 'e.user_id')
          .where('b.asset', 'in', ['yang', 'yin'])
          .as('energy'),
      ])
      .where('e.asset', '=', 'exp')
      .where('e.amount', '>', 0)
      .orderBy('e.amount', 'desc')
      .orderBy('e.user_id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),

  async rankedCount(db: Queryable): Promise<number> {
    const r = await db
      .selectFrom('balances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asset', '=', 'exp')
      .where('amount', '>', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** 1-based rank of a player with `exp` experience (ties go to who joined first). */
  rankOf: async (db: Queryable, userId: number, exp: number): Promise<number> => (await playersAhead(db, userId, exp)) + 1,

  /**
   * The rank when it is at most `within`, else null. Counts at most `within` players: the top-100
   * check runs on every experience gain and costs the same with a million players as with a hundred.
   */
  async rankWithin(db: Queryable, userId: number, exp: number, within: number): Promise<number | null> {
    const ahead = await playersAhead(db, userId, exp, within);
    return ahead < within ? ahead + 1 : null;
  },
};
