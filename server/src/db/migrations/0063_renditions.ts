import { type Kysely, sql } from 'kysely';

/**
 * `renditions` says whether a stored file's screen-size renditions (and a video's mp4 preview)
 * exist: 0 not yet (files stored before them; the backfill makes them), 1 made, -1 impossible.
 * URLs are only given out for renditions that exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('renditions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('image_relations').addColumn('renditions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // the backfill looks for what is still pending: a partial index, empty once all is made, which
  // no other query can pick and no write to a made file has to maintain
  await db.schema
    .createIndex('image_relations_renditions_pending')
    .on('image_relations')
    .column('storage_key')
    .where(sql.ref('renditions'), '=', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('image_relations_renditions_pending').execute();
  await db.schema.alterTable('image_relations').dropColumn('renditions').execute();
  await db.schema.alterTable('uploads').dropColumn('renditions').execute();
}
