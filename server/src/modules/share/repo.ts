import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { TELEGRAM_WRITE_ACCESS_SETTING } from '../../platform/telegram';

/**
 * LIKE patterns for a word in lower case, Capitalised and UPPER case: SQLite folds only ASCII case
 * and PostgreSQL's LIKE folds none, so «день» must also be looked for as «День».
 */
function likeAnyCase(word: string) {
  const esc = word.replace(/[\\%_]/g, (c) => `\\${c}`);
  const forms = new Set([esc.toLowerCase(), esc.charAt(0).toUpperCase() + esc.slice(1).toLowerCase(), esc.toUpperCase()]);
  return [...forms].map((f) => sql<string>`${`%${f}%`} escape '\\'`);
}

/** Reads for link previews and the bot. Public facts only; the greeting text is never selected. */
export const shareRepo = {
  /** A greeting as its preview shows it: recipient, background, postcard picture. */
  greeting(db: Queryable, publicId: string) {
    return db
      .selectFrom('greetings as g')
      .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
      .select([
        'g.id',
        'g.public_id',
        'g.user_id',
        'g.to_whom',
        'g.background_first_page',
        'g.opens_at',
        'g.held_for',
        // what the sender wrote on the card (the preview shows the captioned picture)
        'g.caption',
        'g.picture_footer',
        'g.created_at',
        'g.updated_at',
        'ir.storage_key',
        'ir.media_kind',
        'ir.has_preview',
        'ir.is_banned',
      ])
      .where('g.public_id', '=', publicId)
      .executeTakeFirst();
  },

  /** A group card's invite and delivery (its join page's preview names the card only for the right invite). */
  groupOf(db: Queryable, greetingId: number) {
    return db.selectFrom('greeting_groups').select(['invite', 'delivered_at']).where('greeting_id', '=', greetingId).executeTakeFirst();
  },

  /** A postcard with its channel's name. */
  postcard(db: Queryable, id: number) {
    return db
      .selectFrom('image_relations as ir')
      .innerJoin('collections as c', 'c.id', 'ir.collection_id')
      .leftJoin('categories as cat', 'cat.id', 'ir.category_id')
      .select([
        'ir.id',
        'ir.title',
        'ir.description',
        'ir.collection_id',
        'ir.storage_key',
        'ir.media_kind',
        'ir.has_preview',
        'ir.is_approved',
        'ir.is_banned',
        'c.name as channel_name',
        'cat.name as category_name',
      ])
      .where('ir.id', '=', id)
      .executeTakeFirst();
  },

  channel(db: Queryable, id: number) {
    return db.selectFrom('collections').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
  },

  /** The newest approved postcards of a channel (the pictures of its preview). */
  channelCovers(db: Queryable, channelId: number, limit: number) {
    return db
      .selectFrom('image_relations')
      .select(['id', 'storage_key', 'media_kind', 'has_preview'])
      .where('collection_id', '=', channelId)
      .where('is_approved', '=', 1)
      .where('is_banned', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Approved gallery postcards whose title, description or category contains every word of `words`. */
  searchGallery(db: Queryable, galleryId: number, words: string[], limit: number, offset: number) {
    let q = db
      .selectFrom('image_relations as ir')
      .leftJoin('categories as cat', 'cat.id', 'ir.category_id')
      .select(['ir.id', 'ir.title', 'ir.description', 'ir.collection_id', 'ir.storage_key', 'ir.media_kind', 'ir.has_preview', 'cat.name as category_name', 'cat.name_en as category_name_en'])
      .where('ir.collection_id', '=', galleryId)
      .where('ir.is_approved', '=', 1)
      .where('ir.is_banned', '=', 0);
    for (const w of words) {
      q = q.where((eb) => eb.or(['ir.title', 'ir.description', 'cat.name', 'cat.name_en'].flatMap((col) => likeAnyCase(w).map((p) => eb(sql.ref(col), 'like', p)))));
    }
    return q.orderBy('ir.likes_count', 'desc').orderBy('ir.id', 'desc').limit(limit).offset(offset).execute();
  },

  async greetingExists(db: Queryable, publicId: string): Promise<boolean> {
    return !!(await db.selectFrom('greetings').select('id').where('public_id', '=', publicId).executeTakeFirst());
  },

  userIdByTelegramId(db: Queryable, telegramId: string) {
    return db.selectFrom('users').select(['id']).where('telegram_id', '=', telegramId).executeTakeFirst();
  },

  telegramIdOf(db: Queryable, userId: number) {
    return db.selectFrom('users').select(['telegram_id']).where('id', '=', userId).executeTakeFirst();
  },

  /**
   * Claims the sending of a notice's message before it goes out (message_id 0 until Telegram
   * answers): only the attempt that claimed it sends. False: another attempt claimed it already, or
   * the notice is gone.
   */
  async claimNoticeMessage(db: Queryable, m: { notificationId: number; chatId: string; at: string }): Promise<boolean> {
    const alive = db.selectFrom('notifications').select('id').where('id', '=', m.notificationId);
    const row = await db
      .insertInto('telegram_notice_messages')
      .columns(['notification_id', 'chat_id', 'message_id', 'sent_at'])
      .expression(alive.select((eb) => [eb.val(m.chatId).as('chat_id'), eb.val(0).as('message_id'), eb.val(m.at).as('sent_at')]))
      .onConflict((oc) => oc.column('notification_id').doNothing())
      .returning('notification_id')
      .executeTakeFirst();
    return !!row;
  },

  /** The claimed message went out: its id, for editing it later. */
  async rememberNoticeMessage(db: Queryable, m: { notificationId: number; messageId: number; sentAt: string }) {
    await db
      .updateTable('telegram_notice_messages')
      .set({ message_id: m.messageId, sent_at: m.sentAt })
      .where('notification_id', '=', m.notificationId)
      .execute();
  },

  /** Telegram surely did not take the message (it refused it, or asked to wait): a later attempt may claim it. */
  async releaseNoticeClaim(db: Queryable, notificationId: number) {
    await db.deleteFrom('telegram_notice_messages').where('notification_id', '=', notificationId).where('message_id', '=', 0).execute();
  },

  /** Whether the bot may write to the user: false only when they said no (platform/telegram.ts). */
  async botMayWrite(db: Queryable, userId: number): Promise<boolean> {
    const row = await db.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', TELEGRAM_WRITE_ACCESS_SETTING).executeTakeFirst();
    return row?.value !== 'false';
  },

  /** Keeps whether the bot may write to the account of a Telegram user (none linked: nothing to keep). */
  async setBotMayWrite(db: Queryable, telegramId: string, allowed: boolean, at: string) {
    const user = await db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirst();
    if (!user) return;
    const value = JSON.stringify(allowed);
    await db
      .insertInto('settings')
      .values({ user_id: user.id, key: TELEGRAM_WRITE_ACCESS_SETTING, value, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: at }))
      .execute();
  },

  noticeMessageOf(db: Queryable, notificationId: number) {
    return db.selectFrom('telegram_notice_messages').select(['chat_id', 'message_id']).where('notification_id', '=', notificationId).executeTakeFirst();
  },

  /** A sender's newest greetings whose recipient contains `word` (all when empty). */
  recentGreetings(db: Queryable, userId: number, word: string, limit: number) {
    let q = db
      .selectFrom('greetings as g')
      .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
      .select(['g.public_id', 'g.to_whom', 'g.background_first_page', 'g.opens_at', 'g.held_for', 'g.caption', 'g.picture_footer', 'g.created_at', 'g.updated_at', 'ir.storage_key', 'ir.media_kind', 'ir.has_preview', 'ir.is_banned'])
      .where('g.user_id', '=', userId)
      // a held greeting (group card before delivery, unpaid gift) is not sent anywhere yet
      .where('g.held_for', 'is', null);
    if (word) q = q.where((eb) => eb.or(likeAnyCase(word).map((p) => eb(sql.ref('g.to_whom'), 'like', p))));
    return q.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(limit).execute();
  },
};

/** What an instance finds when it claims a bot update (see `telegramUpdatesRepo.claim`). */
export type UpdateClaim = 'claimed' | 'handled' | 'in-hand';

/** Bot updates taken by webhook, so that one Telegram sends twice is answered once by all instances. */
export const telegramUpdatesRepo = {
  /**
   * Claims an update for this instance: `claimed` when it is new, or when an earlier claim was
   * made before `staleBefore` and never handled (that instance went away); otherwise `handled`,
   * or `in-hand` while another claim is still fresh.
   */
  async claim(db: Queryable, updateId: number, now: string, staleBefore: string): Promise<UpdateClaim> {
    const inserted = await db
      .insertInto('telegram_updates')
      .values({ update_id: updateId, claimed_at: now })
      .onConflict((oc) => oc.column('update_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'claimed';
    const takenOver = await db
      .updateTable('telegram_updates')
      .set({ claimed_at: now })
      .where('update_id', '=', updateId)
      .where('handled_at', 'is', null)
      .where('claimed_at', '<', staleBefore)
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) > 0) return 'claimed';
    const row = await db.selectFrom('telegram_updates').select('handled_at').where('update_id', '=', updateId).executeTakeFirst();
    return row?.handled_at ? 'handled' : 'in-hand';
  },

  async markHandled(db: Queryable, updateId: number, now: string): Promise<void> {
    await db.updateTable('telegram_updates').set({ handled_at: now }).where('update_id', '=', updateId).execute();
  },

  /** Telegram keeps an unanswered update for 24 hours; older claims can go. */
  async prune(db: Queryable, before: string): Promise<number> {
    return Number((await db.deleteFrom('telegram_updates').where('claimed_at', '<', before).executeTakeFirst()).numDeletedRows);
  },
};
