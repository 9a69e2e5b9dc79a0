import { type Kysely, Migrator, type MigrationProvider, sql } from 'kysely';
import { LAST_UNORDERED_MIGRATION, migrations, orderedMigrations } from './index';

const NAMES = orderedMigrations.map(([name]) => name);
const POSITION = new Map(NAMES.map((name, i) => [name, i]));

/**
 * The migrations for kysely's Migrator. Kysely runs them in name order whatever order they are
 * given in, so the list must ascend for its order to be the one that runs.
 */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    const outOfOrder = NAMES.findIndex((name, i) => i > 0 && !(NAMES[i - 1]! < name));
    if (outOfOrder >= 0) {
      throw new Error(`migration ${NAMES[outOfOrder]} must be named after ${NAMES[outOfOrder - 1]}: new migrations go at the end of migrations/index.ts`);
    }
    return migrations;
  },
};

type Row = { name: string; timestamp: string };

/** The order kysely reads applied migrations in: by recorded time, then by name. */
const inRecordedOrder = (rows: Row[]) =>
  [...rows].sort((a, b) => (a.timestamp === b.timestamp ? a.name.localeCompare(b.name) : Date.parse(a.timestamp) - Date.parse(b.timestamp))).map((r) => r.name);

/**
 * Brings a database migrated while migrations ran in any order into the form kysely checks once
 * they run in order; a no-op (one read) on every other database.
 *
 * With `allowUnorderedMigrations` off, kysely accepts a database only when its applied
 * migrations, in recorded order, are exactly the first names of the list. A database from the
 * unordered time (up to LAST_UNORDERED_MIGRATION) may have recorded them in another order
 * (0050 before 0030, say), or not yet applied some that sort before one it did. Rather than a
 * check of our own on every start, such a database is put right once: the missing ones run as the
 * unordered migrator would have run them (in name order, under kysely's lock), then the recorded
 * times are moved, as little as needed, into list order. The schema is not touched by the second
 * step, only the bookkeeping, and every step is safe to repeat, so instances starting together
 * may both do it. From then on kysely's own ordered check holds. Anything else out of order (a
 * migration added before one already applied after this change) is left to kysely's error.
 */
export async function bringLegacyOrder(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  const rows: Row[] = await db.selectFrom('kysely_migration').select(['name', 'timestamp']).execute();
  const recorded = inRecordedOrder(rows);
  if (recorded.every((name, i) => NAMES[i] === name)) return;
  if (recorded.some((name) => !POSITION.has(name))) return;
  const applied = new Set(recorded);
  const last = Math.max(...recorded.map((name) => POSITION.get(name)!));
  const missing = NAMES.slice(0, last).some((name) => !applied.has(name));
  if (missing && last > POSITION.get(LAST_UNORDERED_MIGRATION)!) return;

  if (missing) {
    const { error, results } = await new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }

  // one statement, so the times move together (atomic without a transaction of our own) and an
  // instance doing the same at the same time leaves one consistent order either way
  const now: Row[] = await db.selectFrom('kysely_migration').select(['name', 'timestamp']).execute();
  const at = new Map(now.map((r) => [r.name, r.timestamp]));
  const times: [name: string, timestamp: string][] = [];
  let previous = -Infinity;
  for (const name of NAMES) {
    const timestamp = at.get(name);
    if (timestamp === undefined) continue;
    const t = Date.parse(timestamp);
    previous = Number.isFinite(t) && t > previous ? t : Number.isFinite(previous) ? previous + 1 : 0;
    times.push([name, new Date(previous).toISOString()]);
  }
  if (times.every(([name, timestamp]) => at.get(name) === timestamp)) return;
  await sql`update kysely_migration set ${sql.ref('timestamp')} = case name ${sql.join(
    times.map(([name, timestamp]) => sql`when ${name} then ${timestamp}`),
    sql` `,
  )} end where name in (${sql.join(times.map(([name]) => name))})`.execute(db);
}
