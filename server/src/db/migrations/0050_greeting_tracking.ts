import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * After sending: when a greeting was first opened and how often, when it was first
 * accepted, the moment a scheduled one opens (UTC, with the sender's timezone for display), the
 * last counted open of each viewer (repeats within a short window are not counted), and the
 * thank-you replies of its acceptors (one per acceptor; kept when the acceptor hides the greeting).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('greetings').addColumn('opened_at', 'text').execute();
  await db.schema.alterTable('greetings').addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('greetings').addColumn('accepted_at', 'text').execute();
  await db.schema.alterTable('greetings').addColumn('opens_at', 'text').execute();
  await db.schema.alterTable('greetings').addColumn('opens_tz', 'text').execute();
  // greetings accepted before this migration count as accepted
  await db
    .updateTable('greetings')
    .set((eb: any) => ({
      accepted_at: eb
        .selectFrom('accepted_greetings as a')
        .select((e: any) => e.fn.min('a.accepted_at').as('m'))
        .whereRef('a.greeting_id', '=', 'greetings.id'),
    }))
    .execute();

  await db.schema
    .createTable('greeting_opens')
    .addColumn('greeting_id', 'integer', (c) => c.notNull().references('greetings.id').onDelete('cascade'))
    // `u:<user id>` for a signed-in viewer, `v:<hash of address and user agent>` for a visitor
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('greeting_opens_pk', ['greeting_id', 'viewer'])
    .execute();

  await db.schema
    .createTable('greeting_replies')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('greeting_id', 'integer', (c) => c.notNull().references('greetings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reaction', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('greeting_replies_user', ['greeting_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('greeting_replies').execute();
  await db.schema.dropTable('greeting_opens').execute();
  for (const c of ['opens_tz', 'opens_at', 'accepted_at', 'open_count', 'opened_at']) {
    await db.schema.alterTable('greetings').dropColumn(c).execute();
  }
}
