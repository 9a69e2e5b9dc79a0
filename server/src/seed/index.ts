import crypto from 'node:crypto';
import { passwordHasher } from '../platform/passwords';
import { sql } from 'kysely';
import type { Deps } from '../deps';
import { isPostgres } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { iso } from '../platform/clock';
import { grantStartingBalances } from '../modules/ledger';
import { DEMO_LOGIN } from './catalogue';
import { retryingTx } from '../jobs/runner';
import type { DemoItem } from './content';

export { DEMO_LOGIN };
export type { DemoItem };
export const MODERATOR_LOGIN = 'moderator';

/**
 * The demo user's setting that records a demo still being drawn — `"drawing <ISO time>"`, the
 * time its postcards are dated from — and then `"done"`. A demo account without it was seeded
 * whole by an earlier version.
 */
export const SEED_MARK = 'demo_seed';

/** Keeps PostgreSQL's id sequences ahead of rows inserted with explicit ids (user 22, channel 9). */
async function syncSequences(deps: Deps, tables: string[]) {
  if (!isPostgres(deps.db)) return;
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.table(t)}), 1))`.execute(
      deps.db,
    );
  }
}

export interface SeedResult {
  seeded: boolean;
  password?: string;
}

type SeedState =
  /** users of its own and no demo: nothing to do */
  | { state: 'skip' }
  | { state: 'done' }
  /** the accounts exist, pictures may be missing; `password` only when this call created the accounts */
  | { state: 'drawing'; demoId: number; base: Date; password?: string };

const findDemo = (deps: Deps) => deps.db.selectFrom('users').select('id').where('login', '=', DEMO_LOGIN).executeTakeFirst();

async function stateOf(deps: Deps, demoId: number): Promise<SeedState> {
  const row = await deps.db.selectFrom('settings').select('value').where('user_id', '=', demoId).where('key', '=', SEED_MARK).executeTakeFirst();
  const mark = row ? (JSON.parse(row.value) as unknown) : 'done';
  const drawing = typeof mark === 'string' ? /^drawing (.+)$/.exec(mark) : null;
  if (!drawing) return { state: 'done' };
  return { state: 'drawing', demoId, base: new Date(drawing[1]!) };
}

const mark = (deps: Deps, demoId: number, value: string) =>
  deps.db
    .insertInto('settings')
    .values({ user_id: demoId, key: SEED_MARK, value: JSON.stringify(value), updated_at: iso(deps.clock.now()) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: JSON.stringify(value), updated_at: iso(deps.clock.now()) }))
    .execute();

/**
 * The demo accounts and channels, in one transaction, on an empty database: the moderator (user
 * 22), a demo account, the public gallery (channel 9) owned by the moderator with its groups and
 * categories, the demo user's own channel and subscription. Nothing when any other user exists.
 * Quick (no pictures), so the demo can be signed in to from the first request.
 */
async function ensureAccounts(deps: Deps): Promise<SeedState> {
  const { db, config } = deps;
  const existing = await findDemo(deps);
  if (existing) return stateOf(deps, existing.id);
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { state: 'skip' };
  const password = config.demoPassword ?? crypto.randomBytes(9).toString('base64url');
  const passwordHash = await passwordHasher(config.passwordHashCost).hash(password);
  const base = deps.clock.now();
  const now = iso(base);
  const moderatorId = config.moderatorIds[0] ?? 22;
  const { seedDemoChannels } = await import('./content');
  let demoId: number;
  try {
    demoId = await retryingTx(db, async (trx) => {
      const demo = await trx
        .insertInto('users')
        .values({
          email: 'demo@otkrytka.local',
          login: DEMO_LOGIN,
          username: 'Демо',
          first_name: null,
          last_name: null,
          password_hash: passwordHash,
          telegram_id: null,
          auth_type: 'local',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('users')
        .values({
          id: moderatorId,
          email: 'moderator@otkrytka.local',
          login: MODERATOR_LOGIN,
          username: 'Модератор',
          first_name: null,
          last_name: null,
          password_hash: passwordHash,
          telegram_id: null,
          auth_type: 'local',
          created_at: now,
        } as never)
        .execute();
      await grantStartingBalances(trx, demo.id, now);
      await grantStartingBalances(trx, moderatorId, now);
      await trx
        .insertInto('collections')
        .values({
          id: config.galleryCollectionId,
          user_id: moderatorId,
          name: 'Галерея',
          description: 'Публичная галерея открыток',
          created_at: now,
        } as never)
        .execute();
      await seedDemoChannels(trx, deps, demo.id, base);
      await trx
        .insertInto('settings')
        .values({ user_id: demo.id, key: SEED_MARK, value: JSON.stringify(`drawing ${now}`), updated_at: now })
        .execute();
      return demo.id;
    });
  } catch (e) {
    // another instance starting on the same database created them a moment before
    const other = isUniqueViolation(e) ? await findDemo(deps) : undefined;
    if (!other) throw e;
    return stateOf(deps, other.id);
  }
  await syncSequences(deps, ['users', 'collections']);
  return { state: 'drawing', demoId, base, password };
}

/**
 * Draws the missing demo pictures. On PostgreSQL one instance at a time (a session lock held for
 * the duration): instances starting together would otherwise draw the same postcards twice.
 * `busy` when another instance is drawing.
 */
async function drawMissing(
  deps: Deps,
  s: Extract<SeedState, { state: 'drawing' }>,
  opts: { draw?: (item: DemoItem) => Promise<Buffer>; stopped?: () => boolean },
): Promise<'busy' | { failed: { item: DemoItem; err: unknown }[] }> {
  const { seedDemoMedia } = await import('./content');
  const run = () => seedDemoMedia(deps, { demoId: s.demoId, base: s.base, ...opts });
  if (!isPostgres(deps.db)) return run();
  return deps.db.connection().execute(async (conn) => {
    const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext('otkrytka.demo-seed')) as locked`.execute(conn);
    if (!got.rows[0]?.locked) return 'busy' as const;
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('otkrytka.demo-seed'))`.execute(conn).catch(() => undefined);
    }
  });
}

/**
 * The whole demo on an empty database (accounts, channels and every picture), awaited: for tests
 * and benchmarks. Continues a demo an earlier start left unfinished; does nothing when the demo is
 * complete or other users exist. Throws the first failure.
 */
export async function seedDemo(deps: Deps): Promise<SeedResult> {
  const s = await ensureAccounts(deps);
  if (s.state !== 'drawing') return { seeded: false };
  for (;;) {
    const drawn = await drawMissing(deps, s, {});
    if (drawn === 'busy') {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    if (drawn.failed.length) throw drawn.failed[0]!.err;
    break;
  }
  await mark(deps, s.demoId, 'done');
  return { seeded: true, ...(s.password ? { password: s.password } : {}) };
}

export interface DemoSeeding {
  /** settles once the demo accounts exist (or there is no demo to make) — or seeding was stopped */
  readonly accounts: Promise<void>;
  /** settles when the demo is complete, seeding has given up, or it was stopped */
  readonly done: Promise<void>;
  /** stops after the pictures being drawn; an unfinished demo continues on the next start */
  stop(): void;
}

export interface DemoSeedingOptions {
  /** draws one item's file (tests wrap the real drawing to make it fail) */
  draw?: (item: DemoItem) => Promise<Buffer>;
  /** the wait after the first failed round; doubled after each further one, up to `maxBackoffMs` */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** failed rounds before giving up until the next start */
  maxRounds?: number;
}

/**
 * Seeds the demo in the background while the server serves: the accounts and channels first (in
 * moments, `accounts`), then the pictures one postcard at a time — each shows in the gallery as it
 * is added. Resumable and idempotent: a postcard already there is not drawn again, so a restart
 * mid-way continues and never duplicates. A failure is logged and the round is tried again after a
 * growing wait; it never stops the server.
 */
export function startDemoSeeding(deps: Deps, opts: DemoSeedingOptions = {}): DemoSeeding {
  const { log, config } = deps;
  const backoffMs = opts.backoffMs ?? 2000;
  const maxBackoffMs = opts.maxBackoffMs ?? 5 * 60_000;
  const maxRounds = opts.maxRounds ?? 12;
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let accountsReady!: () => void;
  const accounts = new Promise<void>((r) => (accountsReady = r));

  const run = async () => {
    const started = Date.now();
    let failures = 0;
    let announced = false;
    while (!stopped) {
      try {
        const s = await ensureAccounts(deps);
        accountsReady();
        if (s.state !== 'drawing') return;
        if (s.password && !announced) {
          announced = true;
          const how = config.demoPassword ? 'the DEMO_PASSWORD you set' : `password ${s.password}`;
          log.info(
            `Demo data created. Sign in as "${DEMO_LOGIN}" (user) or "${MODERATOR_LOGIN}" (moderator, user ${config.moderatorIds[0]}) with ${how}. This is printed only once. The demo pictures are being drawn.`,
          );
        }
        const drawn = await drawMissing(deps, s, { ...(opts.draw ? { draw: opts.draw } : {}), stopped: () => stopped });
        if (stopped) return;
        if (drawn === 'busy') {
          // another instance is drawing: look again in a while
          await pause(backoffMs);
          continue;
        }
        if (!drawn.failed.length) {
          await mark(deps, s.demoId, 'done');
          log.info(`Demo pictures drawn in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          return;
        }
        for (const { item, err } of drawn.failed) log.error({ err }, `demo seed: drawing «${item.card.title}» (${item.type}) failed`);
        throw new Error(`${drawn.failed.length} demo postcard(s) could not be drawn`);
      } catch (err) {
        if (stopped) return;
        failures += 1;
        if (failures >= maxRounds) {
          log.error({ err }, `demo seed: giving up after ${failures} rounds; the next start continues it`);
          return;
        }
        const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1));
        log.warn({ err }, `demo seed: round ${failures} failed; trying again in ${Math.round(wait / 1000)} s`);
        await pause(wait);
      }
    }
  };
  const done = run()
    .catch((err: unknown) => log.error({ err }, 'demo seed stopped'))
    .finally(() => accountsReady());
  return {
    accounts,
    done,
    stop() {
      stopped = true;
      wake?.();
    },
  };
}
