import type { Greeting, GreetingView } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { Button } from '@/ui/Button';
import { useToast } from '@/ui/toast';
import { greetingKeys } from '@/features/greetings/readQueries';
import { TelegramStarIcon } from './icons';
import { starsKeys } from './queries';
import { useInvoicePayment } from './useInvoicePayment';

/** A greeting's gift is paid once the greeting no longer waits for it and its order says paid (or delivered). */
function giftSettled(g: GreetingView): 'paid' | 'lost' | null {
  if (g.sealed || !g.telegram_gift) return null;
  const state = g.telegram_gift.state;
  if (state === 'expired' || state === 'refunded') return 'lost';
  return (state === 'paid' || state === 'delivered') && g.status !== 'awaiting_payment' ? 'paid' : null;
}

/**
 * The done step of a greeting with a Telegram gift: pay its invoice in Stars (`openInvoice`) and
 * say where the payment is; `onPaid` once the greeting confirms it (sharing waits for it).
 * Cancelled or failed: pay again; pending: the greeting is read until the payment lands.
 */
export default function TelegramGiftPayment({ greeting, onPaid }: { greeting: Greeting; onPaid: () => void }) {
  const { t } = useTranslation('stars');
  const qc = useQueryClient();
  const toast = useToast();
  const gift = greeting.telegram_gift;
  const paidCb = useRef(onPaid);
  useEffect(() => {
    paidCb.current = onPaid;
  });
  const { phase, pay, check } = useInvoicePayment({
    key: starsKeys.greeting(greeting.id),
    read: () => api('GET /api/greetings/{id}', { params: { id: greeting.id } }),
    settled: giftSettled,
    onPaid: () => {
      toast(t('payment.paid'), 'success');
      void qc.invalidateQueries({ queryKey: greetingKeys.all });
      paidCb.current();
    },
  });

  // paid already (this step came back after a reload of the answer): nothing to pay
  const alreadyPaid = giftSettled(greeting) === 'paid';
  useEffect(() => {
    if (alreadyPaid) paidCb.current();
  }, [alreadyPaid]);

  if (!gift || alreadyPaid) return null;
  const stars = gift.star_count;
  const lost = phase === 'lost' || gift.state === 'expired' || gift.state === 'refunded';
  const busy = phase === 'opening' || phase === 'confirming' || phase === 'pending' || phase === 'paid';
  const url = gift.invoice_url;

  const note =
    gift.state === 'refunded'
      ? t('payment.refunded')
      : lost
        ? t('payment.expired')
        : phase === 'opening'
          ? t('payment.opening')
          : phase === 'confirming'
            ? t('payment.confirming')
            : phase === 'pending'
              ? t('payment.pending')
              : phase === 'paid'
                ? t('payment.paid')
                : phase === 'cancelled'
                  ? t('payment.cancelled')
                  : phase === 'failed'
                    ? t('payment.failed')
                    : phase === 'slow'
                      ? t('payment.slow')
                      : phase === 'unavailable'
                        ? t('payment.outsideTelegram')
                        : !url
                          ? t('payment.noInvoice')
                          : null;
  const bad = lost || phase === 'failed' || phase === 'unavailable' || (!url && phase === 'idle');

  return (
    <section
      aria-labelledby="telegram-gift-payment-title"
      className="flex w-full max-w-sm flex-col items-center gap-3 rounded-3xl border border-border bg-surface p-5 text-center shadow-card"
      data-testid="telegram-gift-payment"
      data-phase={phase}
    >
      <h2 id="telegram-gift-payment-title" className="text-base font-bold">
        {t('payment.title')}
      </h2>
      <p className="text-sm leading-snug text-muted">{t('payment.text')}</p>
      {note && (
        <p role={bad ? 'alert' : 'status'} className={bad ? 'text-sm font-semibold text-danger-ink' : 'text-sm font-semibold text-text'}>
          {note}
        </p>
      )}
      {phase === 'slow' ? (
        <Button size="lg" block onClick={check}>
          {t('payment.check')}
        </Button>
      ) : (
        !lost &&
        url && (
          <Button size="lg" block loading={busy} onClick={() => void pay(url)} aria-label={t('payment.payLabel', { count: stars })}>
            <span aria-hidden="true" className="inline-flex items-center gap-1.5">
              {t('payment.pay', { count: stars })}
              <TelegramStarIcon size={20} />
            </span>
          </Button>
        )
      )}
    </section>
  );
}
