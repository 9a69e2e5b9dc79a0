import type { ReportedPostcard } from '@otkrytka/contract';
import { useRef, useState } from 'react';
import { Link } from '@/router';
import { useTranslation } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { PostcardThumb } from './PostcardThumb';
import { useDismissReports, useModerate, useReportedPostcards } from '../queries';
import { ShieldIcon } from '@/ui/icons';

/** Beyond the spec: open reports grouped by postcard, with their reasons; ban or dismiss from here. */
export function ReportedList() {
  const { t } = useTranslation('moderation');
  const reported = useReportedPostcards(true);
  const list = useRef<HTMLUListElement>(null);
  if (reported.isPending) return <LoadingState text={t('loading')} />;
  if (reported.isError)
    return <ErrorState title={t('loadError')} error={reported.error} onRetry={() => void reported.refetch()} retryLabel={t('retry', { ns: 'common' })} />;
  if (reported.data.items.length === 0) return <EmptyState icon={<ShieldIcon />} title={t('reports.empty')} text={t('reports.emptyText')} />;
  return (
    <ul ref={list} tabIndex={-1} className="flex flex-col gap-3 outline-none" aria-label={t('reports.title')}>
      {reported.data.items.map((item) => (
        // after a ban the dialog closes onto a button that is now off: keep the keyboard in the list
        <ReportedItem key={item.postcard.id} item={item} onBanned={() => requestAnimationFrame(() => list.current?.focus())} />
      ))}
    </ul>
  );
}

function ReportedItem({ item, onBanned }: { item: ReportedPostcard; onBanned: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  const { t: tr } = useTranslation('reports');
  const moderate = useModerate();
  const dismiss = useDismissReports();
  const toast = useToast();
  const [busy, setBusy] = useState<'ban' | 'dismiss' | null>(null);
  const [confirmBan, setConfirmBan] = useState(false);
  const p = item.postcard;
  const state = p.is_banned ? 'banned' : p.is_approved ? 'approved' : 'pending';

  const ban = () => {
    setBusy('ban');
    moderate.mutate(
      { id: p.id, approve: false },
      {
        onSuccess: () => {
          toast(t('reports.bannedToast', { id: p.id }), 'success');
          onBanned();
        },
        onError: () => toast(t('rejectError'), 'error'),
        onSettled: () => {
          setBusy(null);
          setConfirmBan(false);
        },
      },
    );
  };
  const drop = () => {
    setBusy('dismiss');
    dismiss.mutate(p.id, {
      onSuccess: () => toast(t('reports.dismissed'), 'success'),
      onError: () => toast(t('reports.dismissError'), 'error'),
      onSettled: () => setBusy(null),
    });
  };

  return (
    <li className="flex gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card" data-testid="reported-postcard" data-postcard-id={p.id}>
      <Link
        to={`/moderator/${p.id}`}
        className="block aspect-[384/590] w-24 shrink-0 self-start overflow-hidden rounded-xl bg-neutral-950 sm:w-28"
        aria-label={t('card.moderate')}
      >
        <PostcardThumb postcard={p} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 className="font-semibold">
            {t('card.id', { id: p.id })} · <span className="text-danger">{t('reports.count', { count: item.reports_count })}</span>
          </h3>
          <span className="text-xs text-muted">
            {t(`state.${state}`)} · {t('reports.last')}: {formatDateTime(item.last_reported_at, i18n.language)}
          </span>
        </div>
        <ul className="flex flex-wrap gap-1.5">
          {item.reasons.map((r) => (
            <li key={r.reason} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-[13px]">
              {tr(`reasons.${r.reason}`)} <span className="font-semibold">×{r.count}</span>
            </li>
          ))}
        </ul>
        {item.comments.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted">
              {t('reports.comments')} ({item.comments.length})
            </summary>
            <ul className="mt-1 flex flex-col gap-1">
              {item.comments.map((c, i) => (
                <li key={i} className="whitespace-pre-line break-words rounded-lg bg-surface-2 px-2 py-1">
                  {c.comment}
                </li>
              ))}
            </ul>
          </details>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button size="sm" variant="danger" onClick={() => setConfirmBan(true)} loading={busy === 'ban'} disabled={busy !== null || p.is_banned}>
            {t('reports.ban')}
          </Button>
          <Button size="sm" variant="secondary" onClick={drop} loading={busy === 'dismiss'} disabled={busy !== null}>
            {t('reports.dismiss')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmBan}
        title={t('reports.confirmBanTitle', { id: p.id })}
        confirmLabel={t('reports.ban')}
        cancelLabel={t('cancel', { ns: 'common' })}
        danger
        loading={busy === 'ban'}
        onConfirm={ban}
        onClose={() => busy === null && setConfirmBan(false)}
      >
        <p>{t('reports.confirmBanText')}</p>
      </ConfirmDialog>
    </li>
  );
}
