import type { StarsOrderAdmin, StarsOrderState } from '@otkrytka/contract';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Button, IconButton } from '@/ui/Button';
import { Chip, ChipRow } from '@/ui/Chip';
import { cx } from '@/ui/cx';
import { TextArea } from '@/ui/FormField';
import { Modal } from '@/ui/Modal';
import { Page, useDocumentTitle } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState, MoreFailed } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { SignInLink } from '@/features/auth/SignInLink';
import { ShieldIcon } from '@/ui/icons';
import { TelegramStarIcon } from './icons';
import { StarsPrice } from './parts';
import { useAdminOrders, useRefundOrder } from './queries';

const REASON_MAX = 500;

const TONE: Record<StarsOrderState, string> = {
  created: 'bg-accent-soft text-accent-strong',
  paid: 'bg-yang/15 text-yang-ink',
  delivered: 'bg-success/15 text-success-ink',
  refunded: 'bg-surface-2 text-muted',
  expired: 'bg-surface-2 text-muted',
};
/** Every state, in an order's life's order (the record above names each one). */
const STATES = Object.keys(TONE) as StarsOrderState[];

/** Only a paid order can be refunded (a delivered one stays with its buyer; the server answers 409 otherwise). */
export const refundable = (o: Pick<StarsOrderAdmin, 'state'>): boolean => o.state === 'paid';

/** The moderators' Stars orders (behind StarsOrdersPage, loaded apart): filtered by state, with a refund (confirmed, with a reason). */
export default function StarsOrders() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  const denied = !session.loading && !session.user?.is_moderator;
  // the tab says so too, as every page names itself
  useDocumentTitle(denied ? t('accessDenied') : undefined);
  // the server refuses every call of a non-moderator too; a visitor may be the moderator not signed in yet
  if (session.loading) return <LoadingState text={t('loading')} />;
  if (!session.user?.is_moderator)
    return (
      <div data-testid="stars-orders-denied">
        <EmptyState icon={<ShieldIcon />} title={t('accessDenied')} text={session.user ? undefined : t('signInHint')} action={session.user ? undefined : <SignInLink />} />
      </div>
    );
  return <Orders />;
}

function Orders() {
  const { t } = useTranslation('stars');
  const [state, setState] = useState<StarsOrderState | null>(null);
  const orders = useAdminOrders(state);
  const [refunding, setRefunding] = useState<StarsOrderAdmin | null>(null);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;

  return (
    <Page
      title={t('orders.title')}
      wide
      actions={
        <IconButton label={t('orders.refresh')} onClick={() => void orders.refetch()} disabled={orders.isFetching} className="border border-border bg-surface">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className={cx(orders.isFetching && 'animate-spin')}>
            <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </IconButton>
      }
    >
      <ChipRow label={t('orders.filter')} className="mb-4">
        <Chip selected={state === null} onClick={() => setState(null)}>
          {t('orders.all')}
        </Chip>
        {STATES.map((s) => (
          <Chip key={s} selected={state === s} onClick={() => setState(s)}>
            {t(`orders.states.${s}`)}
          </Chip>
        ))}
      </ChipRow>
      {orders.isPending ? (
        <LoadingState text={t('orders.loading')} />
      ) : orders.isError && items.length === 0 ? (
        <ErrorState title={t('orders.error')} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<TelegramStarIcon />} title={t('orders.empty')} />
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t('orders.total', { count: total })}
          </p>
          <ul className="grid gap-3 md:grid-cols-2" data-testid="stars-orders">
            {items.map((o) => (
              <OrderCard key={o.id} order={o} onRefund={() => setRefunding(o)} />
            ))}
          </ul>
          {orders.isFetchNextPageError ? (
            <MoreFailed onRetry={() => void orders.fetchNextPage()} error={orders.error} />
          ) : (
            orders.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
                  {t('orders.more')}
                </Button>
              </div>
            )
          )}
        </>
      )}
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </Page>
  );
}

