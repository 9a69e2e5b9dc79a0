import crypto from 'node:crypto';
import { passwordHasher } from '../platform/passwords';
import { sql } from 'kysely';
import type { Deps } from '../deps';
import { isPostgres } from '../db/dialect';
import { iso } from '../platform/clock';
import { grantStartingBalances } from '../modules/ledger';
import { DEMO_LOGIN } from './catalogue';
import { retryingTx } from '../jobs/runner';

export { DEMO_LOGIN };
export const MODERATOR_LOGIN = 'moderator';

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

/**
 * On an empty database: the moderator (user 22), a demo account, the public gallery (channel 9)
 * owned by the moderator, and the demo postcards. Does nothing when any user exists.
 */
export async function seedDemo(deps: Deps): Promise<SeedResult> {
  const { db, config } = deps;
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false };
  const password = config.demoPassword ?? crypto.randomBytes(9).toString('base64url');
  const passwordHash = await passwordHasher(config.passwordHashCost).hash(password);
  const now = iso(deps.clock.now());
  const moderatorId = config.moderatorIds[0] ?? 22;

  await retryingTx(db, async (trx) => {
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
  });
  await syncSequences(deps, ['users', 'collections']);
  const { seedDemoContent } = await import('./content');
  await seedDemoContent(deps);
  return { seeded: true, password };
}
