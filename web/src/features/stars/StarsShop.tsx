import type { EnergyPack, StarsOrder } from '@otkrytka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { useTelegram } from '@/telegram';
import { Button } from '@/ui/Button';
import { SunIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { useToast } from '@/ui/toast';
import { TelegramStarIcon } from './icons';
import { starsKeys, useEnergyPacks, useOrderPack } from './queries';
import { useInvoicePayment } from './useInvoicePayment';

const orderSettled = (o: StarsOrder): 'paid' | 'lost' | null =>
  o.state === 'paid' || o.state === 'delivered' ? 'paid' : o.state === 'expired' || o.state === 'refunded' ? 'lost' : null;

/**
 * The game hub's shop of yang energy packs sold for Stars (inside Telegram only: nothing in a
 * browser). Buying orders the pack, opens its invoice with `openInvoice`, reads the order until the
 * bot has the payment, then the balances are read again (the ledger credits it once).
 */
export default function StarsShop() {
  const { isTelegramApp } = useTelegram();
  return isTelegramApp ? <Shop /> : null;
}

function Shop() {
  const { t } = useTranslation('stars');
  const packs = useEnergyPacks();
  return (
    <section aria-labelledby="stars-shop-title" className="mt-4 rounded-3xl border border-border bg-surface p-4 shadow-card" data-testid="stars-shop">
      <h2 id="stars-shop-title" className="flex items-center gap-1.5 font-bold">
        <TelegramStarIcon size={18} className="text-yang" />
        {t('shop.title')}
      </h2>
      <p className="mt-0.5 text-sm text-muted">{t('shop.intro')}</p>
      {packs.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
          <Spinner size={18} className="text-primary" />
          {t('shop.loading')}
        </p>
      ) : packs.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center">
          <p className="text-sm font-semibold text-danger-ink">{t('shop.error')}</p>
          <p className="text-xs text-muted">{errorMessage(packs.error, '')}</p>
          <Button size="sm" variant="secondary" onClick={() => void packs.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : packs.data.packs.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">{t('shop.empty')}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {packs.data.packs.map((p) => (
            <PackRow key={p.id} pack={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PackRow({ pack }: { pack: EnergyPack }) {
  const { t } = useTranslation('stars');
  const qc = useQueryClient();
  const toast = useToast();
  const order = useOrderPack();
  const [orderId, setOrderId] = useState<number | null>(null);
  const { phase, pay, check } = useInvoicePayment({
    key: starsKeys.order(orderId ?? 0),
    read: () => api('GET /api/stars/orders/{id}', { params: { id: orderId! } }),
    settled: orderSettled,
    onPaid: () => {
      toast(t('shop.paid', { count: pack.yang }), 'success');
      // every balance is read again (the game's queries are all under ['game']; this chunk does not import them)
      void qc.invalidateQueries({ queryKey: ['game'] });
    },
  });
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    setError(null);
    try {
      const invoice = await order.mutateAsync(pack.id);
      setOrderId(invoice.order_id);
      await pay(invoice.invoice_url);
    } catch (e) {
      setError(errorMessage(e, t('shop.orderError')));
    }
  }

  const busy = order.isPending || phase === 'opening' || phase === 'confirming' || phase === 'pending';
  const note =
    error ??
    {
      idle: null,
      opening: null,
      confirming: t('shop.confirming'),
      pending: t('shop.pending'),
      slow: t('shop.slow'),
      paid: t('shop.paid', { count: pack.yang }),
      cancelled: t('shop.cancelled'),
      failed: t('shop.failed'),
      lost: t('shop.lost'),
      unavailable: t('payment.outsideTelegram'),
    }[phase];
  const bad = !!error || phase === 'failed' || phase === 'lost' || phase === 'unavailable';
  const stars = t('stars', { count: pack.star_count });

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-surface-2 p-3" data-testid="stars-pack" data-phase={phase}>
      <span className="flex items-center gap-1.5 text-lg font-black tabular-nums">
        <SunIcon size={20} className="text-yang" />
        {t('shop.yang', { count: pack.yang })}
      </span>
      {phase === 'slow' ? (
        <Button size="sm" variant="secondary" onClick={check}>
          {t('shop.check')}
        </Button>
      ) : (
        <Button size="sm" loading={busy} onClick={() => void buy()} aria-label={t('shop.buyLabel', { yang: pack.yang, stars })}>
          <span aria-hidden="true" className="inline-flex items-center gap-1">
            {t('shop.buy', { count: pack.star_count })}
            <TelegramStarIcon size={15} />
          </span>
        </Button>
      )}
      {note && (
        <p role={bad ? 'alert' : 'status'} className={bad ? 'text-xs font-semibold text-danger-ink' : 'text-xs font-semibold text-muted'}>
          {note}
        </p>
      )}
    </li>
  );
}
