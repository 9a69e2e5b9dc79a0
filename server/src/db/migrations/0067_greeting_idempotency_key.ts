import type { Kysely } from 'kysely';

/**
 * The key a client gives one attempt to create a greeting. The same key sent twice by the same
 * sender (a double tap, a retry after a lost answer) makes one greeting and escrows its gift once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('greetings').addColumn('idempotency_key', 'text').execute();
  await db.schema.createIndex('greetings_user_idempotency_key').unique().on('greetings').columns(['user_id', 'idempotency_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('greetings_user_idempotency_key').execute();
  await db.schema.alterTable('greetings').dropColumn('idempotency_key').execute();
}
