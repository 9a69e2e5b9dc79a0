import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeadJobs } from '@otkrytka/contract';
import { isUniqueViolation } from '../src/db/errors';
import { migrations } from '../src/db/migrations';
import { backoffMs, DEAD_JOBS_KEEP_MS, FINISHED_JOBS_KEEP_MS, MAX_JOB_ATTEMPTS, recordEvent, scheduleJob } from '../src/jobs/runner';
import { client, createTestApp, onPostgres, signUp, signUpAs, type TestApp } from './helpers';

/**
 * Jobs end: a job whose handler keeps failing is dead after its last attempt, is never run again,
 * shows in the metrics and in the moderators' list, and runs again when a moderator retries it.
 * And a key holds one waiting job, however many transactions schedule it at once.
 */
const METRICS_TOKEN = 'metrics-token-of-the-dead-jobs-test';
const DAY = 24 * 3600_000;
let t: TestApp;
let moderator: Awaited<ReturnType<typeof signUpAs>>;

/** A subscriber that fails for the users in `failingFor`, counting its runs per user. */
const failingFor = new Set<number>();
const runs = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  moderator = await signUpAs(t, 22);
  t.deps.jobs.on('notifications.read', 'test-flaky', async (_trx, e) => {
    runs.set(e.userId, (runs.get(e.userId) ?? 0) + 1);
    if (failingFor.has(e.userId)) throw new Error('the flaky service is down');
  });
});
afterAll(() => t.close());

const at = () => t.clock.now().toISOString();
const iso = (ms: number) => new Date(ms).toISOString();
const jobOf = (id: number) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A `notifications.read` event of a fresh user whose flaky subscriber fails; answers the job and the user. */
async function failingJob() {
  const u = await signUp(t.app);
  failingFor.add(u.user.id);
  await t.db.transaction().execute((trx) => recordEvent(trx, at(), 'notifications.read', { userId: u.user.id }));
  const job = await t.db
    .selectFrom('jobs')
    .select('id')
    .where('type', '=', 'notifications.read')
    .where('payload', '=', JSON.stringify({ userId: u.user.id }))
    .executeTakeFirstOrThrow();
  return { id: job.id, userId: u.user.id };
}

/** Runs the due jobs through every attempt the job gets, waiting out each backoff. */
async function throughEveryAttempt() {
  for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt += 1) {
    await t.deps.jobs.runDue();
    t.clock.advance(backoffMs(attempt));
  }
}

