import type { Kysely } from 'kysely';

/**
 * Votes, reports and moderation:
 * - `rewarded_actions` remembers which (user, action, postcard) the game layer was already told
 *   about, so toggling a like or re-approving a postcard never earns a second reward;
 * - indexes for "open reports of a postcard" and for the moderation state of a postcard's votes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rewarded_actions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rewarded_actions_pk', ['user_id', 'action', 'ref_id'])
    .execute();
  await db.schema
    .createIndex('complaints_postcard_status')
    .on('complaints')
    .columns(['image_relation_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('complaints_postcard_status').execute();
  await db.schema.dropTable('rewarded_actions').execute();
}
