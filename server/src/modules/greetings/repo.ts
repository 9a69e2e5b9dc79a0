import type { GreetingHold } from '@otkrytka/contract/rules/greetings';
import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { displayName } from '../auth';
import './picture-columns';

/** A position in a newest-first list: the sort timestamp and the row id breaking ties. */
export interface Keyset {
  at: string;
  id: number;
}

type Greetings = ExpressionBuilder<DB, 'greetings'>;

/** Newest-first keyset condition over (time column, id column). */
const before = (eb: ExpressionBuilder<any, any>, atCol: string, idCol: string, k: Keyset) =>
  eb.or([eb(atCol, '<', k.at), eb.and([eb(atCol, '=', k.at), eb(idCol, '<', k.id)])]);

const acceptedCount = (eb: Greetings) =>
  eb
    .selectFrom('accepted_greetings as ac')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('ac.greeting_id', '=', 'greetings.id')
    .as('accepted_count');

/** Accepted greetings as the acceptor's list shows them. */
const acceptedRows = (db: Queryable) =>
  db
    .selectFrom('accepted_greetings as a')
    .innerJoin('greetings as g', 'g.id', 'a.greeting_id')
    .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
    .select([
      'a.id',
      'g.public_id',
      'a.to_whom',
      'a.greeting',
      'a.from_whom',
      'a.energy_received',
      'g.image_relation_id',
      'a.accepted_at',
      'ir.storage_key',
      'ir.is_banned',
      'ir.has_preview',
    ]);