async function metrics() {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('a job whose handler keeps failing', () => {
  it(`is dead after ${MAX_JOB_ATTEMPTS} attempts, never runs again, and shows in /metrics and the moderators' list`, async () => {
    const job = await failingJob();
    await throughEveryAttempt();
    expect(runs.get(job.userId)).toBe(MAX_JOB_ATTEMPTS);
    const dead = await jobOf(job.id);
    expect(dead).toMatchObject({ attempts: MAX_JOB_ATTEMPTS, done_at: null, last_error: 'the flaky service is down', locked_until: null });
    expect(dead.dead_at).not.toBeNull();

    t.clock.advance(7 * DAY);
    await t.deps.jobs.runDue();
    expect(runs.get(job.userId)).toBe(MAX_JOB_ATTEMPTS);

    expect(await metrics()).toMatch(/^jobs_dead\{type="notifications\.read"\} 1$/m);
    const list = await moderator.get('/api/ops/jobs/dead');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as DeadJobs;
    expect(body.total).toBe(1);
    expect(body.items).toEqual([
      { id: job.id, type: 'notifications.read', attempts: MAX_JOB_ATTEMPTS, last_error: 'the flaky service is down', created_at: expect.any(String), dead_at: dead.dead_at },
    ]);
  });

  it('runs again when a moderator retries it: with its attempts counted from none, at once, and gone from the list', async () => {
    const job = await failingJob();
    await throughEveryAttempt();
    expect((await jobOf(job.id)).dead_at).not.toBeNull();

    // still failing: one attempt more, then it waits its first backoff
    const again = await moderator.post(`/api/ops/jobs/${job.id}/retry`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: job.id, type: 'notifications.read', state: 'waiting', attempts: 1, last_error: 'the flaky service is down' });
    expect(runs.get(job.userId)).toBe(MAX_JOB_ATTEMPTS + 1);

    failingFor.delete(job.userId);
    t.clock.advance(backoffMs(1));
    await t.deps.jobs.runDue();
    expect(runs.get(job.userId)).toBe(MAX_JOB_ATTEMPTS + 2);
    expect(await jobOf(job.id)).toMatchObject({ attempts: 2, last_error: null, dead_at: null });
    expect((await jobOf(job.id)).done_at).not.toBeNull();
    const ids = ((await moderator.get('/api/ops/jobs/dead')).json() as DeadJobs).items.map((j) => j.id);
    expect(ids).not.toContain(job.id);
    // a job that is not dead is not retried
    expect((await moderator.post(`/api/ops/jobs/${job.id}/retry`)).statusCode).toBe(404);
  });

  it('retried and passing at once: the answer says it is done', async () => {
    const job = await failingJob();
    await throughEveryAttempt();
    failingFor.delete(job.userId);
    const res = await moderator.post(`/api/ops/jobs/${job.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, state: 'done', attempts: 1, last_error: null });
  });

  it('the metrics count the jobs waiting and the dead ones by type, and a retried one leaves the dead', async () => {
    const count = (text: string, gauge: string) => Number(new RegExp(`^${gauge}\\{type="notifications\\.read"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = count(await metrics(), 'jobs_dead');
    const job = await failingJob();
    expect(count(await metrics(), 'jobs_waiting')).toBe(1);
    await throughEveryAttempt();
    const after = await metrics();
    expect(count(after, 'jobs_waiting')).toBe(0);
    expect(after).toContain(`jobs_dead{type="notifications.read"} ${before + 1}`);
    failingFor.delete(job.userId);
    expect((await moderator.post(`/api/ops/jobs/${job.id}/retry`)).statusCode).toBe(200);
    expect(await metrics()).toContain(`jobs_dead{type="notifications.read"} ${before}`);
  });

  it('whose last attempt never ended (its worker stopped) is dead, not run once more', async () => {
    const job = await failingJob();
    const now = t.clock.now().getTime();
    // as a worker that claimed the last attempt and then stopped leaves it: attempts used up, lease run out
    await t.db
      .updateTable('jobs')
      .set({ attempts: MAX_JOB_ATTEMPTS, locked_until: iso(now - 1000), run_at: iso(now - 61_000), last_error: 'the flaky service is down' })
      .where('id', '=', job.id)
      .execute();
    await t.deps.jobs.runDue();
    expect(runs.get(job.userId)).toBeUndefined();
    const dead = await jobOf(job.id);
    expect(dead.dead_at).not.toBeNull();
    expect(dead.last_error).toBe('its last attempt never ended; the one before: the flaky service is down');
  });
});

describe('the dead jobs routes', () => {
  it('answer visitors 401 and users who are not moderators 403, with {detail, code}', async () => {
    const job = await failingJob();
    const user = await signUp(t.app);
    for (const [method, url] of [
      ['GET', '/api/ops/jobs/dead'],
      ['POST', `/api/ops/jobs/${job.id}/retry`],
    ] as const) {
      const visitor = await client(t.app).raw(method, url, method === 'POST' ? {} : undefined);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 'AUTH_REQUIRED', detail: expect.any(String) });
      const plain = await user.raw(method, url, method === 'POST' ? {} : undefined);
      expect(plain.statusCode, url).toBe(403);
      expect(plain.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.any(String) });
    }
    expect((await moderator.post('/api/ops/jobs/999999/retry')).statusCode).toBe(404);
  });

  it('refuse to retry a dead job while another job of its key waits (409): that one runs instead', async () => {
    const now = t.clock.now().getTime();
    const key = `test:dead-and-waiting:${now}`;
    const dead = await t.db
      .insertInto('jobs')
      .values({ type: 'energy.full', payload: JSON.stringify({ userId: -1 }), run_at: iso(now - DAY), created_at: iso(now - DAY), attempts: MAX_JOB_ATTEMPTS, dead_at: iso(now - 1000), last_error: 'gone', unique_key: key })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => scheduleJob(trx, at(), 'energy.full', iso(now + 365 * DAY), { userId: -1 }, key));
    const res = await moderator.post(`/api/ops/jobs/${dead.id}/retry`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await jobOf(dead.id)).dead_at).not.toBeNull();
  });

  it('list a page at a time, the most recently dead first', async () => {
    const all = (await moderator.get('/api/ops/jobs/dead?limit=100')).json() as DeadJobs;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const deadAt = all.items.map((j) => j.dead_at);
    expect(deadAt).toEqual([...deadAt].sort().reverse());
    const second = (await moderator.get('/api/ops/jobs/dead?offset=1&limit=1')).json() as DeadJobs;
    expect(second).toEqual({ items: [all.items[1]], total: all.total });
  });
});