function OrderCard({ order, onRefund }: { order: StarsOrderAdmin; onRefund: () => void }) {
  const { t, i18n } = useTranslation('stars');
  const when = (iso: string) => formatTime(iso, i18n.language);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-card" data-testid="stars-order" data-state={order.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-bold">{t('orders.number', { id: order.id })}</h2>
        <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-bold', TONE[order.state])}>{t(`state.${order.state}`)}</span>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className="font-semibold">{t(`orders.item.${order.item}`)}</span>
        <span className="text-muted">{order.item_id}</span>
        <StarsPrice count={order.star_count} className="font-bold" />
      </p>
      <dl className="grid gap-x-3 gap-y-1 text-sm" style={{ gridTemplateColumns: 'auto 1fr' }}>
        <dt className="text-muted">{t('orders.buyer')}</dt>
        <dd className="min-w-0 break-words">
          {order.user_name ?? '—'} <span className="text-muted">#{order.user_id}</span>
        </dd>
        <dt className="text-muted">{t('orders.created')}</dt>
        <dd>{when(order.created_at)}</dd>
        {order.greeting_id !== null && (
          <>
            <dt className="text-muted">{t('orders.greeting')}</dt>
            <dd>{t('orders.greetingNumber', { id: order.greeting_id })}</dd>
          </>
        )}
        {order.telegram_payment_charge_id && (
          <>
            <dt className="text-muted">{t('orders.charge')}</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{order.telegram_payment_charge_id}</dd>
          </>
        )}
        {order.refund_reason && (
          <>
            <dt className="text-muted">{t('orders.refundReason')}</dt>
            <dd className="min-w-0 break-words">{order.refund_reason}</dd>
          </>
        )}
      </dl>
      {order.transitions.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-muted">{t('orders.history')}</summary>
          <ol className="mt-1 grid gap-0.5">
            {order.transitions.map((s, i) => (
              <li key={i} className="flex flex-wrap gap-x-2">
                <span className="tabular-nums text-muted">{when(s.at)}</span>
                <span>
                  {s.from ? `${t(`state.${s.from}`)} → ` : ''}
                  {t(`state.${s.to}`)}
                </span>
                {s.reason && <span className="text-muted">({reasonText(t, s.reason)})</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
      {refundable(order) && (
        <div className="flex justify-end">
          <Button size="sm" variant="secondary" onClick={onRefund}>
            {t('orders.refund')}
          </Button>
        </div>
      )}
    </li>
  );
}

const REASONS = ['payment', 'delivered', 'expired', 'gift_failed', 'not_accepted', 'greeting_deleted', 'moderator'] as const;
/** A transition's reason in words (a moderator's refund: `moderator: <their reason>`); one this page does not know yet is shown as the server wrote it. */
function reasonText(t: ReturnType<typeof useTranslation<'stars'>>['t'], reason: string): string {
  const [kind, ...rest] = reason.split(':');
  if (!(REASONS as readonly string[]).includes(kind!)) return reason;
  const words = t(`orders.reasons.${kind as (typeof REASONS)[number]}`);
  return rest.length ? `${words}:${rest.join(':')}` : words;
}

function RefundDialog({ order, onClose }: { order: StarsOrderAdmin | null; onClose: () => void }) {
  const { t } = useTranslation('stars');
  const toast = useToast();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (refund.isPending) return;
    setReason('');
    setProblem(null);
    onClose();
  };

  async function confirm() {
    if (!order) return;
    const why = reason.trim();
    if (!why) return setProblem(t('orders.reasonRequired'));
    setProblem(null);
    try {
      await refund.mutateAsync({ id: order.id, reason: why });
      toast(t('orders.refunded'), 'success');
      setReason('');
      onClose();
    } catch (e) {
      setProblem(errorMessage(e, t('orders.refundError')));
    }
  }

  return (
    <Modal open={!!order} onClose={close} closable={!refund.isPending} title={order ? t('orders.refundTitle', { id: order.id, stars: t('stars', { count: order.star_count }) }) : ''}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <p className="text-[15px] leading-relaxed text-muted">{t('orders.refundText')}</p>
        <TextArea
          label={t('orders.reason')}
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          aria-required="true"
          onChange={(e) => setReason(e.target.value)}
          error={problem}
          placeholder={t('orders.reasonHint')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={refund.isPending}>
            {t('orders.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={refund.isPending}>
            {t('orders.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
