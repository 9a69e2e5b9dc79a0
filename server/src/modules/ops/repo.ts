import { sql } from 'kysely';
import type { Queryable } from '../../db';

/** Throws unless the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Dead jobs (jobs/runner.ts), most recently dead first, and how many there are. */
export async function deadJobs(db: Queryable, page: { offset: number; limit: number }) {
  const items = await db
    .selectFrom('jobs')
    .select(['id', 'type', 'attempts', 'last_error', 'created_at', 'dead_at'])
    .where('dead_at', 'is not', null)
    .orderBy('dead_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('dead_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { items: items.map((j) => ({ ...j, dead_at: j.dead_at! })), total: Number(total) };
}

/** How many jobs of each type are dead (the metrics gauge). */
export function deadJobCounts(db: Queryable) {
  return db
    .selectFrom('jobs')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
    .where('dead_at', 'is not', null)
    .groupBy('type')
    .execute();
}

/** How many jobs of each type are due at `at` and not yet run to the end (the metrics gauge). */
export function waitingJobCounts(db: Queryable, at: string) {
  return db
    .selectFrom('jobs')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
    .where('done_at', 'is', null)
    .where('dead_at', 'is', null)
    .where('run_at', '<=', at)
    .groupBy('type')
    .execute();
}

/** One job as a moderator sees it after a retry. */
export async function jobState(db: Queryable, id: number) {
  const j = await db
    .selectFrom('jobs')
    .select(['id', 'type', 'attempts', 'last_error', 'run_at', 'done_at', 'dead_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!j) return null;
  const state = j.dead_at ? ('dead' as const) : j.done_at ? ('done' as const) : ('waiting' as const);
  return { id: j.id, type: j.type, state, attempts: j.attempts, last_error: j.last_error, run_at: j.run_at };
}
