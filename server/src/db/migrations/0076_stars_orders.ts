import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Telegram Stars orders (docs/PRODUCT-RULES.md, Stars): what a user buys for Stars (a Telegram gift
 * inside a greeting, an energy pack), its price and state (created → paid → delivered | refunded |
 * expired), every change of state in `stars_order_transitions`, and the nightly reconciliation's
 * findings. Orders keep no foreign keys to users or greetings: they are a record of money and
 * outlive both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: any) => t.addColumn('id', pg ? 'serial' : 'integer', (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
  await id(db.schema.createTable('stars_orders'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull())
    // the buyer's Telegram user id: the payment comes from it, and a refund goes back to it
    .addColumn('buyer_telegram_id', 'text', (c: any) => c.notNull())
    // the buyer's language ('ru' | 'en'): the invoice and the bot's answers speak it
    .addColumn('lang', 'text', (c: any) => c.notNull())
    // 'telegram_gift' | 'energy_pack', and the gift's or the pack's id
    .addColumn('item', 'text', (c: any) => c.notNull())
    .addColumn('item_id', 'text', (c: any) => c.notNull())
    .addColumn('greeting_id', 'integer')
    .addColumn('star_count', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'text', (c: any) => c.notNull())
    .addColumn('invoice_url', 'text')
    // Telegram's id of the payment: one order per payment
    .addColumn('telegram_payment_charge_id', 'text', (c: any) => c.unique())
    .addColumn('recipient_user_id', 'integer')
    .addColumn('recipient_telegram_id', 'text')
    .addColumn('gift_text', 'text')
    // the one call to Telegram that ends a paid order, claimed before it is made: 'send' | 'refund'
    .addColumn('outside', 'text')
    .addColumn('outside_at', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('stars_orders_state').on('stars_orders').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('stars_orders_user').on('stars_orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('stars_orders_greeting').on('stars_orders').column('greeting_id').execute();
  await id(db.schema.createTable('stars_order_transitions'))
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('stars_orders.id').onDelete('cascade'))
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('stars_order_transitions_order').on('stars_order_transitions').columns(['order_id', 'id']).execute();
  await id(db.schema.createTable('stars_reconciliations'))
    .addColumn('at', 'text', (c: any) => c.notNull())
    .addColumn('transactions', 'integer', (c: any) => c.notNull())
    .addColumn('problem_count', 'integer', (c: any) => c.notNull())
    // JSON array of { kind, charge_id, order_id, detail }
    .addColumn('problems', 'text', (c: any) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stars_reconciliations').execute();
  await db.schema.dropTable('stars_order_transitions').execute();
  await db.schema.dropTable('stars_orders').execute();
}
