import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DialectName, isPlanChanged, type Queryable, type Tx } from '../db';
import { isUniqueViolation } from '../db/errors';
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
/**
 * Attempts a job gets before it is dead (`dead_at`): never claimed again, listed for moderators
 * (GET /api/ops/jobs/dead) until one retries it. With `backoffMs` the last attempt comes about
 * 34 minutes after the first failure, so an outage of a service a handler calls is outlasted.
 */
export const MAX_JOB_ATTEMPTS = 12;
const RETRYABLE_PG = new Set(['40P01', '40001']);

/**
 * Thrown by a handler that was told to wait (a service's rate limit: Telegram's 429 with
 * `retry_after`): the job runs again after `delayMs`, and the attempt does not count toward
 * MAX_JOB_ATTEMPTS (being told to wait is not failing).
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

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
 * Schedules a job for `runAt` in the caller's transaction. With a `uniqueKey`, a job of the same
 * key waiting to run is moved to the new time and payload instead (e.g. one energy_full notice
 * per player): one statement against the unique index of waiting keys (migration 0070), so two
 * transactions scheduling one key at once leave one job. A job of the key being run, finished or
 * dead is not waiting: a new one is queued beside it.
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
  const insert = trx
    .insertInto('jobs')
    .values({ type, payload: JSON.stringify(payload), run_at: runAt, created_at: at, unique_key: uniqueKey ?? null });
  if (!uniqueKey) {
    await insert.execute();
    return;
  }
  await insert
    .onConflict((oc) =>
      oc
        .column('unique_key')
        // the index's predicate, word for word (SQLite and PostgreSQL match the conflict target by it)
        .where(sql<boolean>`unique_key is not null and done_at is null and dead_at is null and locked_until is null`)
        .doUpdateSet((eb) => ({ run_at: eb.ref('excluded.run_at'), payload: eb.ref('excluded.payload') })),
    )
    .execute();
}

/**
 * Cancels the waiting job of `uniqueKey` in the caller's transaction (it is finished unrun). A job
 * already running goes on: its handler must find it has nothing left to do.
 */
export async function cancelJob(trx: Queryable, at: string, uniqueKey: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ done_at: at, last_error: 'cancelled' })
    .where('unique_key', '=', uniqueKey)
    .where('done_at', 'is', null)
    .where('dead_at', 'is', null)
    .where('locked_until', 'is', null)
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
/** Dead jobs are kept longer than finished ones: they wait for a moderator to look into them. */
export const DEAD_JOBS_KEEP_MS = 30 * 24 * 3600_000;

/**
 * Deletes jobs finished before `finishedBefore` and jobs dead since before `deadBefore`, with
 * their handled marks; answers how many went.
 */
export async function pruneJobs(trx: Queryable, { finishedBefore, deadBefore }: { finishedBefore: string; deadBefore: string }): Promise<number> {
  let pruned = 0;
  for (const column of ['done_at', 'dead_at'] as const) {
    const before = column === 'done_at' ? finishedBefore : deadBefore;
    const old = trx.selectFrom('jobs').select('id').where(column, '<', before);
    await trx.deleteFrom('job_handled').where('job_id', 'in', old).execute();
    const r = await trx.deleteFrom('jobs').where(column, '<', before).executeTakeFirst();
    pruned += Number(r.numDeletedRows);
  }
  return pruned;
}

/** A job type's handler that works outside any transaction (see `JobRunner.defineOutsideTx`). */
export type OutsideTxHandler<T extends JobType> = (payload: Payloads[T], job: { id: number; at: string; recordedAt: string }) => Promise<void>;

/** What retrying a dead job came to: queued again, no dead job of that id, or another job of its key already waits. */
export type DeadJobRetry = 'queued' | 'not_dead' | 'key_waiting';

interface Claimed {
  id: number;
  type: string;
  payload: string;
  /** this attempt included */
  attempts: number;
  last_error: string | null;
  created_at: string;
}

const errorText = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 500);

