import type { StarsItemKind, StarsOrder, StarsOrderAdmin, StarsOrderState } from '@otkrytka/contract';
import { ErrorCode } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { AppError, conflict, notConfigured, notFound } from '../../http/errors';
import { cancelJob, RetryLater, scheduleJob, recordEvent, writeTx } from '../../jobs/runner';
import { botApi, botCallFailure, botLang } from '../../platform/bot';
import { iso } from '../../platform/clock';
import { TELEGRAM_WRITE_ACCESS_SETTING } from '../../platform/telegram';
import { starsRepo as repo, type OrderRow } from './repo';
import { STARS_TEXTS, starsLang, within } from './texts';

/** An unpaid order can be paid for an hour; then it expires. */
export const ORDER_PAYABLE_MS = 3600_000;
/** A paid Telegram gift nobody accepted within 30 days goes back to its sender. */
export const GIFT_ACCEPT_WITHIN_MS = 30 * 24 * 3600_000;
/** The Bot API's limits on an invoice and a gift. */
export const INVOICE_TITLE_MAX = 32;
export const INVOICE_DESCRIPTION_MAX = 255;
export const GIFT_TEXT_MAX = 128;

const expireKey = (id: number) => `stars.order.expire:${id}`;
const refundKey = (id: number) => `stars.order.refund:${id}`;

/** What an order buys, as its creator tells it. */
export interface NewOrder {
  userId: number;
  buyerTelegramId: string;
  lang: string;
  item: StarsItemKind;
  itemId: string;
  starCount: number;
  greetingId?: number | null;
  /** the invoice's words (title ≤ 32, description ≤ 255 characters; cut to fit) */
  title: string;
  description: string;
}

/** A pre-checkout query, as the bot hears it. */
export interface PreCheckout {
  id: string;
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  languageCode?: string | undefined;
}

/** A successful payment, as the bot hears it. */
export interface SuccessfulPayment {
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  chargeId: string;
}

export const orderIdOfPayload = (payload: string): number | null => (/^order:(\d{1,10})$/.test(payload) ? Number(payload.slice(6)) : null);
export const payloadOf = (orderId: number) => `order:${orderId}`;

export const toOrder = (o: OrderRow): StarsOrder => ({
  id: o.id,
  item: o.item as StarsItemKind,
  item_id: o.item_id,
  greeting_id: o.greeting_id,
  star_count: o.star_count,
  state: o.state as StarsOrderState,
  invoice_url: o.state === 'created' ? o.invoice_url : null,
  created_at: o.created_at,
  updated_at: o.updated_at,
});

/**
 * The Stars pipeline (docs/PRODUCT-RULES.md, Stars): orders in our database, their invoice, the
 * pre-checkout answer, the payment (once per `telegram_payment_charge_id`), refunds (once) and
 * expiry. A paid order ends by exactly one call to Telegram — a gift sent or a refund — claimed
 * on the order before it is made.
 */
