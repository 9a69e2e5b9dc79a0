import type { Kysely } from 'kysely';

/**
 * The gallery filtered by category, newest or most liked first: with the category right after the
 * channel, a page after a cursor is an index range whatever the size of the table. (A group is
 * read as one such range per category of the group, merged; unfiltered pages use the 0001 indexes.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ir_gallery_category_created')
    .on('image_relations')
    .columns(['collection_id', 'category_id', 'is_approved', 'is_banned', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('ir_gallery_category_likes')
    .on('image_relations')
    .columns(['collection_id', 'category_id', 'is_approved', 'is_banned', 'likes_count', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ir_gallery_category_likes').execute();
  await db.schema.dropIndex('ir_gallery_category_created').execute();
}
