import { type Kysely, sql } from 'kysely';

/**
 * Real postcard stats: `postcard_views` holds one row per (postcard, viewer, day), so a view is
 * counted once per user (or visitor address) per day into `views_count`; `reposts_count` counts the
 * greetings made from the postcard (backfilled here, kept on write).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('postcard_views')
    .addColumn('image_relation_id', 'integer', (c) => c.notNull().references('image_relations.id').onDelete('cascade'))
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('postcard_views_pk', ['image_relation_id', 'viewer', 'day'])
    .execute();
  // old days are swept by day
  await db.schema.createIndex('postcard_views_day').on('postcard_views').column('day').execute();
  await db.schema.alterTable('image_relations').addColumn('reposts_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update image_relations set reposts_count = (select count(*) from greetings g where g.image_relation_id = image_relations.id)
    where exists (select 1 from greetings g where g.image_relation_id = image_relations.id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_relations').dropColumn('reposts_count').execute();
  await db.schema.dropTable('postcard_views').execute();
}
