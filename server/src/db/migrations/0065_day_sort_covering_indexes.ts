import type { Kysely } from 'kysely';

/**
 * The creation indexes also carry likes_count, after id so their order is unchanged: "popular in
 * the last 24 hours" ranks the day's postcards by likes from the index alone and then reads only
 * the page's rows (gallery/repo.ts), instead of reading every row of the day.
 */
const CREATED = {
  ir_collection_state_created: ['collection_id', 'is_approved', 'is_banned', 'created_at', 'id'],
  ir_gallery_category_created: ['collection_id', 'category_id', 'is_approved', 'is_banned', 'created_at', 'id'],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(CREATED)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('image_relations').columns([...columns, 'likes_count']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(CREATED)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('image_relations').columns(columns).execute();
  }
}
