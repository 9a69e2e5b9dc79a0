import type { Kysely } from 'kysely';

/**
 * A greeting held back from its recipient (docs/PRODUCT-RULES.md, greetings: held greetings):
 * 'group' while a group card collects signatures, 'payment' while its Telegram gift is unpaid.
 * Null: released. A held greeting is nothing to anyone but its sender (and, for a group card,
 * those with its invite).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('greetings').addColumn('held_for', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('greetings').dropColumn('held_for').execute();
}
