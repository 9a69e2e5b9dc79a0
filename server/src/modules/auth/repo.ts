import type { Queryable } from '../../db';
import type { NewUser, UserRow } from '../../db/schema';

export const authRepo = {
  findUserById: (db: Queryable, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  findUserByLoginOrEmail: (db: Queryable, loginOrEmail: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('login', '=', loginOrEmail), eb('email', '=', loginOrEmail.toLowerCase())]))
      .executeTakeFirst(),

  emailTaken: async (db: Queryable, email: string) =>
    !!(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()),

  loginTaken: async (db: Queryable, login: string) =>
    !!(await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()),

  findUserByTelegramId: (db: Queryable, telegramId: string) =>
    db.selectFrom('users').selectAll().where('telegram_id', '=', telegramId).executeTakeFirst(),

  insertUser: (db: Queryable, user: NewUser): Promise<UserRow> =>
    db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),

  updateTelegramProfile: (db: Queryable, id: number, p: Pick<UserRow, 'username' | 'first_name' | 'last_name'>) =>
    db.updateTable('users').set(p).where('id', '=', id).execute(),

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
