import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { haptic } from '@/telegram';
import { openTelegramInvoice } from '@/telegram/invoice';

/**
 * Where a payment in Stars is: `idle` (not started), `opening` (the invoice is open in Telegram),
 * `confirming` (Telegram said paid; the order is read until the bot has the payment), `pending`
 * (Telegram is still processing it; read too), `slow` (read for a minute without an answer),
 * `paid`, `cancelled`, `failed` (both may pay again), `lost` (the order expired or was refunded),
 * `unavailable` (no Telegram here to pay in).
 */
export type PayPhase = 'idle' | 'opening' | 'confirming' | 'pending' | 'slow' | 'paid' | 'cancelled' | 'failed' | 'lost' | 'unavailable';

/** How often the order is read while its payment is awaited, and for how long before `slow`. */
export const CONFIRM_EVERY_MS = 1500;
export const CONFIRM_FOR_MS = 60_000;

/**
 * Pays an invoice in Stars and waits for the order to confirm it: `pay(url)` opens the invoice with
 * `openInvoice`; after `invoiceClosed: paid` (or `pending`) `read` is called every 1.5 s until
 * `settled` says `paid` (then `onPaid`) or `lost`. An order is paid only when the bot receives the
 * payment (docs/PRODUCT-RULES.md, Stars), never on the client's word.
 */
export function useInvoicePayment<T>({
  key,
  read,
  settled,
  onPaid,
}: {
  key: QueryKey;
  read: () => Promise<T>;
  /** `paid`: done; `lost`: expired or refunded; null: still awaiting the payment */
  settled: (v: T) => 'paid' | 'lost' | null;
  onPaid: (v: T) => void;
}) {
  const [phase, setPhase] = useState<PayPhase>('idle');
  const waiting = phase === 'confirming' || phase === 'pending';
  const paidCb = useRef(onPaid);
  const settledCb = useRef(settled);
  useEffect(() => {
    paidCb.current = onPaid;
    settledCb.current = settled;
  });

  const order = useQuery({ queryKey: key, queryFn: read, enabled: waiting, refetchInterval: CONFIRM_EVERY_MS, staleTime: 0, gcTime: 0, retry: 2 });

  // what the order says while its payment is awaited
  const data = order.data;
  const updatedAt = order.dataUpdatedAt;
  useEffect(() => {
    if (!waiting || data === undefined) return;
    const s = settledCb.current(data);
    if (s === 'paid') {
      setPhase('paid');
      haptic('success');
      paidCb.current(data);
    } else if (s === 'lost') {
      setPhase('lost');
      haptic('error');
    }
  }, [waiting, data, updatedAt]);

  // read for a minute, then say it is slow and offer to check again
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setPhase('slow'), CONFIRM_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const pay = useCallback(async (url: string) => {
    setPhase('opening');
    const outcome = await openTelegramInvoice(url);
    if (outcome === null) return setPhase('unavailable');
    if (outcome === 'paid') return setPhase('confirming');
    if (outcome === 'pending') return setPhase('pending');
    haptic(outcome === 'failed' ? 'error' : 'warning');
    setPhase(outcome);
  }, []);

  const check = useCallback(() => setPhase('confirming'), []);
  const reset = useCallback(() => setPhase('idle'), []);

  return { phase, pay, check, reset, error: order.error };
}