export const greetingsRepo = {
  /** A postcard with what decides whether a user may build a greeting from it. */
  postcardForUser(db: Queryable, postcardId: number, userId: number) {
    return db
      .selectFrom('image_relations as ir')
      .innerJoin('collections as c', 'c.id', 'ir.collection_id')
      .leftJoin('subscriptions as s', (j) => j.onRef('s.collection_id', '=', 'ir.collection_id').on('s.user_id', '=', userId))
      .select([
        'ir.id',
        'ir.user_id',
        'ir.is_approved',
        'ir.is_banned',
        'c.user_id as channel_owner_id',
        's.user_id as subscriber_id',
      ])
      .where('ir.id', '=', postcardId)
      .executeTakeFirst();
  },

  /** The greeting a sender's attempt `key` made, if any (unique per sender). */
  byIdempotencyKey(db: Queryable, userId: number, key: string) {
    return db.selectFrom('greetings').select('public_id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  },

  insert(db: Queryable, values: Omit<Insertable<DB['greetings']>, 'id' | 'gift_paid_to'>) {
    return db
      .insertInto('greetings')
      .values({ ...values, gift_paid_to: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /**
   * The greeting row. With `lock` (inside a transaction) PostgreSQL holds the row until commit, so
   * accepts and deletes of one greeting run one after another; SQLite serialises write transactions anyway.
   */
  byPublicId(db: Queryable, publicId: string, opts: { lock?: boolean } = {}) {
    const q = db.selectFrom('greetings').selectAll().where('public_id', '=', publicId);
    return (opts.lock && isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
  },

  /** The greeting with its postcard and channel, for the greeting page. */
  detail(db: Queryable, publicId: string) {
    return db
      .selectFrom('greetings as g')
      .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
      .innerJoin('collections as c', 'c.id', 'ir.collection_id')
      .selectAll('g')
      .select([
        'ir.title as postcard_title',
        'ir.collection_id as postcard_collection_id',
        'ir.storage_key as postcard_storage_key',
        'ir.media_kind as postcard_media_kind',
        'ir.is_banned as postcard_is_banned',
        'ir.has_preview as postcard_has_preview',
        'ir.width as postcard_width',
        'ir.height as postcard_height',
        'ir.renditions as postcard_renditions',
        'c.name as channel_name',
      ])
      .where('g.public_id', '=', publicId)
      .executeTakeFirst();
  },

  update(
    db: Queryable,
    id: number,
    patch: Partial<
      Pick<
        DB['greetings'],
        'to_whom' | 'greeting' | 'from_whom' | 'background_first_page' | 'background_greeting_page' | 'opens_at' | 'opens_tz' | 'caption' | 'picture_footer'
      >
    >,
    at: string,
  ) {
    return db
      .updateTable('greetings')
      .set({ ...patch, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  byId(db: Queryable, id: number) {
    return db.selectFrom('greetings').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Holds the greeting back from its recipient (`held_for`: 'group' or 'payment'). */
  async hold(db: Queryable, id: number, hold: GreetingHold) {
    await db.updateTable('greetings').set({ held_for: hold }).where('id', '=', id).execute();
  },

  /** Releases the greeting if it is still held for `hold`. */
  async release(db: Queryable, id: number, hold: GreetingHold) {
    await db.updateTable('greetings').set({ held_for: null }).where('id', '=', id).where('held_for', '=', hold).execute();
  },

  /**
   * Counts an open by `viewer` unless their last counted open is newer than `cutoff`: one atomic
   * upsert, so concurrent opens of one viewer count once. Answers whether it counted.
   */
  async countViewerOpen(db: Queryable, greetingId: number, viewer: string, at: string, cutoff: string): Promise<boolean> {
    const row = await db
      .insertInto('greeting_opens')
      .values({ greeting_id: greetingId, viewer, counted_at: at })
      .onConflict((oc) =>
        oc
          .columns(['greeting_id', 'viewer'])
          .doUpdateSet({ counted_at: at })
          .where('greeting_opens.counted_at', '<=', cutoff),
      )
      .returning('greeting_id')
      .executeTakeFirst();
    return !!row;
  },

  /** Whether `viewer` had an open counted after `cutoff`. */
  async openedSince(db: Queryable, greetingId: number, viewer: string, cutoff: string): Promise<boolean> {
    const row = await db
      .selectFrom('greeting_opens')
      .select('greeting_id')
      .where('greeting_id', '=', greetingId)
      .where('viewer', '=', viewer)
      .where('counted_at', '>', cutoff)
      .executeTakeFirst();
    return !!row;
  },

  /** Adds a counted open; answers whether it was the first (opened_at was still empty). */
  async addOpen(db: Queryable, id: number, at: string): Promise<boolean> {
    const first = await db
      .updateTable('greetings')
      .set({ opened_at: at })
      .where('id', '=', id)
      .where('opened_at', 'is', null)
      .executeTakeFirst();
    await db
      .updateTable('greetings')
      .set((eb) => ({ open_count: eb('open_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return Number(first.numUpdatedRows) === 1;
  },

  async markAccepted(db: Queryable, id: number, at: string): Promise<void> {
    await db.updateTable('greetings').set({ accepted_at: at }).where('id', '=', id).where('accepted_at', 'is', null).execute();
  },

  replyOf(db: Queryable, greetingId: number, userId: number) {
    return db
      .selectFrom('greeting_replies')
      .selectAll()
      .where('greeting_id', '=', greetingId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  replyById(db: Queryable, id: number) {
    return db.selectFrom('greeting_replies').select(['id', 'created_at', 'reaction', 'text']).where('id', '=', id).executeTakeFirst();
  },

  insertReply(db: Queryable, values: Omit<Insertable<DB['greeting_replies']>, 'id'>) {
    return db.insertInto('greeting_replies').values(values).returningAll().executeTakeFirstOrThrow();
  },

  updateReply(db: Queryable, id: number, patch: { reaction: string | null; text: string | null }, at: string) {
    return db
      .updateTable('greeting_replies')
      .set({ ...patch, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The replies to these greetings with their repliers' names, oldest first. */
  repliesOf(db: Queryable, greetingIds: number[]) {
    if (greetingIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('greeting_replies as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.username', 'u.first_name', 'u.last_name', 'u.login'])
      .where('r.greeting_id', 'in', greetingIds)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
  },

  async remove(db: Queryable, id: number): Promise<void> {
    await db.deleteFrom('greetings').where('id', '=', id).execute();
  },

  /**
   * Gives the escrowed gift to `userId` (the sender, for a refund) unless somebody already has it. The guard in the WHERE makes
   * the claim atomic: of any number of concurrent callers exactly one sees a changed row.
   */
  async claimGift(db: Queryable, greetingId: number, userId: number): Promise<boolean> {
    const res = await db
      .updateTable('greetings')
      .set({ gift_paid_to: userId })
      .where('id', '=', greetingId)
      .where('gift_paid_to', 'is', null)
      .where('energy', '>', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  acceptance(db: Queryable, greetingId: number, userId: number) {
    return db
      .selectFrom('accepted_greetings')
      .selectAll()
      .where('greeting_id', '=', greetingId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** Inserts an acceptance; undefined when this user had already accepted the greeting. */
  insertAcceptance(db: Queryable, values: Omit<DB['accepted_greetings'], 'id' | 'hidden_by_sender'>) {
    return db
      .insertInto('accepted_greetings')
      .values({ ...values, hidden_by_sender: 0 })
      .onConflict((oc) => oc.columns(['greeting_id', 'user_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  /** An acceptance with the id of the greeting's sender. */
  acceptanceById(db: Queryable, id: number) {
    return db
      .selectFrom('accepted_greetings as a')
      .innerJoin('greetings as g', 'g.id', 'a.greeting_id')
      .select(['a.id', 'a.user_id', 'a.hidden_by_sender', 'g.user_id as sender_id'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  },

  async removeAcceptance(db: Queryable, id: number): Promise<void> {
    await db.deleteFrom('accepted_greetings').where('id', '=', id).execute();
  },

  async hideFromSender(db: Queryable, id: number): Promise<void> {
    await db.updateTable('accepted_greetings').set({ hidden_by_sender: 1 }).where('id', '=', id).execute();
  },

  /** How a user is called in a notification (`displayName`). */
  async displayName(db: Queryable, userId: number): Promise<string | null> {
    const u = await db
      .selectFrom('users')
      .select(['username', 'first_name', 'last_name', 'login'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return u ? displayName(u) : null;
  },

  /** Greetings made of these postcards, or of any postcard of a channel, whose gift nobody has claimed yet. */
  /** Gift escrows whose greeting no longer exists and that were never paid or refunded. */
  async orphanedEscrows(db: Queryable): Promise<{ user_id: number; ref_id: string; energy: number }[]> {
    const rows = await db
      .selectFrom('ledger as l')
      .select(['l.user_id', 'l.ref_id', 'l.delta'])
      .where('l.ref_type', '=', 'greeting')
      .where('l.reason', '=', 'greeting_gift_escrow')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('greetings as g').select('g.id').where('g.id', '=', sql<number>`cast(l.ref_id as integer)`))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger as s')
              .select('s.id')
              .where('s.ref_type', '=', 'greeting')
              .whereRef('s.ref_id', '=', 'l.ref_id')
              .where('s.reason', 'in', ['greeting_gift', 'greeting_gift_refund']),
          ),
        ),
      )
      .orderBy('l.id')
      .execute();
    return rows.map((r) => ({ user_id: r.user_id, ref_id: r.ref_id!, energy: -r.delta }));
  },

  listCreated(db: Queryable, userId: number, after: Keyset | null, limit: number) {
    return db
      .selectFrom('greetings')
      .innerJoin('image_relations as ir', 'ir.id', 'greetings.image_relation_id')
      .select([
        'greetings.id',
        'greetings.public_id',
        'greetings.to_whom',
        'greetings.greeting',
        'greetings.from_whom',
        'greetings.energy',
        'greetings.gift_paid_to',
        'greetings.image_relation_id',
        'greetings.created_at',
        'greetings.opened_at',
        'greetings.open_count',
        'greetings.accepted_at as first_accepted_at',
        'greetings.opens_at',
        'greetings.held_for',
        'greetings.opens_tz',
        'ir.storage_key',
        'ir.is_banned',
        'ir.has_preview',
        acceptedCount,
      ])
      .where('greetings.user_id', '=', userId)
      .$if(!!after, (q) => q.where((eb) => before(eb, 'greetings.created_at', 'greetings.id', after!)))
      .orderBy('greetings.created_at', 'desc')
      .orderBy('greetings.id', 'desc')
      .limit(limit)
      .execute();
  },

  listReceived(db: Queryable, senderId: number, after: Keyset | null, limit: number) {
    return db
      .selectFrom('accepted_greetings as a')
      .innerJoin('greetings as g', 'g.id', 'a.greeting_id')
      .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
      .leftJoin('users as acceptor', 'acceptor.id', 'a.user_id')
      .leftJoin('greeting_replies as r', (j) => j.onRef('r.greeting_id', '=', 'a.greeting_id').onRef('r.user_id', '=', 'a.user_id'))
      .select([
        'r.reaction as reply_reaction',
        'r.text as reply_text',
        'r.created_at as reply_created_at',
        'r.updated_at as reply_updated_at',
        'a.id',
        'g.public_id',
        'a.to_whom',
        'a.greeting',
        'a.from_whom',
        'a.energy_received',
        'g.image_relation_id',
        'g.created_at',
        'a.accepted_at',
        'ir.storage_key',
        'ir.is_banned',
        'ir.has_preview',
        'acceptor.username as acceptor_username',
        'acceptor.first_name as acceptor_first_name',
        'acceptor.last_name as acceptor_last_name',
        'acceptor.login as acceptor_login',
      ])
      .where('g.user_id', '=', senderId)
      .where('a.hidden_by_sender', '=', 0)
      .$if(!!after, (q) => q.where((eb) => before(eb, 'a.accepted_at', 'a.id', after!)))
      .orderBy('a.accepted_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },

  listAccepted(db: Queryable, userId: number, after: Keyset | null, limit: number) {
    return acceptedRows(db)
      .where('a.user_id', '=', userId)
      .$if(!!after, (q) => q.where((eb) => before(eb, 'a.accepted_at', 'a.id', after!)))
      .orderBy('a.accepted_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },

  acceptedRow(db: Queryable, id: number) {
    return acceptedRows(db).where('a.id', '=', id).executeTakeFirstOrThrow();
  },
};
