import type { Greeting } from '@otkrytka/contract';

/**
 * The done step of a greeting with a Telegram gift: pay its invoice in Stars (`openInvoice`) and
 * say where the payment is; `onPaid` once paid (sharing waits for it).
 */
export default function TelegramGiftPayment(_props: { greeting: Greeting; onPaid: () => void }) {
  return null;
}
