import { z } from 'zod';
import { defineRoutes } from './route';
import { Id, IdParams, QueryCount } from './common';

/**
 * Telegram Stars: orders paid in Stars (XTR) for a Telegram gift inside a greeting and for energy
 * packs (docs/PRODUCT-RULES.md, Stars). This file holds their routes and shapes; the greeting's
 * own `telegram_gift` field is below.
 *
 * Every route here except the moderator's answers 403 `TELEGRAM_ONLY` unless the session is a
 * Telegram sign-in (the Mini App). Paying happens in Telegram: the Mini App opens `invoice_url`
 * with `openInvoice`; the order is paid only when the bot receives the payment, so after
 * `invoiceClosed: paid` the client reads the order (`GET /api/stars/orders/{id}`) or the greeting
 * until its state is no longer `created`.
 */

export const STARS_ORDER_STATES = ['created', 'paid', 'delivered', 'refunded', 'expired'] as const;
export const StarsOrderState = z.enum(STARS_ORDER_STATES);
export type StarsOrderState = z.infer<typeof StarsOrderState>;

/** What an order buys: a Telegram gift inside a greeting, or a pack of yang energy. */
export const STARS_ITEM_KINDS = ['telegram_gift', 'energy_pack'] as const;
export const StarsItemKind = z.enum(STARS_ITEM_KINDS);
export type StarsItemKind = z.infer<typeof StarsItemKind>;

/** The Telegram gift of a greeting, as its sender and recipient see it (null: none). */
export const GreetingTelegramGift = z.object({
  /** Telegram's gift id (`getAvailableGifts`) */
  gift_id: z.string(),
  star_count: z.number().int(),
  state: StarsOrderState,
  /** the invoice to pay (`openInvoice`): the sender only, while the order is payable */
  invoice_url: z.string().nullable(),
  /** the sender's order (its id for `GET /api/stars/orders/{id}`); null for anyone else */
  order_id: z.number().int().nullable().optional(),
  /**
   * the reader accepted (or may accept) the greeting but the gift cannot reach them outside
   * Telegram: show «open it in Telegram to receive the gift». Only for a recipient, never the sender.
   */
  open_in_telegram: z.boolean().optional(),
});
export type GreetingTelegramGift = z.infer<typeof GreetingTelegramGift>;

/** One Telegram gift on offer (`getAvailableGifts`, cached; sold-out limited gifts are left out). */
export const TelegramGiftOffer = z.object({
  /** what `telegram_gift_id` of POST /api/greetings takes */
  id: z.string(),
  /** its price in Stars (what the sender pays) */
  star_count: z.number().int(),
  /** the sticker's emoji */
  emoji: z.string().nullable(),
  /**
   * a still preview of the sticker (webp or jpeg, served by us: `/api/stars/gifts/{id}/preview`,
   * public, cached); null when Telegram gave no thumbnail
   */
  preview_url: z.string().nullable(),
  /** a limited gift: how many are left and were made; null for an unlimited one */
  remaining_count: z.number().int().nullable(),
  total_count: z.number().int().nullable(),
});
export type TelegramGiftOffer = z.infer<typeof TelegramGiftOffer>;

export const TelegramGiftOffers = z.object({
  /** cheapest first */
  gifts: z.array(TelegramGiftOffer),
  /** the longest text a gift carries (the sender's words are cut to it) */
  text_limit: z.number().int(),
});
export type TelegramGiftOffers = z.infer<typeof TelegramGiftOffers>;

/** A pack of yang energy sold for Stars (sizes and prices are data kept by the server, not code). */
export const EnergyPack = z.object({
  /** its id in `POST /api/stars/packs/{id}/order` (`yang-100`) */
  id: z.string(),
  /** yang credited when paid */
  yang: z.number().int(),
  star_count: z.number().int(),
});
export type EnergyPack = z.infer<typeof EnergyPack>;

export const EnergyPacks = z.object({ packs: z.array(EnergyPack) });
export type EnergyPacks = z.infer<typeof EnergyPacks>;

export const EnergyPackParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,32}$/) });

