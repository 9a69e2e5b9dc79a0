import { type Kysely, sql } from 'kysely';

/**
 * Jobs end, and a key holds one waiting job (jobs/runner.ts):
 * - `dead_at`: a job whose last allowed attempt failed is dead: never claimed again, kept for a
 *   moderator to see and retry. Dead jobs get an index of their own (the list, the metrics gauge),
 *   and the due jobs one that leaves out finished and dead ones (the claim never walks over them).
 * - one waiting job per `unique_key` becomes a partial unique index (a job being run is not
 *   waiting: its own run may schedule the next of its key). Databases from before it may hold
 *   several waiting jobs of one key: the newest of each key is kept, the others are finished as
 *   superseded, as scheduling would have moved the one job to the newest time.
 * The index predicate is repeated, word for word, by `scheduleJob`'s conflict target.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('dead_at', 'text').execute();

  await sql`
    update jobs set done_at = ${new Date().toISOString()}, last_error = ${'superseded by a later job of its key'}
    where unique_key is not null and done_at is null and locked_until is null
      and exists (
        select 1 from jobs later
        where later.unique_key = jobs.unique_key and later.done_at is null and later.locked_until is null and later.id > jobs.id
      )`.execute(db);
  await sql`
    create unique index jobs_waiting_unique_key on jobs (unique_key)
    where unique_key is not null and done_at is null and dead_at is null and locked_until is null`.execute(db);

  await db.schema.dropIndex('jobs_due').execute();
  await sql`create index jobs_due on jobs (run_at) where done_at is null and dead_at is null`.execute(db);
  await sql`create index jobs_done_at on jobs (done_at) where done_at is not null`.execute(db);
  await sql`create index jobs_dead_at on jobs (dead_at) where dead_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_dead_at').execute();
  await db.schema.dropIndex('jobs_done_at').execute();
  await db.schema.dropIndex('jobs_due').execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute();
  await db.schema.dropIndex('jobs_waiting_unique_key').execute();
  await db.schema.alterTable('jobs').dropColumn('dead_at').execute();
}
