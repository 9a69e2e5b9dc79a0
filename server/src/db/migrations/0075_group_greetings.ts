import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Group cards (docs/PRODUCT-RULES.md, group cards): a greeting's group (its invite and when it was
 * delivered), the contributions that sign it (each with its own escrowed gift, settled once), and
 * the reports about a contribution.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t.addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
  await db.schema
    .createTable('greeting_groups')
    .addColumn('greeting_id', 'integer', (c) => c.primaryKey().references('greetings.id').onDelete('cascade'))
    // the invite token of /greeting/{id}/join/{invite}; replacing it invalidates the old one
    .addColumn('invite', 'text', (c) => c.notNull().unique())
    .addColumn('delivered_at', 'text')
    // when the contributions' gifts were given back because nobody accepted the card in time
    .addColumn('expired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await id(db.schema.createTable('greeting_contributions'))
    .addColumn('greeting_id', 'integer', (c) => c.notNull().references('greetings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_whom', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // the gift escrowed from the author's yang (0: none)
    .addColumn('energy', 'integer', (c) => c.notNull().defaultTo(0))
    // who got the gift: the recipient, or its author when given back; null while held. Set once by a guarded update.
    .addColumn('gift_settled_to', 'integer')
    // 1: settled back to its author (withdrawn, removed, cancelled, expired); 0: held, or paid to the acceptor (who may be its author)
    .addColumn('gift_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('greeting_contributions_one_each', ['greeting_id', 'user_id'])
    .execute();
  await db.schema.createIndex('greeting_contributions_user').on('greeting_contributions').columns(['user_id', 'created_at']).execute();
  await id(db.schema.createTable('contribution_reports'))
    .addColumn('contribution_id', 'integer', (c) => c.notNull().references('greeting_contributions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('contribution_reports_open').on('contribution_reports').columns(['contribution_id', 'resolved_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contribution_reports').execute();
  await db.schema.dropTable('greeting_contributions').execute();
  await db.schema.dropTable('greeting_groups').execute();
}
