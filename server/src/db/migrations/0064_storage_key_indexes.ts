import type { Kysely } from 'kysely';

/**
 * The leftover sweep asks, a batch of stored files at a time, which of them an upload or a
 * postcard refers to: an index range per key instead of reading every key of the gallery.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('uploads_storage_key').on('uploads').column('storage_key').execute();
  await db.schema.createIndex('image_relations_storage_key').on('image_relations').column('storage_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('image_relations_storage_key').execute();
  await db.schema.dropIndex('uploads_storage_key').execute();
}
