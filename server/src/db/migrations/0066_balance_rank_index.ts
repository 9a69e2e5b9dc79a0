import type { Kysely } from 'kysely';

/**
 * The balance index also carries user_id (ties of the leaderboard go to who joined first): how
 * many players are ahead of one is then two index ranges, read without the table (the top-100
 * check runs on every experience gain).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('balances_asset_amount_user').on('balances').columns(['asset', 'amount', 'user_id']).execute();
  await db.schema.dropIndex('balances_asset_amount').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('balances_asset_amount').on('balances').columns(['asset', 'amount']).execute();
  await db.schema.dropIndex('balances_asset_amount_user').execute();
}
