import type { Kysely } from 'kysely';

/**
 * Who is drawing a picture (docs/PRODUCT-RULES.md, Pictures: drawn once): the instance that claims
 * a content hash draws it, the others wait for its `pictures` row. A claim lasts until
 * `claimed_until`; one left behind by an instance that went away is taken over after that.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('picture_claims')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    // ISO times: when it was claimed, and until when the claim holds
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('picture_claims').execute();
}
