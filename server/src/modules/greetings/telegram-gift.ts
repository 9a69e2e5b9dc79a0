import type { GreetingTelegramGift } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import type { AuthUser } from '../../http/routes';

/**
 * The Telegram gift inside a greeting (docs/PRODUCT-RULES.md, Stars): ordered with the greeting,
 * which stays held ('payment') until the order is paid; sent to the Telegram user who accepts it.
 * The greetings service calls these at its own moments; the Stars pipeline does the paying.
 */
export function telegramGifts(_deps: Deps) {
  return {
    /** At creation, inside its transaction: orders the gift and holds the greeting until paid. */
    async order(_trx: Queryable, _g: { id: number; user_id: number }, _giftId: string, _user: AuthUser): Promise<void> {},
    /** After creation's commit: the invoice to pay (Bot API createInvoiceLink), kept with the order. */
    async invoice(_g: { id: number }): Promise<void> {},
    /** What the greeting says of its gift to this reader (null: none). */
    async view(_q: Queryable, _g: { id: number; user_id: number }, _user: AuthUser | null): Promise<GreetingTelegramGift | null> {
      return null;
    },
    /** At acceptance, inside its transaction: the gift goes to the acceptor once (a durable job). */
    async deliver(_trx: Queryable, _g: { id: number }, _acceptorId: number, _at: string): Promise<void> {},
    /** The greeting is deleted: an unsent gift is refunded. */
    async cancel(_trx: Queryable, _g: { id: number }, _at: string): Promise<void> {},
  };
}
