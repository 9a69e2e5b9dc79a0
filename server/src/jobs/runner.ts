import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DialectName, isPlanChanged, type Queryable, type Tx } from '../db';
import { limitOf } from '../db/limit';
import type { Clock } from '../platform/clock';
import type { EventType, JobType, Payloads } from '../events/catalogue';

/** `job.at`: now; `job.recordedAt`: when the event was recorded (or the job scheduled). */
export type Handler<T extends keyof Payloads> = (
  trx: Tx,
  payload: Payloads[T],
  job: { id: number; at: string; recordedAt: string },
) => Promise<void>;

/** How long a worker holds a claimed job before another may take it over. */
const LEASE_MS = 60_000;
/** Retry delay after the n-th failed attempt: 1 s, 2 s, 4 s, … up to an hour. */
export const backoffMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 3600_000);
const RETRYABLE_PG = new Set(['40P01', '40001']);

/**
 * How many events and jobs this process has recorded: a write transaction that moved it runs the
 * due jobs after its commit; one that recorded nothing (most game reads, likes) skips that claim
 * query. A concurrent transaction's record may trigger an extra run, which is harmless.
 */
let recorded = 0;

/** Records a domain event in the caller's transaction (the outbox): its subscribers run after commit. */
export async function recordEvent<T extends EventType>(trx: Queryable, at: string, type: T, payload: Payloads[T]): Promise<void> {
  recorded += 1;
  await trx.insertInto('jobs').values({ type, payload: JSON.stringify(payload), run_at: at, created_at: at }).execute();
}

/**
 * Schedules a job for `runAt` in the caller's transaction. With a `uniqueKey`, a pending job of the
 * same key is moved to the new time instead (e.g. one energy_full notice per player).
 */
export async function scheduleJob<T extends JobType>(
  trx: Queryable,
  at: string,
  type: T,
  runAt: string,
  payload: Payloads[T],
  uniqueKey?: string,
): Promise<void> {
  recorded += 1;
  if (uniqueKey) {
    const moved = await trx
      .updateTable('jobs')
      .set({ run_at: runAt, payload: JSON.stringify(payload) })
      .where('unique_key', '=', uniqueKey)
      .where('done_at', 'is', null)
      .where('locked_until', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) return;
  }
  await trx
    .insertInto('jobs')
    .values({ type, payload: JSON.stringify(payload), run_at: runAt, created_at: at, unique_key: uniqueKey ?? null })
    .execute();
}

/**
 * Runs `fn` in a transaction, again on a PostgreSQL deadlock, serialization failure or a prepared
 * statement outdated by a migration (up to 4 tries).
 */
export async function retryingTx<T>(db: Db, fn: (trx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // eslint-disable-next-line no-restricted-syntax -- the one place a transaction starts
      return await db.transaction().execute(fn);
    } catch (e) {
      const code = (e as { code?: unknown })?.code;
      if (attempt < 4 && typeof code === 'string' && RETRYABLE_PG.has(code)) {
        // apart: the transactions that collided would otherwise start again together
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
        continue;
      }
      if (attempt < 4 && isPlanChanged(e)) continue;
      throw e;
    }
  }
}

const recurringKey = (type: JobType) => `every:${type}`;

/** Finished jobs (handled events included) are kept this long, then pruned. */
export const FINISHED_JOBS_KEEP_MS = 14 * 24 * 3600_000;

