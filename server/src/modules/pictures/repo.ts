import type { Queryable } from '../../db';
import type { PicturesTable } from '../../db/schema';
import { TELEGRAM_WRITE_ACCESS_SETTING } from '../../platform/telegram';

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

  /**
   * Claims the drawing of a picture until `until` (ISO): true when this instance claimed it, or
   * took over a claim whose time ran out; false while another instance's claim holds.
   */
  async claim(db: Queryable, hash: string, now: string, until: string): Promise<boolean> {
    const row = await db
      .insertInto('picture_claims')
      .values({ hash, claimed_at: now, claimed_until: until })
      .onConflict((oc) => oc.column('hash').doUpdateSet({ claimed_at: now, claimed_until: until }).where('picture_claims.claimed_until', '<', now))
      .returning('hash')
      .executeTakeFirst();
    return !!row;
  },

  /** Whether another instance still holds a claim on the drawing of a picture. */
  async claimed(db: Queryable, hash: string, now: string): Promise<boolean> {
    return !!(await db.selectFrom('picture_claims').select('hash').where('hash', '=', hash).where('claimed_until', '>=', now).executeTakeFirst());
  },

  /** Gives a claim back once its picture is drawn (or its drawing failed). */
  async release(db: Queryable, hash: string, claimedAt: string): Promise<void> {
    await db.deleteFrom('picture_claims').where('hash', '=', hash).where('claimed_at', '=', claimedAt).execute();
  },

  /** The recipient's words of a greeting (its picture's message says them when it has no caption). */
  toWhom(db: Queryable, publicId: string) {
    return db.selectFrom('greetings').select('to_whom').where('public_id', '=', publicId).executeTakeFirst();
  },

  /** The Telegram user behind an account (null: signed in otherwise). */
  async telegramIdOf(db: Queryable, userId: number): Promise<string | null> {
    return (await db.selectFrom('users').select('telegram_id').where('id', '=', userId).executeTakeFirst())?.telegram_id ?? null;
  },

  /** Whether the bot may write to the user: false only when they said no (platform/telegram.ts). */
  async botMayWrite(db: Queryable, userId: number): Promise<boolean> {
    const row = await db.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', TELEGRAM_WRITE_ACCESS_SETTING).executeTakeFirst();
    return row?.value !== 'false';
  },

  /** Keeps that the user does not let the bot write to them (Telegram refused a message with 403). */
  async botMayNotWrite(db: Queryable, userId: number, at: string): Promise<void> {
    await db
      .insertInto('settings')
      .values({ user_id: userId, key: TELEGRAM_WRITE_ACCESS_SETTING, value: 'false', updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: 'false', updated_at: at }))
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
