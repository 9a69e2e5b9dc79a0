import type { Kysely } from 'kysely';

/** Greetings: find a postcard's greetings (refunding their gifts before the postcard goes away). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('greetings_image_relation').on('greetings').column('image_relation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('greetings_image_relation').execute();
}
