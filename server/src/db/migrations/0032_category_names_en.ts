import { type Kysely, sql } from 'kysely';
import { GALLERY_COLLECTION_ID } from '@otkrytka/contract/rules/postcards';
import { BUILTIN_NAMES_EN } from './builtin-names-en';

/**
 * English names of categories and groups (shown in the English UI; the Russian name otherwise).
 * The built-in gallery ones (owned by the gallery's owner) get theirs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('name_en', 'text').execute();
  await db.schema.alterTable('category_groups').addColumn('name_en', 'text').execute();
  for (const [ru, en] of Object.entries(BUILTIN_NAMES_EN)) {
    for (const table of ['categories', 'category_groups']) {
      await sql`update ${sql.table(table)} set name_en = ${en}
        where name = ${ru} and name_en is null
          and user_id in (select user_id from collections where id = ${GALLERY_COLLECTION_ID})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('name_en').execute();
  await db.schema.alterTable('category_groups').dropColumn('name_en').execute();
}
