import type { ReceivedGreeting } from '@otkrytka/contract';
import { useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { ConfirmDialog } from '@/ui/Dialogs';
import { Badge, GreetingList, GreetingRow, RowAction } from '../components/GreetingList';
import { EyeIcon, HideIcon, PencilIcon } from '../components/icons';
import { ReplySnippet } from '../components/ReplyCard';
import { Thumb } from '../components/PostcardMedia';
import { SignInPrompt } from '../components/SignInPrompt';
import { useReceivedGreetings, useRemoveReceived } from '../queries';

/**
 * /received-greetings: greetings I created that someone accepted ("Доставленные"), grouped by the day
 * they were accepted, each naming who accepted it and when.
 */
export default function ReceivedGreetingsPage() {
  const { t, i18n } = useTranslation('greetings');
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const list = useReceivedGreetings(session.isAuthenticated);
  const remove = useRemoveReceived();
  const [confirm, setConfirm] = useState<ReceivedGreeting | null>(null);

  if (session.loading) return <LoadingState text={t('lists.loading')} />;
  if (!session.isAuthenticated) return <SignInPrompt />;

  async function onRemove(g: ReceivedGreeting) {
    try {
      await remove.mutateAsync(g.id);
      toast(t('lists.removed'), 'success');
      setConfirm(null);
    } catch (e) {
      toast(errorMessage(e, t('lists.deleteError')), 'error');
    }
  }

  const open = (g: ReceivedGreeting) => navigate(`/greeting/${g.greeting_id}?from=received-greetings`);
  return (
    <Page title={t('pages.receivedGreetings')}>
      <GreetingList
        query={list}
        dateOf={(g) => g.received_at}
        errorText={t('lists.loadError')}
        empty={{ title: t('lists.received.empty'), text: t('lists.received.emptyHint') }}
        renderRow={(g) => (
          <GreetingRow
            onOpen={() => open(g)}
            openHint={t('lists.view')}
            actions={
              <>
                <RowAction subject={g.to_whom} label={t('lists.view')} onClick={() => open(g)}>
                  <EyeIcon />
                </RowAction>
                <RowAction subject={g.to_whom} label={t('lists.edit')} onClick={() => navigate(`/edit-greeting/${g.greeting_id}?from=received-greetings`)}>
                  <PencilIcon />
                </RowAction>
                <RowAction subject={g.to_whom} label={t('lists.remove')} danger onClick={() => setConfirm(g)}>
                  <HideIcon />
                </RowAction>
              </>
            }
          >
            <Thumb src={g.preview_36_url} sharp={g.preview_78x101_url} alt="" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{t('lists.to', { name: g.to_whom })}</span>
              <span className="block truncate text-sm text-muted">{t('lists.from', { name: g.from_whom })}</span>
              <span className="mt-1 flex flex-wrap items-center gap-1.5">
                <span className="text-xs text-muted" data-testid="accepted-by">
                  {g.accepted_by
                    ? t('lists.acceptedBy', { name: g.accepted_by, time: formatTime(g.received_at, i18n.language) })
                    : t('lists.receivedAt', { time: formatTime(g.received_at, i18n.language) })}
                </span>
                {g.energy_received > 0 && <Badge tone="success">{t('lists.gift', { count: g.energy_received })}</Badge>}
              </span>
              {g.reply && <ReplySnippet reply={g.reply} />}
            </span>
          </GreetingRow>
        )}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('lists.confirmRemoveReceived')}
        confirmLabel={t('lists.remove')}
        loading={remove.isPending}
        cancelLabel={t('lists.cancel')}
        danger
        onConfirm={() => confirm && void onRemove(confirm)}
        onClose={() => setConfirm(null)}
      />
    </Page>
  );
}
