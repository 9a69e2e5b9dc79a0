import type { Kysely } from 'kysely';

/** Reserved: filled by the feature that owns it. */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
