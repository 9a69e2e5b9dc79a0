import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { createHandleTriggers, dropHandleTriggers, fillHandles } from './user-handles';

/**
 * SQLite's built-in lower() folds only ASCII, so `ДЕМО` and `демо` got different handles. The
 * connection now replaces lower() with a Unicode one (db/index.ts); this rebuilds the handles
 * with it, resolving the clashes that appear the same way as 0020. PostgreSQL already folds
 * Unicode (UTF-8 ctype), so nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await dropHandleTriggers(db);
  await sql`delete from user_handles`.execute(db);
  await fillHandles(db);
  await createHandleTriggers(db);
}

export async function down(): Promise<void> {}
