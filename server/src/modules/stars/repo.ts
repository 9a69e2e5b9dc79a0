import type { StarsItemKind, StarsOrderState } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { StarsOrdersTable } from '../../db/schema';

export type OrderRow = Omit<StarsOrdersTable, 'id'> & { id: number };

/** SQL of the Stars orders (tables stars_orders, stars_order_transitions, stars_reconciliations). */
export const starsRepo = {
  async insert(q: Queryable, o: Omit<OrderRow, 'id'>): Promise<OrderRow> {
    return (await q.insertInto('stars_orders').values(o).returningAll().executeTakeFirstOrThrow()) as OrderRow;
  },

  byId: (q: Queryable, id: number) => q.selectFrom('stars_orders').selectAll().where('id', '=', id).executeTakeFirst() as Promise<OrderRow | undefined>,

  byCharge: (q: Queryable, chargeId: string) =>
    q.selectFrom('stars_orders').selectAll().where('telegram_payment_charge_id', '=', chargeId).executeTakeFirst() as Promise<OrderRow | undefined>,

  /** The newest gift order of a greeting (a greeting carries one). */
  /** The newest Telegram gift order of each of these greetings (for a list of them). */
  giftsOfGreetings: async (q: Queryable, greetingIds: number[]) =>
    greetingIds.length === 0
      ? []
      : q
          .selectFrom('stars_orders')
          .select(['id', 'greeting_id', 'item_id', 'star_count', 'state'])
          .where('greeting_id', 'in', greetingIds)
          .where('item', '=', 'telegram_gift')
          .orderBy('id', 'asc')
          .execute(),

  ofGreeting: (q: Queryable, greetingId: number) =>
    q
      .selectFrom('stars_orders')
      .selectAll()
      .where('greeting_id', '=', greetingId)
      .where('item', '=', 'telegram_gift')
      .orderBy('id', 'desc')
      .executeTakeFirst() as Promise<OrderRow | undefined>,

  /**
   * Moves an order from one of `from` to `to` when it still stands there (and `extra` holds), with
   * its transition row: the guarded update lets exactly one of two racing changes through.
   */
  async transition(
    q: Queryable,
    id: number,
    from: readonly StarsOrderState[],
    to: StarsOrderState,
    at: string,
    reason: string | null,
    set: Partial<OrderRow> = {},
    guard?: (qb: any) => any,
  ): Promise<OrderRow | undefined> {
    const before = await q.selectFrom('stars_orders').select('state').where('id', '=', id).executeTakeFirst();
    if (!before || !from.includes(before.state as StarsOrderState)) return undefined;
    let upd = q
      .updateTable('stars_orders')
      .set({ ...set, state: to, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', before.state);
    if (guard) upd = guard(upd);
    const done = await upd.executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return undefined;
    await q.insertInto('stars_order_transitions').values({ order_id: id, from_state: before.state, to_state: to, reason, at }).execute();
    return starsRepo.byId(q, id);
  },

  async created(q: Queryable, id: number, at: string): Promise<void> {
    await q.insertInto('stars_order_transitions').values({ order_id: id, from_state: null, to_state: 'created', reason: null, at }).execute();
  },

  async update(q: Queryable, id: number, set: Partial<OrderRow>): Promise<number> {
    const r = await q.updateTable('stars_orders').set(set).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Claims the one outside call of a paid order ('send' or 'refund'); false when another has it. */
  async claimOutside(q: Queryable, id: number, kind: 'send' | 'refund', at: string, extra?: { recipientRequired?: boolean }): Promise<boolean> {
    let upd = q.updateTable('stars_orders').set({ outside: kind, outside_at: at }).where('id', '=', id).where('state', '=', 'paid').where('outside', 'is', null);
    if (extra?.recipientRequired) upd = upd.where('recipient_telegram_id', 'is not', null);
    return Number((await upd.executeTakeFirst()).numUpdatedRows) === 1;
  },

  /** A paid order's first recipient, once: false when it has one already or is not paid. */
  async assignRecipient(q: Queryable, id: number, r: { userId: number; telegramId: string; text: string }, at: string): Promise<boolean> {
    const done = await q
      .updateTable('stars_orders')
      .set({ recipient_user_id: r.userId, recipient_telegram_id: r.telegramId, gift_text: r.text, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'paid')
      .where('recipient_user_id', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  /** The claimed call to Telegram changes kind (a refused send becomes a refund), if it is still `from`. */
  async switchOutside(q: Queryable, id: number, from: 'send' | 'refund', to: 'send' | 'refund', at: string): Promise<void> {
    await q.updateTable('stars_orders').set({ outside: to, outside_at: at }).where('id', '=', id).where('outside', '=', from).execute();
  },

  async releaseOutside(q: Queryable, id: number, kind: 'send' | 'refund'): Promise<void> {
    await q.updateTable('stars_orders').set({ outside: null, outside_at: null }).where('id', '=', id).where('outside', '=', kind).execute();
  },

  transitionsOf: (q: Queryable, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : q.selectFrom('stars_order_transitions').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('id').execute(),

  async page(
    q: Queryable,
    f: { id?: number | undefined; state?: StarsOrderState | undefined; item?: StarsItemKind | undefined; user_id?: number | undefined; from?: string | undefined; to?: string | undefined; offset: number; limit: number },
  ) {
    let base = q.selectFrom('stars_orders as o');
    if (f.id) base = base.where('o.id', '=', f.id);
    if (f.state) base = base.where('o.state', '=', f.state);
    if (f.item) base = base.where('o.item', '=', f.item);
    if (f.user_id) base = base.where('o.user_id', '=', f.user_id);
    if (f.from) base = base.where('o.created_at', '>=', new Date(f.from).toISOString());
    if (f.to) base = base.where('o.created_at', '<', new Date(f.to).toISOString());
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      // the buyer's name, read for the moderator (the users table is the auth module's)
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .selectAll('o')
      .select(['u.first_name', 'u.last_name', 'u.username', 'u.login'])
      .orderBy('o.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute();
    return { total: Number(total.n), rows };
  },

  /** The Telegram user behind an account (read from the auth module's users table). */
  telegramIdOf: async (q: Queryable, userId: number) =>
    (await q.selectFrom('users').select('telegram_id').where('id', '=', userId).executeTakeFirst())?.telegram_id ?? null,

  /** Whether the user lets the bot write to them (their setting, kept by the auth module and the bot). */
  async mayWrite(q: Queryable, userId: number, setting: string): Promise<boolean> {
    const row = await q.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', setting).executeTakeFirst();
    return row?.value === 'true';
  },

  /** The user's language setting ('ru' unless they chose 'en'), read from the settings module's table. */
  async language(q: Queryable, userId: number): Promise<'ru' | 'en'> {
    const row = await q.selectFrom('settings').select('value').where('user_id', '=', userId).where('key', '=', 'language').executeTakeFirst();
    return row?.value === '"en"' ? 'en' : 'ru';
  },

  countsByState: (q: Queryable) =>
    q.selectFrom('stars_orders').select(['item', 'state']).select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('star_count').as('stars')]).groupBy(['item', 'state']).execute(),

  /** Orders whose state a check against Telegram's record can judge. */
  charged: (q: Queryable) =>
    q.selectFrom('stars_orders').select(['id', 'state', 'telegram_payment_charge_id', 'star_count', 'paid_at']).where('telegram_payment_charge_id', 'is not', null).execute(),

  async saveReconciliation(q: Queryable, r: { at: string; transactions: number; problems: unknown[] }): Promise<void> {
    await q.insertInto('stars_reconciliations').values({ at: r.at, transactions: r.transactions, problem_count: r.problems.length, problems: JSON.stringify(r.problems) }).execute();
  },

  lastReconciliation: (q: Queryable) => q.selectFrom('stars_reconciliations').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),

};
