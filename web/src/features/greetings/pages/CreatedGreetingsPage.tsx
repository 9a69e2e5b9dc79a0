import type { CreatedGreeting } from '@otkrytka/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { ConfirmDialog } from '@/ui/Dialogs';
import { Badge, GreetingList, GreetingRow, RowAction } from '../components/GreetingList';
import { EyeIcon, PencilIcon, ShareIcon, TrashIcon } from '../components/icons';
import { Thumb } from '../components/PostcardMedia';
import { useShareGreeting } from '../components/ShareSheet';
import { ReplySnippet } from '../components/ReplyCard';
import { SignInPrompt } from '../components/SignInPrompt';
import { OpenCount, StatusChip } from '../components/StatusChip';
import { useCreatedGreetings, useDeleteGreeting } from '../queries';
import { greetingPageUrl } from '../share';
import { ListsTabs } from '../components/group/ListsTabs';

// a Telegram gift's state («оплачен», «вручён», «возвращён»): loaded only for a row that has one
const TelegramGiftBadge = lazy(() => import('@/features/stars/TelegramGiftBadge'));

/** /congratulations: the greetings I created, grouped by creation day. */
export default function CreatedGreetingsPage() {
  const { t, i18n } = useTranslation(['greetings', 'groups']);
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const list = useCreatedGreetings(session.isAuthenticated);
  const remove = useDeleteGreeting();
  const [confirm, setConfirm] = useState<CreatedGreeting | null>(null);
  const { share, element: shareSheet } = useShareGreeting();

  if (session.loading) return <LoadingState text={t('lists.loading')} />;
  if (!session.isAuthenticated) return <SignInPrompt />;

  async function onDelete(g: CreatedGreeting) {
    try {
      const res = await remove.mutateAsync(g.id);
      toast(res.refunded_energy > 0 ? t('lists.refunded', { count: res.refunded_energy }) : t('lists.deleted'), 'success');
      setConfirm(null);
    } catch (e) {
      toast(errorMessage(e, t('lists.deleteError')), 'error');
    }
  }

  const open = (g: CreatedGreeting) => navigate(`/greeting/${g.id}?from=congratulations`);
  return (
    <Page title={t('pages.congratulations')}>
      <ListsTabs />
      <GreetingList
        query={list}
        dateOf={(g) => g.created_at}
        errorText={t('lists.loadError')}
        empty={{
          title: t('lists.created.empty'),
          text: t('lists.created.emptyHint'),
          action: <Button onClick={() => navigate('/gallery')}>{t('lists.toGallery')}</Button>,
        }}
        renderRow={(g) => (
          <GreetingRow
            onOpen={() => open(g)}
            openHint={t('lists.view')}
            actions={
              <>
                <RowAction subject={g.to_whom} label={t('lists.view')} onClick={() => open(g)}>
                  <EyeIcon />
                </RowAction>
                {/* a group card still collecting reaches nobody by its link: its invite is on its page */}
                {!(g.group && !g.group.delivered_at) && (
                  <RowAction subject={g.to_whom} label={t('lists.share')} onClick={() => void share(greetingPageUrl(g.id, i18n.language), t('wizard.shareText'), { telegramUrl: g.telegram_url })}>
                    <ShareIcon />
                  </RowAction>
                )}
                <RowAction subject={g.to_whom} label={t('lists.edit')} onClick={() => navigate(`/edit-greeting/${g.id}?from=congratulations`)}>
                  <PencilIcon />
                </RowAction>
                <RowAction subject={g.to_whom} label={t('lists.delete')} danger onClick={() => setConfirm(g)}>
                  <TrashIcon />
                </RowAction>
              </>
            }
          >
            <Thumb src={g.preview_36_url} sharp={g.preview_78x101_url} alt="" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{t('lists.to', { name: g.to_whom })}</span>
              <span className="block truncate text-sm text-muted">{g.greeting}</span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <StatusChip greeting={g} />
                <OpenCount count={g.open_count} className="text-muted" />
              </span>
              {g.reply && <ReplySnippet reply={g.reply} />}
              <span className="mt-1 flex flex-wrap items-center gap-1.5">
                <span className="text-xs text-muted">{t('lists.createdAt', { time: formatTime(g.created_at, i18n.language) })}</span>
                {g.energy > 0 && (
                  <Badge tone={g.gift_claimed ? 'success' : 'yang'}>
                    {t('lists.gift', { count: g.energy })} · {g.gift_claimed ? t('lists.giftTaken') : t('lists.giftWaiting')}
                  </Badge>
                )}
                {g.telegram_gift && (
                  <Suspense fallback={null}>
                    <TelegramGiftBadge gift={g.telegram_gift} />
                  </Suspense>
                )}
                {g.accepted_count > 0 && <Badge>{t('lists.acceptedCount', { count: g.accepted_count })}</Badge>}
                {g.group && <Badge>{t('groups:created.signed', { count: g.group.signed_count })}</Badge>}
              </span>
              {g.group && g.group.signers.length > 0 && (
                <span className="mt-1 block truncate text-xs text-muted" data-testid="created-signers">
                  {t('groups:created.signers', { names: g.group.signers.join(', ') })}
                </span>
              )}
            </span>
          </GreetingRow>
        )}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('lists.confirmDelete')}
        confirmLabel={t('lists.delete')}
        loading={remove.isPending}
        cancelLabel={t('lists.cancel')}
        danger
        onConfirm={() => confirm && void onDelete(confirm)}
        onClose={() => setConfirm(null)}
      >
        {/* the spec's question, and what it means for someone who already has it */}
        {confirm?.accepted_at && t('lists.confirmDeleteAcceptedNote')}
      </ConfirmDialog>
      {shareSheet}
    </Page>
  );
}
