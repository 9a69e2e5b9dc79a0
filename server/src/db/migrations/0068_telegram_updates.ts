import type { Kysely } from 'kysely';

/**
 * The bot's updates by webhook, one row each: any instance that takes an update claims it here
 * first, so an update Telegram sends twice is answered once across every instance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telegram_updates')
    .addColumn('update_id', 'bigint', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema.createIndex('telegram_updates_claimed_at').on('telegram_updates').column('claimed_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_updates').execute();
}
