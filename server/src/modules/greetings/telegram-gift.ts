import { ErrorCode, type GreetingTelegramGift, type StarsOrderState } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import type { JobRunner } from '../../jobs/runner';
import { settingsRepo } from '../settings';
import { greetingsRepo } from './repo';
import { GIFT_TEXT_MAX, STARS_TEXTS, starsLang, starsRepo, starsService, telegramBuyer } from '../stars';

/** The job runners whose `stars.order.paid` already releases paid greetings (one subscription per app). */
const subscribed = new WeakSet<JobRunner>();

/** The gift's words: the greeting's text and signature as they fit Telegram's gift text (128 characters). */
export function giftText(g: { greeting: string; from_whom: string }): string {
  const text = g.greeting.trim();
  const signed = g.from_whom.trim() ? `${text}\n— ${g.from_whom.trim()}` : text;
  return [...signed].length <= GIFT_TEXT_MAX ? signed : text;
}

/**
 * The Telegram gift inside a greeting (docs/PRODUCT-RULES.md, Stars): ordered with the greeting,
 * which stays held ('payment') until the order is paid; sent to the Telegram user who accepts it.
 * The greetings service calls these at its own moments; the Stars pipeline does the paying.
 */
export function telegramGifts(deps: Deps) {
  const stars = starsService(deps);

  // paid: the greeting is released to its recipient; a greeting deleted while the payment was on its way is refunded
  if (!subscribed.has(deps.jobs)) {
    subscribed.add(deps.jobs);
    deps.jobs.on('stars.order.paid', 'greetings.release-paid', async (trx, e, job) => {
      if (e.item !== 'telegram_gift' || e.greetingId === null) return;
      if (!(await greetingsRepo.byId(trx, e.greetingId))) return stars.orders.cancel(trx, e.orderId, job.at, 'greeting_deleted');
      await greetingsRepo.release(trx, e.greetingId, 'payment');
    });
    // the Stars jobs name a failed gift's greeting as its sender wrote it (a read of this module's table)
    stars.orders.defineJobs(async (greetingId) => (greetingId ? ((await greetingsRepo.byId(deps.db, greetingId))?.to_whom ?? '') : ''));
  }

  return {
    /**
     * Before creation's transaction: a Telegram sign-in, and the gift on offer (asking Telegram for
     * the list when it is not kept, so that `order` inside the transaction reads the kept one).
     */
    async check(giftId: string, user: AuthUser): Promise<void> {
      await telegramBuyer(deps, user);
      if (!(await stars.gifts.offer(giftId))) throw new AppError(409, ErrorCode.GIFT_UNAVAILABLE, 'This Telegram gift is sold out or no longer offered');
    },

    /** At creation, inside its transaction: orders the gift and holds the greeting until paid. */
    async order(trx: Queryable, g: { id: number; user_id: number; to_whom?: string }, giftId: string, user: AuthUser): Promise<void> {
      const telegramId = await telegramBuyer({ db: trx }, user);
      // the list the wizard has just shown (kept ten minutes): a gift sold out since is refused
      const gift = await stars.gifts.offer(giftId);
      if (!gift) throw new AppError(409, ErrorCode.GIFT_UNAVAILABLE, 'This Telegram gift is sold out or no longer offered');
      const lang = starsLang(await settingsRepo.language(trx, user.id));
      const t = STARS_TEXTS[lang];
      const at = deps.clock.now().toISOString();
      await greetingsRepo.hold(trx, g.id, 'payment');
      await stars.orders.create(
        trx,
        {
          userId: user.id,
          buyerTelegramId: telegramId,
          lang,
          item: 'telegram_gift',
          itemId: gift.id,
          starCount: gift.star_count,
          greetingId: g.id,
          title: t.giftTitle,
          description: t.giftDescription(g.to_whom ?? ''),
        },
        at,
      );
    },

    /** After creation's commit: the invoice to pay (Bot API createInvoiceLink), kept with the order. */
    async invoice(g: { id: number }): Promise<void> {
      const o = await starsRepo.ofGreeting(deps.db, g.id);
      if (o && o.state === 'created' && !o.invoice_url) await stars.orders.invoice(o.id);
    },

    /** What the greeting says of its gift to this reader (null: none). */
    async view(q: Queryable, g: { id: number; user_id: number }, user: AuthUser | null): Promise<GreetingTelegramGift | null> {
      const o = await starsRepo.ofGreeting(q, g.id);
      if (!o) return null;
      const state = o.state as StarsOrderState;
      if (user?.id === g.user_id) {
        const payable = state === 'created' && o.expires_at > deps.clock.now().toISOString();
        return { gift_id: o.item_id, star_count: o.star_count, state, invoice_url: payable ? o.invoice_url : null, order_id: o.id, open_in_telegram: false };
      }
      // a reader who cannot receive it here (no Telegram account behind the session) is sent to Telegram
      const waiting = state === 'paid' && o.recipient_user_id === null;
      const inTelegram = user ? (await starsRepo.telegramIdOf(q, user.id)) !== null : false;
      return { gift_id: o.item_id, star_count: o.star_count, state, invoice_url: null, order_id: null, open_in_telegram: waiting && !inTelegram };
    },

    /** The gift of each of the sender's greetings, for their list: what it is and where its order stands. */
    async listView(q: Queryable, greetingIds: number[]): Promise<Map<number, Pick<GreetingTelegramGift, 'gift_id' | 'star_count' | 'state'>>> {
      const out = new Map<number, Pick<GreetingTelegramGift, 'gift_id' | 'star_count' | 'state'>>();
      // oldest first, so each greeting keeps its newest order
      for (const o of await starsRepo.giftsOfGreetings(q, greetingIds)) {
        if (o.greeting_id !== null) out.set(o.greeting_id, { gift_id: o.item_id, star_count: o.star_count, state: o.state as StarsOrderState });
      }
      return out;
    },

    /**
     * At acceptance, inside its transaction: the gift goes to the first acceptor who has Telegram,
     * once (a durable job). A web acceptor without Telegram leaves it waiting for one who opens the
     * greeting in Telegram.
     */
    async deliver(trx: Queryable, g: { id: number; greeting?: string; from_whom?: string }, acceptorId: number, at: string): Promise<void> {
      const o = await starsRepo.ofGreeting(trx, g.id);
      if (!o || o.state !== 'paid' || o.recipient_user_id !== null) return;
      const telegramId = await starsRepo.telegramIdOf(trx, acceptorId);
      if (!telegramId) return;
      await stars.orders.assignRecipient(trx, o.id, { userId: acceptorId, telegramId, text: giftText({ greeting: g.greeting ?? '', from_whom: g.from_whom ?? '' }) }, at);
    },

    /** The greeting is deleted: an unpaid gift can no longer be paid; a paid one not yet sent is refunded. */
    async cancel(trx: Queryable, g: { id: number }, at: string): Promise<void> {
      const o = await starsRepo.ofGreeting(trx, g.id);
      if (o) await stars.orders.cancel(trx, o.id, at, 'greeting_deleted');
    },
  };
}
