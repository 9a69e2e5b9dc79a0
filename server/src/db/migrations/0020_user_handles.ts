import type { Kysely } from 'kysely';
import { createHandleTriggers, dropHandleTriggers, fillHandles } from './user-handles';

/**
 * Logins and emails share one case-insensitive namespace: `user_handles` holds lower(login) and
 * lower(email) of every user under one primary key, kept by triggers on `users`, so no insert path
 * (registration, seed, scripts) can create `DEMO` beside `demo`, or a login equal to someone's email.
 *
 * Existing clashes are resolved oldest account first: emails are lower-cased; a later account whose
 * login clashes keeps signing in by email and gets the login `<login>_<id>`; a later duplicate email
 * (possible only for rows written outside registration) is cleared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_handles')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_handles_user').on('user_handles').column('user_id').execute();

  await fillHandles(db);
  await createHandleTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropHandleTriggers(db);
  await db.schema.dropTable('user_handles').execute();
}
