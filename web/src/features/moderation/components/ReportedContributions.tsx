import type { ReportedContribution } from '@otkrytka/contract';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { ShieldIcon } from '@/ui/icons';
import { useModerateContribution, useReportedContributions } from '../contributions';

/** Reported notes of group cards, most reported first: remove one (its gift goes back to its author) or keep it. */
export function ReportedContributions() {
  const { t } = useTranslation(['groups', 'moderation']);
  const reported = useReportedContributions(true);
  if (reported.isPending) return <LoadingState text={t('moderation:loading')} />;
  if (reported.isError)
    return <ErrorState title={t('moderation:loadError')} error={reported.error} onRetry={() => void reported.refetch()} retryLabel={t('retry', { ns: 'common' })} />;
  if (reported.data.items.length === 0) return <EmptyState icon={<ShieldIcon />} title={t('moderation.empty')} text={t('moderation.emptyText')} />;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('moderation.title')}>
      {reported.data.items.map((item) => (
        <Item key={item.contribution.id} item={item} />
      ))}
    </ul>
  );
}

function Item({ item }: { item: ReportedContribution }) {
  const { t, i18n } = useTranslation(['groups', 'moderation']);
  const { t: tr } = useTranslation('reports');
  const toast = useToast();
  const act = useModerateContribution();
  const [confirm, setConfirm] = useState(false);
  const c = item.contribution;

  async function run(action: 'remove' | 'dismiss') {
    try {
      const refunded = await act.mutateAsync({ id: c.id, action });
      toast(
        action === 'dismiss'
          ? t('moderation.kept')
          : refunded > 0
            ? t('moderation.removedRefunded', { count: refunded })
            : t('moderation.removed'),
        'success',
      );
      setConfirm(false);
    } catch (e) {
      toast(errorMessage(e, t('moderation.error')), 'error');
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-card" data-testid="reported-contribution">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">
          {t('moderation.on', { name: item.to_whom })} · <span className="text-danger">{t('moderation:reports.count', { count: item.reports_count })}</span>
        </h3>
        <span className="text-xs text-muted">
          {t('moderation:reports.last')}: {formatDateTime(item.last_reported_at, i18n.language)}
        </span>
      </div>
      <blockquote className="whitespace-pre-line break-words rounded-xl bg-surface-2 px-3 py-2 text-[15px] leading-relaxed">
        {c.message}
        <footer className="mt-1 text-right text-sm font-semibold italic">
          — {c.from_whom}
          {c.author && <span className="ml-1 font-normal not-italic text-muted">({c.author})</span>}
        </footer>
      </blockquote>
      {c.energy > 0 && <p className="text-sm text-muted">{t('moderation.gift', { count: c.energy })}</p>}
      <ul className="flex flex-wrap gap-1.5">
        {item.reasons.map((r) => (
          <li key={r.reason} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-[13px]">
            {tr(`reasons.${r.reason}` as 'reasons.other')} <span className="font-semibold">×{r.count}</span>
          </li>
        ))}
      </ul>
      {item.comments.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted">
            {t('moderation:reports.comments')} ({item.comments.length})
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {item.comments.map((cm, i) => (
              <li key={i} className="whitespace-pre-line break-words rounded-lg bg-surface-2 px-2 py-1">
                {cm.comment}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" variant="danger" onClick={() => setConfirm(true)} disabled={act.isPending}>
          {t('moderation.remove')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void run('dismiss')} loading={act.isPending && act.variables?.action === 'dismiss'} disabled={act.isPending}>
          {t('moderation:reports.dismiss')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('moderation.confirm', { name: c.from_whom })}
        confirmLabel={t('moderation.remove')}
        cancelLabel={t('cancel', { ns: 'common' })}
        danger
        loading={act.isPending}
        onConfirm={() => void run('remove')}
        onClose={() => !act.isPending && setConfirm(false)}
      >
        <p>{t('moderation.confirmText')}</p>
      </ConfirmDialog>
    </li>
  );
}