/**
 * The job runner: claims due jobs (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so N instances never take
 * the same one; SQLite: one writer at a time), runs every subscriber of each job in its own
 * transaction together with a `job_handled` mark, so a subscriber's effects happen exactly once
 * however often the job is retried. A failing subscriber is logged and retried with backoff; the
 * job stays until every subscriber has finished, or until its MAX_JOB_ATTEMPTS-th attempt fails:
 * then it is dead, kept (DEAD_JOBS_KEEP_MS) for a moderator to retry, and never claimed again.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { name: string; fn: Handler<any> }[]>();
  private readonly outsideTx = new Map<string, OutsideTxHandler<any>>();
  private readonly recurring: JobType[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** runs started after a commit (a request may have stopped waiting for them), outside-transaction jobs, and `inBackground` work */
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
    // the runner's own housekeeping: finished jobs, handled events and old dead jobs do not pile up
    this.every('jobs.prune', 24 * 3600_000, async (trx, job) => {
      const at = Date.parse(job.at);
      const pruned = await pruneJobs(trx, {
        finishedBefore: new Date(at - FINISHED_JOBS_KEEP_MS).toISOString(),
        deadBefore: new Date(at - DEAD_JOBS_KEEP_MS).toISOString(),
      });
      if (pruned) this.opts.log.info({ pruned }, 'jobs: pruned finished and dead jobs');
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
    if (this.handlers.has(type) || this.outsideTx.has(type)) throw new Error(`job ${type} is already defined`);
    this.handlers.set(type, [{ name: 'job', fn }]);
  }

  /**
   * The one handler of a scheduled job type that calls another service (the Bot API): it runs
   * outside any transaction and apart from the other due jobs (a slow call holds neither SQLite's
   * only connection nor the jobs behind it), leased like any job, retried, dead after
   * MAX_JOB_ATTEMPTS. No handled mark guards it: it must commit its own record of what it did
   * before it returns, and look for that record first, so that an attempt after one whose end
   * went unrecorded does not do it again. `settled()` and `stop()` wait for it.
   */
  defineOutsideTx<T extends JobType>(type: T, fn: OutsideTxHandler<T>): void {
    if (this.handlers.has(type) || this.outsideTx.has(type)) throw new Error(`job ${type} is already defined`);
    this.outsideTx.set(type, fn);
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

  /**
   * Queues the first run of every recurring job that has none pending (safe to call on N instances
   * at once). A chain whose job died starts again here; the dead one stays listed.
   */
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
          .where('dead_at', 'is', null)
          .executeTakeFirst();
        if (!pending) await scheduleJob(trx, this.now().toISOString(), type, this.now().toISOString(), {} as never, recurringKey(type));
      });
    }
  }

  /**
   * Brings a dead job back: its attempts start again from none and it is due now (run at once,
   * as after a commit). Refused when another job of its unique key already waits: that one runs.
   */
  async retryDead(id: number): Promise<DeadJobRetry> {
    let updated;
    try {
      updated = await this.opts.db
        .updateTable('jobs')
        .set({ dead_at: null, attempts: 0, run_at: this.now().toISOString(), locked_until: null })
        .where('id', '=', id)
        .where('dead_at', 'is not', null)
        .executeTakeFirst();
    } catch (e) {
      if (isUniqueViolation(e)) return 'key_waiting';
      throw e;
    }
    if (Number(updated.numUpdatedRows) === 0) return 'not_dead';
    this.opts.log.info({ job: id }, 'jobs: a dead job is queued again');
    await this.afterCommit();
    return 'queued';
  }

  /**
   * Runs every job due now (by the injected clock), in batches; answers how many ran to the end
   * (outside-transaction jobs are started, and not counted: `settled()` waits for them).
   */
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
    this.detach(run);
  }

  /** Waits for the work running in the background: after-commit runs a request stopped waiting for, outside-transaction jobs and `inBackground` work. */
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

  /**
   * Stops polling and waits for the batches in progress, and for the background work, including
   * what that work starts before it ends (a sent notice's commit runs the jobs it queued).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.running;
    await this.settled();
  }

  private now = () => this.opts.clock().now();

  private detach(run: Promise<void>): void {
    this.detached.add(run);
    void run.finally(() => this.detached.delete(run));
  }

  private async claim(limit: number): Promise<Claimed[]> {
    const now = this.now();
    const at = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const skipLocked = this.opts.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<Claimed>`
      update jobs set locked_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and dead_at is null and run_at <= ${at} and (locked_until is null or locked_until < ${at})
        order by run_at, id ${limitOf(limit)} ${skipLocked}
      )
      returning id, type, payload, attempts, last_error, created_at`.execute(this.opts.db);
    return [...rows].sort((a, b) => a.id - b.id);
  }

  private async run(job: Claimed): Promise<boolean> {
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      // its last attempt was claimed and never ended (the worker stopped): it gets no other
      await this.bury(job, `its last attempt never ended${job.last_error ? `; the one before: ${job.last_error}` : ''}`);
      return false;
    }
    const payload: unknown = JSON.parse(job.payload);
    const outside = this.outsideTx.get(job.type);
    if (outside) {
      this.detach(this.runOutsideTx(job, payload, outside));
      return false;
    }
    const handlers = this.handlers.get(job.type) ?? [];
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
      await this.finish(job);
      return true;
    } catch (err) {
      await this.failed(job, err);
      return false;
    }
  }

  private async runOutsideTx(job: Claimed, payload: unknown, fn: OutsideTxHandler<any>): Promise<void> {
    try {
      try {
        await fn(payload as never, { id: job.id, at: this.now().toISOString(), recordedAt: job.created_at });
        await this.finish(job);
      } catch (err) {
        await this.failed(job, err);
      }
    } catch (err) {
      this.opts.log.warn({ err, job: job.id, type: job.type }, 'jobs: could not record how a job ended; its lease runs out and it is run again');
    }
  }

  private async finish(job: Claimed): Promise<void> {
    await this.opts.db
      .updateTable('jobs')
      .set({ done_at: this.now().toISOString(), locked_until: null, last_error: null })
      .where('id', '=', job.id)
      .execute();
  }

  /** After a failed attempt: waits for its next (backoff, or the delay it was told), or is dead after the last. */
  private async failed(job: Claimed, err: unknown): Promise<void> {
    const lastError = errorText(err);
    const told = err instanceof RetryLater;
    if (!told && job.attempts >= MAX_JOB_ATTEMPTS) return this.bury(job, lastError);
    const retryAt = new Date(this.now().getTime() + (told ? err.delayMs : backoffMs(job.attempts))).toISOString();
    this.opts.log.warn({ err, job: job.id, type: job.type, attempts: job.attempts, retryAt }, told ? 'jobs: a handler was told to wait; retrying then' : 'jobs: a handler failed; retrying later');
    try {
      await this.opts.db
        .updateTable('jobs')
        .set((eb) => ({ locked_until: null, run_at: retryAt, last_error: lastError, ...(told ? { attempts: eb('attempts', '-', 1) } : {}) }))
        .where('id', '=', job.id)
        .execute();
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // while it ran, its key was scheduled again: that newer job waits in its place
      await this.opts.db
        .updateTable('jobs')
        .set({ done_at: this.now().toISOString(), locked_until: null, last_error: `superseded by a later job of its key; it had failed: ${lastError}`.slice(0, 500) })
        .where('id', '=', job.id)
        .execute();
    }
  }

  private async bury(job: Claimed, lastError: string): Promise<void> {
    this.opts.log.error({ job: job.id, type: job.type, attempts: job.attempts, lastError }, 'jobs: a job is dead: it will not run again unless a moderator retries it');
    await this.opts.db
      .updateTable('jobs')
      .set({ dead_at: this.now().toISOString(), locked_until: null, last_error: lastError })
      .where('id', '=', job.id)
      .execute();
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
