import type { Queryable } from '../../db';
import type { PicturesTable } from '../../db/schema';

/** The `pictures` table of migration 0073 (interface merging, as db/schema.ts does per migration). */
declare module '../../db/schema' {
  interface PicturesTable {
    hash: string;
    image_relation_id: number;
    greeting_id: number | null;
    media_kind: 'image' | 'gif' | 'video';
    storage_key: string;
    mp4_key: string | null;
    caption: string | null;
    footer: string | null;
    bytes: number;
    render_ms: number;
    created_at: string;
  }
  interface DB {
    pictures: PicturesTable;
  }
}

/** A drawn picture's row. */
export type PictureRow = PicturesTable;

export const picturesRepo = {
  byHash(db: Queryable, hash: string): Promise<PictureRow | undefined> {
    return db.selectFrom('pictures').selectAll().where('hash', '=', hash).executeTakeFirst() as Promise<PictureRow | undefined>;
  },

  /** Records a drawn picture; a second instance that drew the same one meanwhile changes nothing. */
  async insert(db: Queryable, row: PictureRow): Promise<void> {
    await db.insertInto('pictures').values(row).onConflict((oc) => oc.column('hash').doNothing()).execute();
  },

  /**
   * A postcard's picture made without a greeting counts as a repost of the postcard, as a greeting
   * made from it does (postcards' `reposts_count`, migration 0031).
   */
  async countRepost(db: Queryable, imageRelationId: number): Promise<void> {
    await db
      .updateTable('image_relations')
      .set((eb) => ({ reposts_count: eb('reposts_count', '+', 1) }))
      .where('id', '=', imageRelationId)
      .execute();
  },

  /** A card as a picture is drawn from it. */
  card(db: Queryable, id: number) {
    return db
      .selectFrom('image_relations')
      .select(['id', 'user_id', 'collection_id', 'storage_key', 'media_kind', 'is_approved', 'is_banned'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
