import type { Kysely } from 'kysely';

/**
 * The id a client gives one attempt to create a greeting. The same id sent twice by the same
 * sender (a double tap, a retry after a lost answer) makes one greeting and escrows its gift once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('greetings').addColumn('request_id', 'text').execute();
  await db.schema.createIndex('greetings_user_request').unique().on('greetings').columns(['user_id', 'request_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('greetings_user_request').execute();
  await db.schema.alterTable('greetings').dropColumn('request_id').execute();
}
