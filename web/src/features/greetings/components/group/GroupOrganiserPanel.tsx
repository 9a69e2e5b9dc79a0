import type { Contribution, Greeting } from '@otkrytka/contract';
import { useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/Dialogs';
import { useToast } from '@/ui/toast';
import { BoltIcon } from '@/ui/icons';
import { useDeleteGreeting } from '../../queries';
import { useContributions, useDeliverGroup, useRemoveContribution } from '../../groupQueries';
import GroupInvitePanel from './GroupInvitePanel';

type Ask = { kind: 'deliver' } | { kind: 'cancel' } | { kind: 'remove'; contribution: Contribution };

/**
 * The organiser's view of their group card, on its page: who signed and what each gave, the
 * invite while it collects, removing a signature (its gift goes back to its author), «Отправить»
 * (deliver now) and cancelling the card (every gift goes back).
 */
export default function GroupOrganiserPanel({ greeting }: { greeting: Greeting }) {
  const { t, i18n } = useTranslation(['groups', 'greetings']);
  const navigate = useNavigate();
  const toast = useToast();
  const group = greeting.group!;
  const collecting = !group.delivered_at;
  const list = useContributions(greeting.id);
  const deliver = useDeliverGroup(greeting.id);
  const remove = useRemoveContribution(greeting.id);
  const cancel = useDeleteGreeting();
  const [ask, setAsk] = useState<Ask | null>(null);
  const items = list.data?.items ?? [];
  const total = list.data?.gift_total ?? group.gift_total;
  const givers = list.data?.givers ?? group.givers;
  const busy = deliver.isPending || remove.isPending || cancel.isPending;

  async function run() {
    if (!ask) return;
    try {
      if (ask.kind === 'deliver') {
        await deliver.mutateAsync();
        toast(t('organiser.delivered'), 'success');
      } else if (ask.kind === 'remove') {
        const res = await remove.mutateAsync(ask.contribution.id);
        toast(res.refunded_energy > 0 ? t('organiser.removedRefunded', { count: res.refunded_energy }) : t('organiser.removed'), 'success');
      } else {
        await cancel.mutateAsync(greeting.id);
        toast(t('organiser.cancelled'), 'success');
        navigate('/congratulations');
      }
      setAsk(null);
    } catch (e) {
      toast(errorMessage(e, t('organiser.actionError')), 'error');
    }
  }

  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4" data-testid="group-organiser">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="font-bold">{t('organiser.title')}</h2>
        <span className="text-sm font-semibold text-muted" data-testid="group-signed-count">
          {t('organiser.signed', { count: list.data?.signed_count ?? group.signed_count })}
        </span>
      </div>
      {total !== null && total > 0 && (
        <p className="text-sm font-semibold">
          <BoltIcon size={16} className="mr-1 inline-block align-[-3px] text-yang" />
          {t('board.gift', { count: total })} · {t('board.givers', { count: givers ?? 0 })}
        </p>
      )}
      {group.expired && <p className="rounded-2xl bg-surface-2 px-3 py-2 text-sm text-muted">{t('organiser.expired')}</p>}
      {!collecting && group.delivered_at && (
        <p className="text-sm text-muted">{t('organiser.deliveredAt', { time: formatTime(group.delivered_at, i18n.language) })}</p>
      )}

      {list.isLoading ? (
        <p className="text-sm text-muted" role="status">
          {t('organiser.loading')}
        </p>
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {errorMessage(list.error, t('organiser.loadError'))}
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('greetings:lists.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-2xl bg-surface-2 px-3 py-3 text-sm text-muted">{t('organiser.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t('organiser.title')}>
          {items.map((c) => (
            <li key={c.id} className="flex items-start gap-3 py-3" data-testid="group-contribution">
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold">
                  {c.from_whom}
                  {c.author && c.author !== c.from_whom && <span className="ml-1.5 text-xs font-normal text-muted">({c.author})</span>}
                </p>
                <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted">{c.message}</p>
                {c.energy !== null && c.energy > 0 && (
                  <p className="mt-1 text-xs font-semibold text-yang-ink">
                    <BoltIcon size={12} className="mr-0.5 inline-block align-[-2px]" />
                    {t('organiser.gift', { count: c.energy })}
                    {c.gift_state && c.gift_state !== 'held' && ` · ${t(`giftState.${c.gift_state}`)}`}
                  </p>
                )}
              </div>
              {collecting && (
                <Button size="sm" variant="ghost" className="shrink-0 !text-danger" onClick={() => setAsk({ kind: 'remove', contribution: c })} aria-label={t('organiser.removeOf', { name: c.from_whom })}>
                  {t('organiser.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {collecting && group.invite && <GroupInvitePanel greetingId={greeting.id} toWhom={greeting.to_whom} invite={group.invite} />}
      {collecting && (
        <div className="grid gap-2">
          <Button size="lg" block onClick={() => setAsk({ kind: 'deliver' })} data-testid="group-deliver">
            {t('organiser.deliver')}
          </Button>
          <Button size="lg" variant="ghost" block className="!text-danger" onClick={() => setAsk({ kind: 'cancel' })}>
            {t('organiser.cancel')}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={!!ask}
        title={ask ? t(`organiser.confirm.${ask.kind}`, { name: ask.kind === 'remove' ? ask.contribution.from_whom : greeting.to_whom }) : ''}
        confirmLabel={ask ? t(`organiser.confirmLabel.${ask.kind}`) : ''}
        cancelLabel={t('greetings:lists.cancel')}
        danger={ask?.kind !== 'deliver'}
        loading={busy}
        onConfirm={() => void run()}
        onClose={() => setAsk(null)}
      >
        {ask && t(`organiser.confirmNote.${ask.kind}`, { count: items.length })}
      </ConfirmDialog>
    </div>
  );
}