/** A new order and its invoice (open it with the Mini App's `openInvoice`). */
export const StarsInvoice = z.object({
  order_id: z.number().int(),
  /** `https://t.me/$…` invoice link (Bot API createInvoiceLink) */
  invoice_url: z.string(),
});
export type StarsInvoice = z.infer<typeof StarsInvoice>;

/** One step of an order's life, in order. */
export const StarsOrderTransition = z.object({
  /** null for the order's creation */
  from: StarsOrderState.nullable(),
  to: StarsOrderState,
  at: z.string(),
  /** why: `payment`, `delivered`, `expired`, `gift_failed`, `not_accepted`, `greeting_deleted`, `moderator`, … */
  reason: z.string().nullable(),
});
export type StarsOrderTransition = z.infer<typeof StarsOrderTransition>;

/** An order as its buyer sees it. */
export const StarsOrder = z.object({
  id: z.number().int(),
  item: StarsItemKind,
  /** the Telegram gift's id or the pack's id */
  item_id: z.string(),
  /** the greeting a Telegram gift is inside (null for a pack) */
  greeting_id: z.number().int().nullable(),
  star_count: z.number().int(),
  state: StarsOrderState,
  /** while payable only */
  invoice_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StarsOrder = z.infer<typeof StarsOrder>;

/** An order as a moderator sees it. */
export const StarsOrderAdmin = StarsOrder.extend({
  user_id: z.number().int(),
  /** the buyer's display name */
  user_name: z.string().nullable(),
  /** Telegram's id of the payment (refunds are made with it); null until paid */
  telegram_payment_charge_id: z.string().nullable(),
  /** the reason given for a refund */
  refund_reason: z.string().nullable(),
  transitions: z.array(StarsOrderTransition),
});
export type StarsOrderAdmin = z.infer<typeof StarsOrderAdmin>;

export const StarsOrdersQuery = z.object({
  state: StarsOrderState.optional(),
  item: StarsItemKind.optional(),
  user_id: Id.optional(),
  /** orders created on or after / before these moments (ISO) */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  offset: QueryCount.default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const StarsOrdersPage = z.object({
  /** newest first */
  items: z.array(StarsOrderAdmin),
  total: z.number().int(),
});
export type StarsOrdersPage = z.infer<typeof StarsOrdersPage>;

export const StarsRefundBody = z.object({ reason: z.string().trim().min(1).max(500) });
export type StarsRefundBody = z.input<typeof StarsRefundBody>;

export const starsRoutes = defineRoutes({
  'GET /api/stars/gifts': {
    access: 'user',
    summary: 'The Telegram gifts a greeting may carry (cached getAvailableGifts, sold-out limited ones left out); Telegram sign-in only (403 TELEGRAM_ONLY)',
    response: TelegramGiftOffers,
  },
  'GET /api/stars/packs': {
    access: 'user',
    summary: 'The yang energy packs sold for Stars; Telegram sign-in only (403 TELEGRAM_ONLY)',
    response: EnergyPacks,
  },
  'POST /api/stars/packs/{id}/order': {
    access: 'user',
    summary: 'Orders an energy pack: the order and its Stars invoice link (404: no such pack); Telegram sign-in only (403 TELEGRAM_ONLY)',
    params: EnergyPackParams,
    status: 201,
    response: StarsInvoice,
  },
  'GET /api/stars/orders/{id}': {
    access: 'user',
    summary: "One of my orders (404 for anyone else's): read after invoiceClosed until it is paid; Telegram sign-in only (403 TELEGRAM_ONLY)",
    params: IdParams,
    response: StarsOrder,
  },
  'GET /api/stars/admin/orders': {
    access: 'moderator',
    summary: 'Stars orders with their history, newest first, filtered by state, item, buyer and time',
    query: StarsOrdersQuery,
    response: StarsOrdersPage,
  },
  'POST /api/stars/admin/orders/{id}/refund': {
    access: 'moderator',
    summary: 'Refunds a paid order through Telegram (refundStarPayment), with the reason recorded (409 CONFLICT: not paid, or delivered as a Telegram gift already; 503 TELEGRAM_UNAVAILABLE: Telegram refused)',
    params: IdParams,
    body: StarsRefundBody,
    response: StarsOrderAdmin,
  },
});
