import { type Insertable, sql } from 'kysely';
import type { Queryable } from '../../db';
import type { DB } from '../../db/schema';
import type { Keyset } from './repo';

/** SQL of group cards: a greeting's group, its contributions and their reports (docs/PRODUCT-RULES.md, group cards). */

const author = ['u.username', 'u.first_name', 'u.last_name', 'u.login'] as const;

const contributionRows = (db: Queryable) =>
  db
    .selectFrom('greeting_contributions as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(author);

export type ContributionRow = Awaited<ReturnType<typeof groupRepo.contributions>>[number];

export const groupRepo = {
  async insertGroup(db: Queryable, greetingId: number, invite: string, at: string): Promise<void> {
    await db.insertInto('greeting_groups').values({ greeting_id: greetingId, invite, delivered_at: null, expired_at: null, created_at: at }).execute();
  },

  groupOf(db: Queryable, greetingId: number) {
    return db.selectFrom('greeting_groups').selectAll().where('greeting_id', '=', greetingId).executeTakeFirst();
  },

  groupsOf(db: Queryable, greetingIds: number[]) {
    if (greetingIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('greeting_groups').selectAll().where('greeting_id', 'in', greetingIds).execute();
  },

  async setInvite(db: Queryable, greetingId: number, invite: string): Promise<void> {
    await db.updateTable('greeting_groups').set({ invite }).where('greeting_id', '=', greetingId).execute();
  },

  /** Delivers a held card once: the group's moment and the greeting released; answers whether this call did it. */
  async deliver(db: Queryable, greetingId: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('greeting_groups')
      .set({ delivered_at: at })
      .where('greeting_id', '=', greetingId)
      .where('delivered_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await db.updateTable('greetings').set({ held_for: null, updated_at: at }).where('id', '=', greetingId).where('held_for', '=', 'group').execute();
    return true;
  },

  /** Marks the card's gifts given back for want of an acceptance, once. */
  async expire(db: Queryable, greetingId: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('greeting_groups')
      .set({ expired_at: at })
      .where('greeting_id', '=', greetingId)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** A card's contributions with their authors' account names, oldest first. */
  contributions(db: Queryable, greetingId: number) {
    return contributionRows(db).where('c.greeting_id', '=', greetingId).orderBy('c.created_at').orderBy('c.id').execute();
  },

  contribution(db: Queryable, id: number) {
    return contributionRows(db).where('c.id', '=', id).executeTakeFirst();
  },

  contributionOf(db: Queryable, greetingId: number, userId: number) {
    return contributionRows(db).where('c.greeting_id', '=', greetingId).where('c.user_id', '=', userId).executeTakeFirst();
  },

  async count(db: Queryable, greetingId: number): Promise<number> {
    const r = await db
      .selectFrom('greeting_contributions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('greeting_id', '=', greetingId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Inserts a contribution; undefined when this user had already signed the card. */
  insert(db: Queryable, values: Omit<Insertable<DB['greeting_contributions']>, 'id' | 'gift_settled_to' | 'gift_refunded'>) {
    return db
      .insertInto('greeting_contributions')
      .values({ ...values, gift_settled_to: null, gift_refunded: 0 })
      .onConflict((oc) => oc.columns(['greeting_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  async update(db: Queryable, id: number, patch: { message?: string; from_whom?: string; energy?: number }, at: string): Promise<void> {
    await db.updateTable('greeting_contributions').set({ ...patch, updated_at: at }).where('id', '=', id).execute();
  },

  async remove(db: Queryable, id: number): Promise<void> {
    await db.deleteFrom('greeting_contributions').where('id', '=', id).execute();
  },

  /**
   * Settles a contribution's gift on `userId` (the recipient, or its author for a refund) unless it
   * is settled already: the guard in the WHERE makes it atomic, so of any number of concurrent
   * callers exactly one sees a changed row.
   */
  async settle(db: Queryable, id: number, userId: number, refund: boolean): Promise<boolean> {
    const res = await db
      .updateTable('greeting_contributions')
      .set({ gift_settled_to: userId, gift_refunded: refund ? 1 : 0 })
      .where('id', '=', id)
      .where('gift_settled_to', 'is', null)
      .where('energy', '>', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** The signatures of these cards, oldest first (the organiser's list). */
  signersOf(db: Queryable, greetingIds: number[]) {
    if (greetingIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('greeting_contributions')
      .select(['greeting_id', 'from_whom'])
      .where('greeting_id', 'in', greetingIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** The cards a user signed, newest signature first («Подписанные»). */
  signedBy(db: Queryable, userId: number, after: Keyset | null, limit: number) {
    return db
      .selectFrom('greeting_contributions as c')
      .innerJoin('greetings as g', 'g.id', 'c.greeting_id')
      .innerJoin('greeting_groups as gg', 'gg.greeting_id', 'g.id')
      .innerJoin('image_relations as ir', 'ir.id', 'g.image_relation_id')
      .select([
        'c.id',
        'c.from_whom',
        'c.message',
        'c.energy',
        'c.user_id',
        'c.gift_settled_to',
        'c.gift_refunded',
        'c.created_at',
        'g.public_id',
        'g.to_whom',
        'g.from_whom as organiser',
        'g.image_relation_id',
        'g.opens_at',
        'g.opened_at',
        'g.accepted_at',
        'g.held_for',
        'gg.delivered_at',
        'gg.invite',
        'ir.storage_key',
        'ir.is_banned',
        'ir.has_preview',
      ])
      .where('c.user_id', '=', userId)
      .$if(!!after, (q) =>
        q.where((eb) => eb.or([eb('c.created_at', '<', after!.at), eb.and([eb('c.created_at', '=', after!.at), eb('c.id', '<', after!.id)])])),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The Telegram account a user signed in with (null: none). */
  async telegramIdOf(db: Queryable, userId: number): Promise<string | null> {
    return (await db.selectFrom('users').select('telegram_id').where('id', '=', userId).executeTakeFirst())?.telegram_id ?? null;
  },

  async insertReport(db: Queryable, values: Omit<Insertable<DB['contribution_reports']>, 'id' | 'resolved_at'>): Promise<number> {
    const r = await db.insertInto('contribution_reports').values({ ...values, resolved_at: null }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async resolveReports(db: Queryable, contributionId: number, at: string): Promise<number> {
    const res = await db
      .updateTable('contribution_reports')
      .set({ resolved_at: at })
      .where('contribution_id', '=', contributionId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** Contributions with open reports, most reported first, with their card. */
  async reported(db: Queryable, offset: number, limit: number) {
    const open = db
      .selectFrom('contribution_reports')
      .select(['contribution_id'])
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('first_at'), eb.fn.max('created_at').as('last_at')])
      .where('resolved_at', 'is', null)
      .groupBy('contribution_id');
    const rows = await db
      .selectFrom(open.as('o'))
      .innerJoin('greeting_contributions as c', 'c.id', 'o.contribution_id')
      .innerJoin('greetings as g', 'g.id', 'c.greeting_id')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(author)
      .select(['g.public_id', 'g.to_whom', 'o.n', 'o.first_at', 'o.last_at'])
      .orderBy('o.n', 'desc')
      .orderBy('o.last_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const total = await db
      .selectFrom(open.as('o'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.n) };
  },

  /** The open reports of these contributions (reasons and comments). */
  openReportsOf(db: Queryable, contributionIds: number[]) {
    if (contributionIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('contribution_reports')
      .select(['contribution_id', 'reason', 'comment', 'created_at'])
      .where('contribution_id', 'in', contributionIds)
      .where('resolved_at', 'is', null)
      .orderBy('created_at')
      .execute();
  },

  /**
   * Contribution escrows whose contribution no longer exists (its greeting went with a deleted
   * postcard or channel) and that were never paid: what the author's rows of each still hold.
   */
  async orphanedEscrows(db: Queryable): Promise<{ user_id: number; ref_id: string; energy: number }[]> {
    const rows = await db
      .selectFrom('ledger as l')
      .select(['l.user_id', 'l.ref_id'])
      .select(sql<number>`sum(l.delta)`.as('held'))
      .where('l.ref_type', '=', 'greeting_contribution')
      .where('l.reason', 'in', ['group_gift_escrow', 'group_gift_refund'])
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('greeting_contributions as c').select('c.id').where('c.id', '=', sql<number>`cast(l.ref_id as integer)`))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger as p')
              .select('p.id')
              .where('p.ref_type', '=', 'greeting_contribution')
              .whereRef('p.ref_id', '=', 'l.ref_id')
              .where('p.reason', '=', 'group_gift'),
          ),
        ),
      )
      .groupBy(['l.user_id', 'l.ref_id'])
      .having(sql<number>`sum(l.delta)`, '<', 0)
      .orderBy('l.ref_id')
      .execute();
    return rows.map((r) => ({ user_id: r.user_id, ref_id: r.ref_id!, energy: -Number(r.held) }));
  },
};
