import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Durable jobs (docs/ARCHITECTURE.md): domain events recorded in the transaction that caused them (the
 * outbox) and work scheduled for later. `job_handled` marks each subscriber that finished a job,
 * in the subscriber's own transaction, so a retried job never runs a finished subscriber again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('done_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('unique_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute();
  await db.schema.createIndex('jobs_unique_key').on('jobs').column('unique_key').execute();
  await db.schema
    .createTable('job_handled')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_handled_pk', ['job_id', 'handler'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_handled').execute();
  await db.schema.dropTable('jobs').execute();
}