describe('housekeeping', () => {
  it(`prunes dead jobs ${DEAD_JOBS_KEEP_MS / DAY} days after they died, longer than finished ones`, async () => {
    const now = t.clock.now().getTime();
    const row = (over: { done_at?: string; dead_at?: string }) =>
      t.db
        .insertInto('jobs')
        .values({ type: 'notifications.read', payload: '{}', run_at: iso(now - 60 * DAY), created_at: iso(now - 60 * DAY), ...over })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const oldDead = await row({ dead_at: iso(now - DEAD_JOBS_KEEP_MS - DAY) });
    const recentDead = await row({ dead_at: iso(now - FINISHED_JOBS_KEEP_MS - DAY) });
    const oldDone = await row({ done_at: iso(now - FINISHED_JOBS_KEEP_MS - DAY) });
    await t.deps.jobs.ensureRecurring();
    const prune = await t.db.selectFrom('jobs').select('run_at').where('unique_key', '=', 'every:jobs.prune').where('done_at', 'is', null).executeTakeFirstOrThrow();
    if (Date.parse(prune.run_at) > t.clock.now().getTime()) t.clock.advance(Date.parse(prune.run_at) - t.clock.now().getTime());
    await t.deps.jobs.runDue();
    const left = (await t.db.selectFrom('jobs').select('id').where('id', 'in', [oldDead, recentDead, oldDone]).execute()).map((r) => r.id);
    expect(left).toEqual([recentDead]);
  });
});

describe('one waiting job per key', () => {
  it('two transactions scheduling one key at once leave one waiting job, at the time and with the payload of the later', async () => {
    const key = `test:race:${Date.now()}`;
    const later = iso(t.clock.now().getTime() + 365 * DAY);
    let arrived = 0;
    let bothIn!: () => void;
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const schedule = (userId: number) =>
      t.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // PostgreSQL: both transactions are open before either schedules (SQLite has one writer: they take turns)
        if (onPostgres) {
          arrived += 1;
          if (arrived === 2) bothIn();
          await together;
        }
        await scheduleJob(trx, at(), 'energy.full', later, { userId }, key);
      });
    await Promise.all([schedule(-11), schedule(-12)]);
    const waiting = await t.db.selectFrom('jobs').select(['payload', 'run_at']).where('unique_key', '=', key).where('done_at', 'is', null).execute();
    expect(waiting).toHaveLength(1);
    expect([JSON.stringify({ userId: -11 }), JSON.stringify({ userId: -12 })]).toContain(waiting[0]!.payload);
    expect(waiting[0]!.run_at).toBe(later);
  });

  it('the database refuses a second waiting job of a key, and takes one beside a job of the key being run, finished or dead', async () => {
    const now = t.clock.now().getTime();
    const key = `test:index:${now}`;
    const job = (over: Record<string, string | null> = {}) =>
      t.db.insertInto('jobs').values({ type: 'energy.full', payload: '{}', run_at: iso(now + 365 * DAY), created_at: iso(now), unique_key: key, ...over }).execute();
    await job({ locked_until: iso(now + 60_000) });
    await job({ done_at: iso(now) });
    await job({ dead_at: iso(now) });
    await job();
    const second = await job().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(second)).toBe(true);
  });

  it('migration 0070 collapses the waiting jobs an older database holds for one key to the newest, and ends the others', async () => {
    const fresh = await createTestApp();
    try {
      const m = migrations['0070_jobs_dead_letter']!;
      await m.down!(fresh.db);
      const now = Date.now();
      const values = (userId: number, runAt: number, over: Record<string, string> = {}) => ({
        type: 'energy.full',
        payload: JSON.stringify({ userId }),
        run_at: iso(runAt),
        created_at: iso(now),
        unique_key: 'energy_full:7',
        ...over,
      });
      await fresh.db.insertInto('jobs').values(values(1, now + 3 * DAY)).execute();
      await fresh.db.insertInto('jobs').values(values(2, now + DAY)).execute();
      await fresh.db.insertInto('jobs').values(values(3, now + 2 * DAY)).execute();
      await fresh.db.insertInto('jobs').values(values(4, now, { locked_until: iso(now + 60_000) })).execute();
      await m.up(fresh.db);
      const rows = await fresh.db.selectFrom('jobs').select(['payload', 'done_at', 'last_error', 'locked_until']).where('unique_key', '=', 'energy_full:7').orderBy('id').execute();
      expect(rows.map((r) => [JSON.parse(r.payload).userId, r.done_at === null, r.last_error])).toEqual([
        [1, false, 'superseded by a later job of its key'],
        [2, false, 'superseded by a later job of its key'],
        [3, true, null],
        [4, true, null],
      ]);
      const dup = await fresh.db.insertInto('jobs').values(values(5, now)).execute().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(dup)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
