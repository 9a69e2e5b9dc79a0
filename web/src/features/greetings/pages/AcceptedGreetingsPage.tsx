import type { AcceptedGreeting } from '@otkrytka/contract';
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
import { TrashIcon } from '../components/icons';
import { Thumb } from '../components/PostcardMedia';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAcceptedGreetings, useRemoveAccepted } from '../queries';

/** /accepted-greetings ("🎁 Мои подарки"): greetings I accepted, newest first, by day of acceptance. */
export default function AcceptedGreetingsPage() {
  const { t, i18n } = useTranslation('greetings');
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const list = useAcceptedGreetings(session.isAuthenticated);
  const remove = useRemoveAccepted();
  const [confirm, setConfirm] = useState<AcceptedGreeting | null>(null);

  if (session.loading) return <LoadingState text={t('lists.loading')} />;
  if (!session.isAuthenticated) return <SignInPrompt />;

  async function onDelete(g: AcceptedGreeting) {
    try {
      await remove.mutateAsync(g.id);
      toast(t('lists.deleted'), 'success');
      setConfirm(null);
    } catch (e) {
      toast(errorMessage(e, t('lists.deleteAcceptedError')), 'error');
    }
  }

  return (
    <Page title={t('pages.acceptedGreetings')}>
      <GreetingList
        query={list}
        dateOf={(g) => g.accepted_at}
        errorText={t('lists.loadAcceptedError')}
        empty={{ title: t('lists.accepted.empty'), text: t('lists.accepted.emptyHint') }}
        renderRow={(g) => (
          <GreetingRow
            onOpen={() => navigate(`/greeting/${g.greeting_id}?view=true&from=accepted-greetings`)}
            openHint={t('lists.view')}
            actions={
              <RowAction subject={g.to_whom} label={t('lists.delete')} danger onClick={() => setConfirm(g)}>
                <TrashIcon />
              </RowAction>
            }
          >
            <Thumb src={g.preview_36_url} sharp={g.preview_78x101_url} alt="" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{g.to_whom}</span>
              <span className="block truncate text-sm text-muted">{t('lists.from', { name: g.from_whom })}</span>
              <span className="mt-1 flex flex-wrap items-center gap-1.5">
                <span className="text-xs text-muted">{t('lists.acceptedAt', { time: formatTime(g.accepted_at, i18n.language) })}</span>
                {g.energy_received > 0 && <Badge tone="yang">{t('lists.gift', { count: g.energy_received })}</Badge>}
              </span>
            </span>
          </GreetingRow>
        )}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('lists.confirmDeleteAccepted')}
        confirmLabel={t('lists.delete')}
        loading={remove.isPending}
        cancelLabel={t('lists.cancel')}
        danger
        onConfirm={() => confirm && void onDelete(confirm)}
        onClose={() => setConfirm(null)}
      />
    </Page>
  );
}
