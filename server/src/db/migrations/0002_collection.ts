import type { Kysely } from 'kysely';

/**
 * Collection side: a lower-cased file name for case-insensitive upload search (SQLite's lower() is
 * ASCII-only, so it is computed in the app), whether a postcard has previews (a video uploaded
 * without ffmpeg has none), and the index of a channel's full (all states) listing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('search_name', 'text').execute();
  await db.schema
    .alterTable('image_relations')
    .addColumn('has_preview', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('ir_collection_created')
    .on('image_relations')
    .columns(['collection_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('categories_user_position').on('categories').columns(['user_id', 'position', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('categories_user_position').execute();
  await db.schema.dropIndex('ir_collection_created').execute();
  await db.schema.alterTable('image_relations').dropColumn('has_preview').execute();
  await db.schema.alterTable('uploads').dropColumn('search_name').execute();
}
