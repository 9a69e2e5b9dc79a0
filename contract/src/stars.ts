import { z } from 'zod';

/**
 * Telegram Stars: orders paid in Stars (XTR) for a Telegram gift inside a greeting and for energy
 * packs (docs/PRODUCT-RULES.md, Stars). This file holds their routes and shapes; the greeting's
 * own `telegram_gift` field is below.
 */

export const STARS_ORDER_STATES = ['created', 'paid', 'delivered', 'refunded', 'expired'] as const;
export const StarsOrderState = z.enum(STARS_ORDER_STATES);
export type StarsOrderState = z.infer<typeof StarsOrderState>;

/** The Telegram gift of a greeting, as its sender and recipient see it (null: none). */
export const GreetingTelegramGift = z.object({
  /** Telegram's gift id (`getAvailableGifts`) */
  gift_id: z.string(),
  star_count: z.number().int(),
  state: StarsOrderState,
  /** the invoice to pay (`openInvoice`): the sender only, while the order is payable */
  invoice_url: z.string().nullable(),
});
export type GreetingTelegramGift = z.infer<typeof GreetingTelegramGift>;