export function starsOrders(deps: Deps) {
  const { db, config, log } = deps;
  const now = () => iso(deps.clock.now());
  const api = () => {
    if (!config.botToken) throw notConfigured('Payments need the bot (BOT_TOKEN is not set)');
    return botApi(config);
  };

  /** Refunds a paid order through Telegram, once: false when another call holds the order. */
  async function refund(o: OrderRow, reason: string, claimed = false): Promise<OrderRow | 'busy'> {
    if (!claimed && !(await repo.claimOutside(db, o.id, 'refund', now()))) return 'busy';
    try {
      await api().refundStarPayment(Number(o.buyer_telegram_id), o.telegram_payment_charge_id!);
    } catch (err) {
      const f = botCallFailure(err);
      // Telegram refunds a charge once: a second try after a lost answer is refused as already done
      if (!(f.kind === 'refused' && /ALREADY_REFUNDED/i.test(f.description))) {
        await repo.releaseOutside(db, o.id, 'refund');
        if (f.kind === 'wait') throw new RetryLater(f.ms, 'Telegram asks to wait before the refund');
        throw err;
      }
    }
    const done = await writeTx(deps, (trx) => repo.transition(trx, o.id, ['paid'], 'refunded', now(), reason, { refund_reason: reason }));
    log.info({ order: o.id, reason }, 'stars: order refunded');
    return done ?? (await repo.byId(db, o.id))!;
  }

  /** The sender and the recipient hear that the gift failed and the Stars went back (when the bot may write to them). */
  async function tellGiftFailed(o: OrderRow, toWhom: string) {
    const recipientLang = o.recipient_user_id ? await repo.language(db, o.recipient_user_id) : 'ru';
    const tell = async (userId: number | null, chatId: string | null, text: string) => {
      if (!userId || !chatId || !(await repo.mayWrite(db, userId, TELEGRAM_WRITE_ACCESS_SETTING))) return;
      await api()
        .sendMessage(Number(chatId), text)
        .catch((err: unknown) => log.warn({ err, order: o.id }, 'stars: could not tell of a failed gift'));
    };
    await tell(o.user_id, o.buyer_telegram_id, STARS_TEXTS[starsLang(o.lang)].giftFailedSender(toWhom));
    await tell(o.recipient_user_id, o.recipient_telegram_id, STARS_TEXTS[starsLang(recipientLang)].giftFailedRecipient);
  }

  const service = {
    /** Creates an order in the caller's transaction; it expires unpaid after an hour. */
    async create(trx: Queryable, n: NewOrder, at: string): Promise<OrderRow> {
      const o = await repo.insert(trx, {
        user_id: n.userId,
        buyer_telegram_id: n.buyerTelegramId,
        lang: starsLang(n.lang),
        item: n.item,
        item_id: n.itemId,
        greeting_id: n.greetingId ?? null,
        star_count: n.starCount,
        state: 'created',
        // the invoice's words wait here until the link is made (after the commit)
        invoice_url: null,
        telegram_payment_charge_id: null,
        recipient_user_id: null,
        recipient_telegram_id: null,
        gift_text: JSON.stringify({ title: within(n.title, INVOICE_TITLE_MAX), description: within(n.description, INVOICE_DESCRIPTION_MAX) }),
        outside: null,
        outside_at: null,
        refund_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        expires_at: iso(new Date(Date.parse(at) + ORDER_PAYABLE_MS)),
      });
      await repo.created(trx, o.id, at);
      await scheduleJob(trx, at, 'stars.order.expire', o.expires_at, { orderId: o.id }, expireKey(o.id));
      return o;
    },

    /** The order's invoice link (Bot API createInvoiceLink, XTR, one price, the order as payload), made once and kept. */
    async invoice(orderId: number): Promise<string> {
      const o = await repo.byId(db, orderId);
      if (!o) throw notFound('No such order');
      if (o.invoice_url) return o.invoice_url;
      if (o.state !== 'created') throw conflict('This order can no longer be paid', ErrorCode.ORDER_NOT_PAYABLE);
      const words = JSON.parse(o.gift_text ?? '{}') as { title?: string; description?: string };
      let url: string;
      try {
        const t = STARS_TEXTS[starsLang(o.lang)];
        // Stars: no provider token (an empty one), currency XTR, exactly one price
        url = await api().createInvoiceLink(words.title || t.giftTitle, words.description || t.giftTitle, payloadOf(o.id), '', 'XTR', [{ label: t.priceLabel, amount: o.star_count }]);
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.warn({ err, order: o.id }, 'stars: createInvoiceLink failed');
        throw new AppError(503, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not make the invoice; try again');
      }
      await repo.update(db, o.id, { invoice_url: url, gift_text: null });
      return url;
    },

    /**
     * The answer to a pre-checkout query, computed at once from the order (the bot answers it in
     * the update's handler, within Telegram's 10 seconds): ok only while the order is payable by
     * this user at this price; otherwise the reason in the buyer's language.
     */
    async preCheckout(q: PreCheckout): Promise<{ ok: true } | { ok: false; error_message: string }> {
      const id = orderIdOfPayload(q.payload);
      const o = id ? await repo.byId(db, id) : undefined;
      // Telegram shows the reason in its own window: in the language of the buyer's Telegram, else the order's
      const t = STARS_TEXTS[q.languageCode ? botLang(q.languageCode) : starsLang(o?.lang)];
      if (!o || o.state !== 'created' || o.expires_at <= now() || q.currency !== 'XTR' || q.totalAmount !== o.star_count) {
        return { ok: false, error_message: t.notPayable };
      }
      if (o.buyer_telegram_id !== String(q.fromId)) return { ok: false, error_message: t.wrongPayer };
      return { ok: true };
    },

    /**
     * A payment landed (successful_payment). Idempotent by `telegram_payment_charge_id`: the same
     * update again changes nothing. Pays the order (from created, or expired when the payment
     * passed the hour's end while in flight) and records `stars.order.paid`.
     */
    async paid(p: SuccessfulPayment): Promise<'paid' | 'repeated' | 'no_order'> {
      const id = orderIdOfPayload(p.payload);
      const at = now();
      return writeTx(deps, async (trx) => {
        if (await repo.byCharge(trx, p.chargeId)) return 'repeated';
        const o = id ? await repo.byId(trx, id) : undefined;
        const done =
          o && p.currency === 'XTR'
            ? await repo.transition(trx, o.id, ['created', 'expired'], 'paid', at, 'payment', { telegram_payment_charge_id: p.chargeId, paid_at: at }, (u) =>
                u.where('telegram_payment_charge_id', 'is', null),
              )
            : undefined;
        if (!done) {
          // a copy of this payment committed while this one waited on the order's row
          if (await repo.byCharge(trx, p.chargeId)) return 'repeated';
          // money taken with no payable order: the nightly reconciliation reports it
          log.error({ order: id, charge: p.chargeId, amount: p.totalAmount }, 'stars: a payment arrived for no payable order');
          return 'no_order';
        }
        await cancelJob(trx, at, expireKey(done.id));
        if (done.item === 'telegram_gift') {
          await scheduleJob(trx, at, 'stars.order.refund', iso(new Date(Date.parse(at) + GIFT_ACCEPT_WITHIN_MS)), { orderId: done.id, reason: 'not_accepted' }, refundKey(done.id));
        }
        await recordEvent(trx, at, 'stars.order.paid', { orderId: done.id, userId: done.user_id, item: done.item, itemId: done.item_id, greetingId: done.greeting_id });
        log.info({ order: done.id, charge: p.chargeId, stars: p.totalAmount }, 'stars: order paid');
        return 'paid';
      });
    },

    /** The order is handed over (a pack credited, a gift sent), in the caller's transaction. */
    markDelivered: (trx: Queryable, orderId: number, at: string, reason: string) => repo.transition(trx, orderId, ['paid'], 'delivered', at, reason),

    /**
     * A paid gift goes to this recipient (the first to accept), in the caller's transaction: once,
     * as a durable job; the 30 days' refund no longer waits. False when it has a recipient already or is not paid.
     */
    async assignRecipient(trx: Queryable, orderId: number, r: { userId: number; telegramId: string; text: string }, at: string): Promise<boolean> {
      if (!(await repo.assignRecipient(trx, orderId, { userId: r.userId, telegramId: r.telegramId, text: within(r.text, GIFT_TEXT_MAX) }, at))) return false;
      await cancelJob(trx, at, refundKey(orderId));
      await scheduleJob(trx, at, 'stars.gift.send', at, { orderId }, `stars.gift.send:${orderId}`);
      return true;
    },

    /**
     * What it is bought for is gone (a greeting deleted): an unpaid order can no longer be paid;
     * a paid one not yet handed over is refunded (a durable job, now).
     */
    async cancel(trx: Queryable, orderId: number, at: string, reason: string): Promise<void> {
      const o = await repo.byId(trx, orderId);
      if (!o) return;
      if (o.state === 'created') {
        await repo.transition(trx, o.id, ['created'], 'expired', at, reason);
        await cancelJob(trx, at, expireKey(o.id));
      } else if (o.state === 'paid') {
        await scheduleJob(trx, at, 'stars.order.refund', at, { orderId: o.id, reason }, refundKey(o.id));
      }
    },

    /** A moderator refunds a paid order with a reason (409 when it is not paid or its one call to Telegram is under way). */
    async moderatorRefund(orderId: number, reason: string): Promise<OrderRow> {
      const o = await repo.byId(db, orderId);
      if (!o) throw notFound('No such order');
      if (o.state !== 'paid') throw conflict(`This order is ${o.state}: only a paid order can be refunded`);
      const done = await refund(o, `moderator: ${reason}`).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        log.warn({ err, order: o.id }, 'stars: refundStarPayment failed');
        throw new AppError(503, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not refund the payment; try again');
      });
      if (done === 'busy') throw conflict('The gift is being sent or refunded right now');
      return done;
    },

    /** The jobs of the pipeline: expiry, sending a gift, refunds. */
    defineJobs(toWhomOf: (greetingId: number | null) => Promise<string>) {
      deps.jobs.define('stars.order.expire', async (trx, { orderId }, job) => {
        const o = await repo.byId(trx, orderId);
        if (o && o.state === 'created' && o.expires_at <= job.at) await repo.transition(trx, orderId, ['created'], 'expired', job.at, 'unpaid');
      });

      deps.jobs.defineOutsideTx('stars.order.refund', async ({ orderId, reason }) => {
        const o = await repo.byId(db, orderId);
        if (!o || o.state !== 'paid') return;
        // a recipient was found in the meantime: their gift is on its way
        if (reason === 'not_accepted' && o.recipient_user_id !== null) return;
        await refund(o, reason);
      });

      deps.jobs.defineOutsideTx('stars.gift.send', async ({ orderId }) => {
        const o = await repo.byId(db, orderId);
        if (!o || o.state !== 'paid' || !o.recipient_telegram_id) return;
        if (!(await repo.claimOutside(db, o.id, 'send', now(), { recipientRequired: true }))) return;
        try {
          await api().sendGift(Number(o.recipient_telegram_id), o.item_id, o.gift_text ? { text: o.gift_text } : {});
        } catch (err) {
          const f = botCallFailure(err);
          if (f.kind === 'wait') {
            await repo.releaseOutside(db, o.id, 'send');
            throw new RetryLater(f.ms, 'Telegram asks to wait before sending the gift');
          }
          if (f.kind === 'failed') {
            await repo.releaseOutside(db, o.id, 'send');
            throw err;
          }
          if (f.kind === 'unknown') {
            // it may have gone out: never sent twice; the order stays claimed for a moderator to judge
            log.error({ err, order: o.id }, 'stars: sendGift got no answer; the gift may or may not have been sent');
            return;
          }
          // refused for good (sold out, the user cannot receive gifts): the sender is refunded, both are told
          log.warn({ order: o.id, description: f.description }, 'stars: sendGift refused; refunding the sender');
          await repo.switchOutside(db, o.id, 'send', 'refund', now());
          const refunded = await refund(o, 'gift_failed', true);
          if (refunded !== 'busy' && refunded.state === 'refunded') {
            await tellGiftFailed(refunded, await toWhomOf(o.greeting_id));
          }
          return;
        }
        await writeTx(deps, (trx) => repo.transition(trx, o.id, ['paid'], 'delivered', now(), 'gift_sent'));
        log.info({ order: o.id }, 'stars: gift sent');
      });
    },

    /** The moderator's view of orders. */
    async page(f: Parameters<typeof repo.page>[1]): Promise<{ items: StarsOrderAdmin[]; total: number }> {
      const { total, rows } = await repo.page(db, f);
      const transitions = await repo.transitionsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        items: rows.map((r) => ({
          ...toOrder(r as OrderRow),
          user_id: r.user_id,
          user_name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username || r.login || null,
          telegram_payment_charge_id: r.telegram_payment_charge_id,
          refund_reason: r.refund_reason,
          transitions: transitions
            .filter((t) => t.order_id === r.id)
            .map((t) => ({ from: t.from_state as StarsOrderState | null, to: t.to_state as StarsOrderState, at: t.at, reason: t.reason })),
        })),
      };
    },
  };
  return service;
}

export type StarsOrders = ReturnType<typeof starsOrders>;
