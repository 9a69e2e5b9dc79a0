/**
 * Telegram invoices (payments in Stars): opening an invoice link inside the Mini App and what the
 * client reports when it closes (`invoiceClosed`). Imported only by the screens that sell
 * something, which load on demand inside Telegram: never part of a first load.
 */
import { invoice } from '@telegram-apps/sdk-react';
import { telegramSdk } from './environment';

/**
 * How an invoice closed: `paid` (the client took the payment; the order is paid only when the bot
 * receives `successful_payment`, so read it until it says so), `cancelled` (closed without
 * paying), `failed` (the payment failed), `pending` (still being processed).
 */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';

/**
 * The slug of an invoice link: an https link to Telegram (`t.me`, `telegram.me`) whose path is
 * `invoice/{slug}`, or `${slug}` as the Bot API's createInvoiceLink writes it; null for anything else.
 */
export function invoiceSlug(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || (u.hostname !== 't.me' && u.hostname !== 'telegram.me')) return null;
    return /^\/(?:invoice\/|\$)([A-Za-z0-9_=-]+)$/.exec(u.pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Whether `url` is an invoice link Telegram can open (see `invoiceSlug`). */
export const isInvoiceLink = (url: string): boolean => invoiceSlug(url) !== null;

/** Whether this Telegram client can open invoices (false in a browser). */
export function canOpenInvoice(): boolean {
  return !!telegramSdk() && invoice.open.isAvailable();
}

/**
 * Opens an invoice link in the Telegram client and resolves how it closed. `failed` too when the
 * link is not an invoice link or another invoice is open; null outside Telegram or in a client
 * without invoices (Mini Apps 6.1+).
 */
export async function openTelegramInvoice(url: string): Promise<InvoiceOutcome | null> {
  if (!canOpenInvoice()) return null;
  const slug = invoiceSlug(url);
  if (!slug) {
    console.warn('Telegram invoice: not an invoice link', url);
    return 'failed';
  }
  try {
    const status = await invoice.open(slug);
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  } catch (e) {
    console.warn('Telegram invoice', e);
    return 'failed';
  }
}
