import type { Kysely } from 'kysely';

/**
 * Pictures (docs/PRODUCT-RULES.md, Pictures): a greeting's caption (JSON of the contract's
 * `Caption`) and its footer choice (null: the default), and the rendered pictures, one row per
 * content hash (what was drawn on which file), so a picture is drawn once and found again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('greetings').addColumn('caption', 'text').execute();
  await db.schema.alterTable('greetings').addColumn('picture_footer', 'integer').execute();
  await db.schema
    .createTable('pictures')
    // sha-256 of everything drawn: the card's file, the caption, the footer, the renderer's version
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('image_relation_id', 'integer', (c) => c.notNull())
    // the greeting it belongs to (served only through its authorised route); null: a postcard's picture
    .addColumn('greeting_id', 'integer', (c) => c.references('greetings.id').onDelete('cascade'))
    // 'image' | 'gif' | 'video': the card's kind
    .addColumn('media_kind', 'text', (c) => c.notNull())
    // storage key of the picture (jpg, gif or mp4) and of a GIF's mp4
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mp4_key', 'text')
    // what was drawn, so a picture whose file is gone is drawn again: the caption's JSON (null: none)
    // and the footer's JSON ({line, link}; null: none)
    .addColumn('caption', 'text')
    .addColumn('footer', 'text')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('render_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pictures_greeting').on('pictures').column('greeting_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pictures').execute();
  await db.schema.alterTable('greetings').dropColumn('picture_footer').execute();
  await db.schema.alterTable('greetings').dropColumn('caption').execute();
}
