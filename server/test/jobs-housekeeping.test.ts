import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_JOBS_KEEP_MS, JobRunner } from '../src/jobs/runner';
import { TELEGRAM_UPDATES_KEEP_MS } from '../src/modules/share/subscribers';
import { LEFTOVER_GRACE_MS, STORAGE_SWEEP_EVERY_MS } from '../src/modules/uploads/sweep';
import { freezeClock } from './factories/game';
import { createTestApp, type TestApp } from './helpers';
import type { ManualClock } from '../src/platform/clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp();
  clock = freezeClock(t, '2032-01-10T12:00:00.000Z');
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const pending = (type: string) =>
  t.db.selectFrom('jobs').select(['id', 'run_at']).where('type', '=', type).where('done_at', 'is', null).execute();

async function oldJob(doneAgoMs: number | null) {
  const now = clock.now().getTime();
  const row = await t.db
    .insertInto('jobs')
    .values({ type: 'notification.created', payload: '{}', run_at: iso(now - 40 * DAY), created_at: iso(now - 40 * DAY), done_at: doneAgoMs === null ? null : iso(now - doneAgoMs), locked_until: doneAgoMs === null ? iso(now + DAY) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (doneAgoMs !== null) await t.db.insertInto('job_handled').values({ job_id: row.id, handler: 'live', handled_at: iso(now - doneAgoMs) }).execute();
  return row.id;
}

/** A `*.tmp` file an interrupted write left, older than the sweep's grace period (file times are wall-clock times). */
async function leftBehind(key: string) {
  await t.deps.storage.put(key, Buffer.from('half'));
  const old = new Date(Date.now() - LEFTOVER_GRACE_MS - 60_000);
  await fs.utimes(path.join(t.config.mediaDir, key), old, old);
}

/** Holds the storage listing until `open()`; `restore()` puts the real one back. */
function holdListing() {
  const { storage } = t.deps;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const list = storage.list.bind(storage);
  storage.list = async function* () {
    await gate;
    yield* list();
  };
  return {
    open,
    restore() {
      open();
      storage.list = list;
    },
  };
}

describe('jobs housekeeping', () => {
  it('prunes jobs and handled events finished more than 14 days ago, daily, keeping the rest', async () => {
    const stale = await oldJob(FINISHED_JOBS_KEEP_MS + DAY);
    const recent = await oldJob(FINISHED_JOBS_KEEP_MS - DAY);
    const unfinished = await oldJob(null);
    await t.deps.jobs.ensureRecurring();
    await t.deps.jobs.runDue();
    const ids = (await t.db.selectFrom('jobs').select('id').where('id', 'in', [stale, recent, unfinished]).execute()).map((r) => r.id);
    expect(ids.sort()).toEqual([recent, unfinished].sort());
    expect(await t.db.selectFrom('job_handled').select('job_id').where('job_id', '=', stale).execute()).toEqual([]);
    // the next run is queued a day later, once
    expect((await pending('jobs.prune')).map((j) => j.run_at)).toEqual([iso(clock.now().getTime() + DAY)]);

    clock.advance(DAY - 1000);
    await t.deps.jobs.runDue();
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', recent).execute()).toHaveLength(1);
    clock.advance(2 * DAY);
    await t.deps.jobs.runDue();
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', recent).execute()).toEqual([]);
    expect(await pending('jobs.prune')).toHaveLength(1);
  });

  it("forgets the bot's updates claimed more than two days ago, daily (Telegram resends one for 24 hours)", async () => {
    const now = clock.now().getTime();
    await t.db
      .insertInto('telegram_updates')
      .values([
        { update_id: 1, claimed_at: iso(now - TELEGRAM_UPDATES_KEEP_MS - 60_000), handled_at: iso(now - TELEGRAM_UPDATES_KEEP_MS) },
        { update_id: 2, claimed_at: iso(now - DAY), handled_at: iso(now - DAY) },
      ])
      .execute();
    await t.deps.jobs.ensureRecurring();
    const due = (await pending('share.telegram-updates.prune'))[0]!;
    if (Date.parse(due.run_at) > clock.now().getTime()) clock.advance(Date.parse(due.run_at) - clock.now().getTime());
    await t.deps.jobs.runDue();
    expect((await t.db.selectFrom('telegram_updates').select('update_id').execute()).map((r) => Number(r.update_id))).toEqual([2]);
    expect(await pending('share.telegram-updates.prune')).toHaveLength(1);
  });

  it('queues each recurring job once however many instances start together', async () => {
    const runners = Array.from({ length: 5 }, () => new JobRunner({ db: t.db, dialect: t.deps.dialect, clock: () => t.deps.clock, log: t.deps.log }));
    await Promise.all([...runners, t.deps.jobs, t.deps.jobs].map((r) => r.ensureRecurring()));
    expect(await pending('jobs.prune')).toHaveLength(1);
    expect(await pending('storage.sweep')).toHaveLength(1);
  });

  it('sweeps media storage leftovers on a schedule, every 6 hours', async () => {
    await t.deps.jobs.ensureRecurring();
    await leftBehind('zz/interrupted.jpg.1.tmp');
    const due = (await pending('storage.sweep'))[0]!;
    if (Date.parse(due.run_at) > clock.now().getTime()) clock.advance(Date.parse(due.run_at) - clock.now().getTime());
    await t.deps.jobs.runDue();
    await t.deps.jobs.settled();
    expect(await t.deps.storage.exists('zz/interrupted.jpg.1.tmp')).toBe(false);
    expect((await pending('storage.sweep')).map((j) => j.run_at)).toEqual([iso(clock.now().getTime() + STORAGE_SWEEP_EVERY_MS)]);
  });

  it('walks media storage outside the job\'s transaction: the job finishes and requests are answered while the walk waits', async () => {
    const { storage } = t.deps;
    await leftBehind('zz/left-behind.jpg.2.tmp');
    const listing = holdListing();
    try {
      clock.advance(STORAGE_SWEEP_EVERY_MS);
      const blocked = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000).unref());
      expect(await Promise.race([t.deps.jobs.runDue().then(() => 'ran'), blocked])).toBe('ran');
      const page = t.app.inject({ method: 'GET', url: '/api/gallery' }).then((r) => r.statusCode);
      expect(await Promise.race([page, blocked])).toBe(200);
      expect(await storage.exists('zz/left-behind.jpg.2.tmp')).toBe(true);
      listing.open();
      await t.deps.jobs.settled();
      expect(await storage.exists('zz/left-behind.jpg.2.tmp')).toBe(false);
    } finally {
      listing.restore();
    }
  });

  // last: the runner stays stopped after it
  it('stopping the runner ends a walk in progress early, and stop() waits for it', async () => {
    await leftBehind('zz/after-stop.jpg.3.tmp');
    const listing = holdListing();
    try {
      clock.advance(STORAGE_SWEEP_EVERY_MS);
      await t.deps.jobs.runDue();
      let stopped = false;
      const stopping = t.deps.jobs.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false); // the walk is still waiting for the listing
      listing.open();
      await stopping;
      expect(await t.deps.storage.exists('zz/after-stop.jpg.3.tmp')).toBe(true);
    } finally {
      listing.restore();
    }
  });
});