/** Deletes jobs finished before `before` with their handled marks; answers how many went. */
export async function pruneFinishedJobs(trx: Queryable, before: string): Promise<number> {
  const old = trx.selectFrom('jobs').select('id').where('done_at', '<', before);
  await trx.deleteFrom('job_handled').where('job_id', 'in', old).execute();
  const r = await trx.deleteFrom('jobs').where('done_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

interface Claimed {
  id: number;
  type: string;
  payload: string;
  attempts: number;
  created_at: string;
}

/**
 * The job runner: claims due jobs (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so N instances never take
 * the same one; SQLite: one writer at a time), runs every subscriber of each job in its own
 * transaction together with a `job_handled` mark, so a subscriber's effects happen exactly once
 * however often the job is retried. A failing subscriber is logged and retried with backoff; the
 * job stays until every subscriber has finished.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { name: string; fn: Handler<any> }[]>();
  private readonly recurring: JobType[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** runs started after a commit (a request may have stopped waiting for them), and `inBackground` work */
  private readonly detached = new Set<Promise<void>>();
  /** after-commit runs still going */
  private readonly afterCommitRuns = new Set<Promise<void>>();
  private stopped = true;
  private stopping = new AbortController();

  constructor(
    private readonly opts: {
      db: Db;
      dialect: DialectName;
      clock: () => Clock;
      log: FastifyBaseLogger;
      /** how long a request waits for the jobs its commit started (undefined: until they finish) */
      afterCommitWaitMs?: number;
    },
  ) {
    // the runner's own housekeeping: finished jobs and handled events do not pile up
    this.every('jobs.prune', 24 * 3600_000, async (trx, job) => {
      const pruned = await pruneFinishedJobs(trx, new Date(Date.parse(job.at) - FINISHED_JOBS_KEEP_MS).toISOString());
      if (pruned) this.opts.log.info({ pruned }, 'jobs: pruned finished jobs');
    });
  }

  /** Subscribes `name` to an event type (names must stay stable: they mark finished work). */
  on<T extends EventType>(type: T, name: string, fn: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    if (list.some((h) => h.name === name)) throw new Error(`${name} already subscribes to ${type}`);
    this.handlers.set(type, [...list, { name, fn }]);
  }

  /** The one handler of a scheduled job type. */
  define<T extends JobType>(type: T, fn: Handler<T>): void {
    if (this.handlers.has(type)) throw new Error(`job ${type} is already defined`);
    this.handlers.set(type, [{ name: 'job', fn }]);
  }

  /**
   * A job that runs every `everyMs`, one chain across all instances: each run schedules the next
   * in its own transaction; `ensureRecurring` (at start) queues the first when none is pending.
   */
  every<T extends JobType>(type: T, everyMs: number, fn: (trx: Tx, job: { id: number; at: string }) => Promise<void>): void {
    this.define(type, async (trx, _payload, job) => {
      await fn(trx, job);
      const next = new Date(Date.parse(job.at) + everyMs).toISOString();
      await scheduleJob(trx, job.at, type, next, {} as Payloads[T], recurringKey(type));
    });
    this.recurring.push(type);
  }

  /** Queues the first run of every recurring job that has none pending (safe to call on N instances at once). */
  async ensureRecurring(): Promise<void> {
    for (const type of this.recurring) {
      await retryingTx(this.opts.db, async (trx) => {
        // PostgreSQL: instances starting together take turns here; SQLite has one writer anyway
        if (this.opts.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${recurringKey(type)}))`.execute(trx);
        const pending = await trx
          .selectFrom('jobs')
          .select('id')
          .where('unique_key', '=', recurringKey(type))
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (!pending) await scheduleJob(trx, this.now().toISOString(), type, this.now().toISOString(), {} as never, recurringKey(type));
      });
    }
  }

  /** Runs every job due now (by the injected clock), in batches; answers how many ran to the end. */
  async runDue(batch = 50): Promise<number> {
    let done = 0;
    for (let round = 0; round < 20; round += 1) {
      const jobs = await this.claim(batch);
      for (const job of jobs) if (await this.run(job)) done += 1;
      if (jobs.length === 0) break; // handlers may record events of their own: run those too
    }
    return done;
  }

  /** Runs due jobs now, never throwing (called after a request's transaction commits). */
  async kick(): Promise<void> {
    try {
      await this.runDue();
    } catch (err) {
      this.opts.log.warn({ err }, 'jobs: run after commit failed; the poller retries');
    }
  }

  /**
   * Runs due jobs after a request's commit. The request waits for them up to `afterCommitWaitMs`:
   * on an idle server that is all of them (a like's reward is there on the next read). When runs
   * of earlier commits are still going, the jobs are behind: the answer goes out at once, and a
   * run still going takes this commit's jobs in its next round (the poller, if it was ending).
   */
  async afterCommit(): Promise<void> {
    const waitMs = this.opts.afterCommitWaitMs;
    if (waitMs !== undefined && this.afterCommitRuns.size > 0) return;
    const run = this.kick();
    if (waitMs === undefined) return run;
    for (const runs of [this.detached, this.afterCommitRuns]) {
      runs.add(run);
      void run.finally(() => runs.delete(run));
    }
    if (waitMs === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([run, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /**
   * Starts work that must not run inside a job's transaction (a walk through media storage would
   * hold SQLite's only connection for its whole length). A failure is logged (a recurring job tries
   * again next time); `stop()` signals it to end early and waits for it, as does `settled()`.
   */
  inBackground(what: string, work: (stopping: AbortSignal) => Promise<unknown>): void {
    const { signal } = this.stopping;
    const run = Promise.resolve()
      .then(() => work(signal))
      .then(
        () => undefined,
        (err: unknown) => this.opts.log.warn({ err }, `jobs: ${what} failed`),
      );
    this.detached.add(run);
    void run.finally(() => this.detached.delete(run));
  }

  /** Waits for the work running in the background: after-commit runs a request stopped waiting for, and `inBackground` work. */
  async settled(): Promise<void> {
    while (this.detached.size) await Promise.all([...this.detached]);
  }

  /** Polls for due jobs every `everyMs` until `stop()`. */
  start(everyMs = 1000): void {
    this.stopped = false;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    void this.ensureRecurring().catch((err: unknown) => this.opts.log.warn({ err }, 'jobs: could not queue the recurring jobs'));
    const tick = () => {
      this.running = this.kick().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, everyMs).unref();
      });
    };
    this.timer = setTimeout(tick, everyMs).unref();
  }

  /** Stops polling and waits for the batches in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.timer);
    await Promise.all([this.running, ...this.detached]);
  }

  private now = () => this.opts.clock().now();

  private async claim(limit: number): Promise<Claimed[]> {
    const now = this.now();
    const at = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const skipLocked = this.opts.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<Claimed>`
      update jobs set locked_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and run_at <= ${at} and (locked_until is null or locked_until < ${at})
        order by run_at, id ${limitOf(limit)} ${skipLocked}
      )
      returning id, type, payload, attempts, created_at`.execute(this.opts.db);
    return [...rows].sort((a, b) => a.id - b.id);
  }

  private async run(job: Claimed): Promise<boolean> {
    const handlers = this.handlers.get(job.type) ?? [];
    const payload: unknown = JSON.parse(job.payload);
    try {
      for (const h of handlers) {
        await retryingTx(this.opts.db, async (trx) => {
          const at = this.now().toISOString();
          const mark = await trx
            .insertInto('job_handled')
            .values({ job_id: job.id, handler: h.name, handled_at: at })
            .onConflict((oc) => oc.columns(['job_id', 'handler']).doNothing())
            .executeTakeFirst();
          if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return; // finished earlier
          await h.fn(trx, payload as never, { id: job.id, at, recordedAt: job.created_at });
        });
      }
      await this.opts.db
        .updateTable('jobs')
        .set({ done_at: this.now().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .execute();
      return true;
    } catch (err) {
      const retryAt = new Date(this.now().getTime() + backoffMs(job.attempts)).toISOString();
      this.opts.log.warn({ err, job: job.id, type: job.type, attempts: job.attempts }, 'jobs: a handler failed; retrying later');
      await this.opts.db
        .updateTable('jobs')
        .set({ locked_until: null, run_at: retryAt, last_error: String(err instanceof Error ? err.message : err).slice(0, 500) })
        .where('id', '=', job.id)
        .execute();
      return false;
    }
  }
}

/**
 * A service's write transaction: retried on a PostgreSQL deadlock or serialization failure, and
 * once committed, the events it recorded are handled (failures stay queued for the poller; see
 * `afterCommit` for how long the caller waits).
 */
export async function writeTx<T>(deps: { db: Db; jobs: JobRunner }, fn: (trx: Tx) => Promise<T>): Promise<T> {
  const before = recorded;
  const result = await retryingTx(deps.db, fn);
  if (recorded !== before) await deps.jobs.afterCommit();
  return result;
}
