import { sql } from 'kysely';
import type { Queryable } from '../../db';
import type { NewUser, UserRow } from '../../db/schema';
import { TELEGRAM_WRITE_ACCESS_SETTING } from '../../platform/telegram';

const handles = sql<{ handle: string; user_id: number }>`user_handles`;

export const authRepo = {
  findUserById: (db: Queryable, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Logins and emails are one case-insensitive namespace (`user_handles`, migration 0020). */
  findUserByLoginOrEmail: (db: Queryable, loginOrEmail: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (eb) => eb.selectFrom(handles.as('h')).select('h.user_id').where(sql`h.handle`, '=', sql`lower(${loginOrEmail})`))
      .executeTakeFirst(),

  /** Whether a login or an email, in any letter case, already names an account. */
  handleTaken: async (db: Queryable, handle: string) =>
    !!(await sql`select 1 from user_handles where handle = lower(${handle})`.execute(db)).rows.length,

  findUserByTelegramId: (db: Queryable, telegramId: string) =>
    db.selectFrom('users').selectAll().where('telegram_id', '=', telegramId).executeTakeFirst(),

  insertUser: (db: Queryable, user: NewUser): Promise<UserRow> =>
    db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),

  updateTelegramProfile: (db: Queryable, id: number, p: Pick<UserRow, 'username' | 'first_name' | 'last_name'>) =>
    db.updateTable('users').set(p).where('id', '=', id).execute(),

  /** The user's `telegram_allows_write_to_pm` setting (platform/telegram.ts), as the launch data said. */
  setTelegramWriteAccess: (db: Queryable, userId: number, allowed: boolean, at: string) =>
    db
      .insertInto('settings')
      .values({ user_id: userId, key: TELEGRAM_WRITE_ACCESS_SETTING, value: JSON.stringify(allowed), updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: JSON.stringify(allowed), updated_at: at }))
      .execute(),

  insertSession: (db: Queryable, s: { user_id: number; token_hash: string; created_at: string; expires_at: string }) =>
    db
      .insertInto('sessions')
      .values({ ...s, last_used_at: s.created_at })
      .returning('id')
      .executeTakeFirstOrThrow(),

  findSession: (db: Queryable, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  touchSession: (db: Queryable, id: number, at: string) =>
    db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).execute(),

  deleteSession: (db: Queryable, id: number) => db.deleteFrom('sessions').where('id', '=', id).execute(),
};
