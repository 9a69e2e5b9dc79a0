import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db';
import { loadConfig } from '../src/config';
import { JobRunner, recordEvent, scheduleJob, writeTx } from '../src/jobs/runner';
import { getBalances } from '../src/modules/ledger';
import { makeChannel, makePostcard } from './factories/collection';
import { createTestApp, onPostgres, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = () => t.deps.clock.now().toISOString();

async function postcard() {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  return makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
}

describe('domain events', () => {
  it('sending and accepting a greeting: the gift paid once, experience, the quest advanced, the sender notified', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const p = await postcard();
    const g = (await a.post('/api/greetings', { image_relations_id: p.id, energy: 5 })).json();
    const res = await b.post(`/api/greetings/${g.id}/accept`);
    expect(res.statusCode).toBe(200);
    expect((await getBalances(t.db, b.user.id)).yang).toBe(25);
    expect((await getBalances(t.db, b.user.id)).exp).toBeGreaterThan(0);
    const quests = (await a.get('/api/game/quests')).json() as { quests: { key: string; progress: number }[] };
    expect(quests.quests.find((q) => q.key === 'greeting')?.progress).toBe(1);
    const sender = (await a.get('/api/notifications?type=greeting_received')).json();
    expect(sender.total).toBe(1);
    // replaying the event changes nothing: every subscriber already marked it handled
    const job = await t.db.selectFrom('jobs').select('id').where('type', '=', 'greeting.accepted').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.updateTable('jobs').set({ done_at: null }).where('id', '=', job.id).execute();
    await t.deps.jobs.runDue();
    expect((await a.get('/api/notifications?type=greeting_received')).json().total).toBe(1);
    expect((await b.post(`/api/greetings/${g.id}/accept`)).json().already_accepted).toBe(true);
    expect((await getBalances(t.db, b.user.id)).yang).toBe(25);
  });

  it('a handler that throws is retried with backoff and finally succeeds; the request that caused it answered 200', async () => {
    const u = await signUp(t.app);
    let failures = 2;
    // the live push of a notification throws twice (as a Redis hiccup would)
    const publish = t.deps.live.publish.bind(t.deps.live);
    t.deps.live.publish = async (channel, payload) => {
      if (channel === `notifications:${u.user.id}` && failures > 0) {
        failures -= 1;
        throw new Error('the event bus is down');
      }
      return publish(channel, payload);
    };
    try {
      const p = await postcard();
      const res = await u.post('/api/bookmarks', { image_relation_id: p.id });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const job = await t.db.selectFrom('jobs').selectAll().where('type', '=', 'notification.created').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(job.done_at).toBeNull();
      expect(job.last_error).toContain('the event bus is down');
      t.clock.advance(1_000);
      await t.deps.jobs.runDue();
      t.clock.advance(2_000);
      await t.deps.jobs.runDue();
      const done = await t.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(done.done_at).not.toBeNull();
      expect(done.attempts).toBe(3);
    } finally {
      t.deps.live.publish = publish;
    }
  });

  it('an event committed but not handled (the process killed in between) is handled after a restart', async () => {
    const u = await signUp(t.app);
    const p = await postcard();
    await t.db.transaction().execute((trx) => recordEvent(trx, at(), 'bookmark.added', { userId: u.user.id, postcardId: p.id }));
    const before = (await getBalances(t.db, u.user.id)).exp;
    const restarted = await buildApp({ config: t.config, db: t.db, dialect: t.deps.dialect, clock: t.deps.clock, live: t.deps.live });
    try {
      await restarted.deps.jobs.runDue();
      expect((await getBalances(t.db, u.user.id)).exp).toBe(before + 1);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('scheduled jobs', () => {
  it.runIf(onPostgres)('two instances on one PostgreSQL run each due job exactly once (50 jobs)', async () => {
    const other = createDb({ databaseUrl: t.config.databaseUrl, sqlitePath: '' });
    const runs = new Map<number, number>();
    const runners = [t.db, other.db].map((db) => {
      const r = new JobRunner({ db, dialect: 'postgres', clock: () => t.deps.clock, log: t.deps.log });
      r.define('energy.full', async (_trx, e) => void runs.set(e.userId, (runs.get(e.userId) ?? 0) + 1));
      return r;
    });
    try {
      await t.db.transaction().execute(async (trx) => {
        for (let i = 1; i <= 50; i += 1) await scheduleJob(trx, at(), 'energy.full', at(), { userId: -i });
      });
      await Promise.all(runners.flatMap((r) => [r.runDue(5), r.runDue(5), r.runDue(5)]));
      expect(runs.size).toBe(50);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await other.db.destroy();
    }
  });

  it('a follow-up job that a handler schedules, due at once, runs in the same run', async () => {
    const r = new JobRunner({ db: t.db, dialect: t.deps.dialect, clock: () => t.deps.clock, log: t.deps.log });
    const ran: number[] = [];
    r.define('energy.full', async (trx, e) => {
      ran.push(e.userId);
      if (e.userId === -201) await scheduleJob(trx, at(), 'energy.full', at(), { userId: -202 });
    });
    await t.db.transaction().execute((trx) => scheduleJob(trx, at(), 'energy.full', at(), { userId: -201 }));
    await r.runDue();
    expect(ran).toEqual([-201, -202]);
  });

  it('runs when its time comes, not before', async () => {
    const u = await signUp(t.app);
    const runs: number[] = [];
    const r = new JobRunner({ db: t.db, dialect: t.deps.dialect, clock: () => t.deps.clock, log: t.deps.log });
    r.define('energy.full', async (_trx, e) => void runs.push(e.userId));
    const soon = new Date(t.deps.clock.now().getTime() + 60_000).toISOString();
    await t.db.transaction().execute((trx) => scheduleJob(trx, at(), 'energy.full', soon, { userId: u.user.id }, `test:${u.user.id}`));
    await r.runDue();
    expect(runs).toEqual([]);
    t.clock.advance(60_000);
    await r.runDue();
    await r.runDue();
    expect(runs).toEqual([u.user.id]);
  });
});

describe('after a commit', () => {
  /** A runner whose energy.full handler starts, then waits until `release()`. */
  function slowRunner(afterCommitWaitMs: number | undefined) {
    const handled: number[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let started = () => {};
    const handlerStarted = new Promise<void>((r) => (started = r));
    const jobs = new JobRunner({ db: t.db, dialect: t.deps.dialect, clock: () => t.deps.clock, log: t.deps.log, afterCommitWaitMs });
    jobs.define('energy.full', async (_trx, e) => {
      started();
      await gate;
      handled.push(e.userId);
    });
    const write = (userId: number) => writeTx({ db: t.db, jobs }, (trx) => scheduleJob(trx, at(), 'energy.full', at(), { userId }));
    return { jobs, handled, release, handlerStarted, write };
  }
  const outcome = (p: Promise<unknown>) =>
    Promise.race([p.then(() => 'answered' as const), new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 10_000))]);

  it('a request answers after its bounded wait while its slow job finishes in the background, and stop() waits for that job', async () => {
    const u = await signUp(t.app);
    const r = slowRunner(20);
    const answered = r.write(u.user.id);
    await r.handlerStarted;
    expect(await outcome(answered)).toBe('answered');
    expect(r.handled).not.toContain(u.user.id);
    const stopped = r.jobs.stop();
    r.release();
    await stopped;
    expect(r.handled).toContain(u.user.id);
  });

  it('while the jobs of an earlier commit still run, the next commit answers at once, and that run takes its jobs too', async () => {
    const [u1, u2] = [await signUp(t.app), await signUp(t.app)];
    const r = slowRunner(60_000);
    const schedule = (userId: number) => t.db.transaction().execute((trx) => scheduleJob(trx, at(), 'energy.full', at(), { userId }));
    await schedule(u1.user.id);
    let firstAnswered = false;
    const first = r.jobs.afterCommit().then(() => (firstAnswered = true));
    await r.handlerStarted;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firstAnswered).toBe(false); // idle before it: the first waits for its jobs
    // PostgreSQL: the second write commits while the first's job runs (SQLite has one writer, so its job is recorded next)
    if (onPostgres) await schedule(u2.user.id);
    expect(await outcome(r.jobs.afterCommit())).toBe('answered');
    r.release();
    await first;
    if (!onPostgres) {
      await schedule(u2.user.id);
      await r.jobs.afterCommit();
    }
    await r.jobs.settled();
    expect(r.handled).toEqual([u1.user.id, u2.user.id]);
  });

  it('without a bound (tests) the request answers only when its jobs are done', async () => {
    const u = await signUp(t.app);
    const r = slowRunner(undefined);
    let done = false;
    const answered = r.write(u.user.id).then(() => (done = true));
    await r.handlerStarted;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    r.release();
    await answered;
    expect(r.handled).toContain(u.user.id);
  });

  it('the bound is 20 ms unless JOBS_AFTER_COMMIT_WAIT_MS says otherwise; tests wait for every job', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).jobsAfterCommitWaitMs).toBe(20);
    expect(loadConfig({ NODE_ENV: 'production', JOBS_AFTER_COMMIT_WAIT_MS: '0' }).jobsAfterCommitWaitMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).jobsAfterCommitWaitMs).toBeUndefined();
    expect(() => loadConfig({ JOBS_AFTER_COMMIT_WAIT_MS: '-1' })).toThrow();
  });
});
