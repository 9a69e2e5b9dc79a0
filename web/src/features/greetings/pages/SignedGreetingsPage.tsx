import type { SignedGreeting } from '@otkrytka/contract';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { useSession } from '@/features/auth/session';
import { Badge, GreetingList, GreetingRow } from '../components/GreetingList';
import { Thumb } from '../components/PostcardMedia';
import { SignInPrompt } from '../components/SignInPrompt';
import { StatusChip } from '../components/StatusChip';
import { ListsTabs } from '../components/group/ListsTabs';
import { useSignedGreetings } from '../groupQueries';

/**
 * «Подписанные» (/signed-greetings): the group cards I signed, newest signature first, each with its
 * status and my note; a delivered card opens as the greeting, one still collecting shows its status only.
 */
export default function SignedGreetingsPage() {
  const { t, i18n } = useTranslation(['groups', 'greetings']);
  const navigate = useNavigate();
  const session = useSession();
  const list = useSignedGreetings(session.isAuthenticated);

  if (session.loading) return <LoadingState text={t('greetings:lists.loading')} />;
  if (!session.isAuthenticated) return <SignInPrompt />;

  // the card itself once it reached its recipient; before, its join page
  const target = (g: SignedGreeting) => (g.delivered_at ? `/greeting/${g.greeting_id}?view=true&from=signed-greetings` : g.join_path);
  return (
    // the page of «Мои поздравления» whose second tab this is
    <Page title={t('tabs.label')}>
      <ListsTabs />
      <GreetingList
        query={list}
        dateOf={(g) => g.signed_at}
        errorText={t('signed.loadError')}
        empty={{
          title: t('signed.empty'),
          text: t('signed.emptyHint'),
          action: <Button onClick={() => navigate('/gallery')}>{t('greetings:lists.toGallery')}</Button>,
        }}
        renderRow={(g) => {
          const to = target(g);
          const body = (
            <>
            <Thumb src={g.preview_36_url} sharp={g.preview_78x101_url} alt="" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{t('greetings:lists.to', { name: g.to_whom })}</span>
              <span className="block truncate text-sm text-muted">{t('signed.organiser', { name: g.organiser })}</span>
              <span className="mt-1 block truncate text-sm italic">«{g.message}» — {g.from_whom}</span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <StatusChip greeting={{ status: g.status, created_at: g.signed_at, opens_at: null, opens_tz: null, opened_at: g.delivered_at, accepted_at: g.accepted_at }} />
                {g.energy > 0 && (
                  <Badge tone={g.gift_state === 'paid' ? 'success' : 'yang'}>
                    {t('organiser.gift', { count: g.energy })} · {t(`giftState.${g.gift_state}`)}
                  </Badge>
                )}
              </span>
              <span className="mt-1 block text-xs text-muted">{t('signed.signedAt', { time: formatTime(g.signed_at, i18n.language) })}</span>
            </span>
            </>
          );
          return to ? (
            <GreetingRow onOpen={() => navigate(to)} openHint={g.delivered_at ? t('signed.open') : t('signed.edit')}>
              {body}
            </GreetingRow>
          ) : (
            <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card">{body}</div>
          );
        }}
      />
    </Page>
  );
}
