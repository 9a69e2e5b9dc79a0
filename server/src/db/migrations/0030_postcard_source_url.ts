import type { Kysely } from 'kysely';

/** The link to a postcard's original (http/https), given by the uploader with the author's name. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_relations').addColumn('source_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_relations').dropColumn('source_url').execute();
}
