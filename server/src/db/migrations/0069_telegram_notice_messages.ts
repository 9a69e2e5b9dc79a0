import type { Kysely } from 'kysely';

/**
 * The bot's message for a notice it sent a Telegram user (telegram-notices.ts): when the notice is
 * rewritten (a reply edited), the message is edited to match. Goes with its notification.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telegram_notice_messages')
    .addColumn('notification_id', 'integer', (c) => c.primaryKey().references('notifications.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_notice_messages').execute();
}
