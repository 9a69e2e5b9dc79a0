import { type Kysely, sql } from 'kysely';

/**
 * The template of "your greeting was accepted" is `greeting_accepted` now (it was stored under
 * its type's name, `greeting_received`), so stored rows keep rendering in the reader's language.
 */
const rename = (db: Kysely<any>, from: string, to: string) =>
  db
    .updateTable('notifications')
    .set({ template: sql`replace(template, ${`"key":"${from}"`}, ${`"key":"${to}"`})` })
    .where('template', 'like', `{"key":"${from}"%`)
    .execute();

export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, 'greeting_received', 'greeting_accepted');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, 'greeting_accepted', 'greeting_received');
}
