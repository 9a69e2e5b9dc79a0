import { sql } from 'kysely';
import type { Queryable } from '../../db';

/** Throws unless the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await sql`select 1`.execute(db);
}
