import type { Kysely } from 'kysely';

/**
 * Notifications keep, next to their Russian title and message, the template they were written
 * from (`{key, params}` as JSON), so the web app can show them in the reader's language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('template', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('template').execute();
}
