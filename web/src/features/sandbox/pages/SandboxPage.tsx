import { useState } from 'react';
import { Link } from '@/router';
import { SignInLink } from '@/features/auth/SignInLink';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { isAlreadyVoted } from '@/features/votes/queries';
import { DecisionButtons, ReviewCard } from '../components/ReviewCard';
import { useSandboxNext, useSandboxVote } from '../queries';
import { LockIcon } from '@/ui/icons';
import { SparkleIcon } from '@/ui/icons-more';

/** /sandbox: the next pending postcard this user has not voted on. */
export default function SandboxPage() {
  const { t } = useTranslation('sandbox');
  const session = useSession();
  const userId = session.user?.id ?? null;
  const next = useSandboxNext(userId);
  const notFound = next.error instanceof ApiError && next.error.status === 404;
  const vote = useSandboxVote();
  const toast = useToast();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  if (session.loading) return <LoadingState text={t('loading')} />;
  if (!session.user) {
    return (
      <Page title={t('title')}>
        <EmptyState
          icon={<LockIcon />}
          title={t('authRequired')}
          action={<SignInLink />}
        />
      </Page>
    );
  }

  const decide = (approve: boolean) => {
    const postcard = next.data?.postcard;
    if (!postcard) return;
    setBusy(approve ? 'approve' : 'reject');
    vote.mutate(
      { id: postcard.id, approve },
      {
        // the next postcard replaces the one voted on: the toast says the vote counted, long enough to be read out
        onSuccess: () => toast(t(approve ? 'approved' : 'rejected'), 'success'),
        onError: (e) => {
          if (isAlreadyVoted(e)) toast(t('alreadyVoted'), 'info');
          else toast(t(approve ? 'approveError' : 'rejectError'), 'error');
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <Page title={t('title')}>
      {/* said only while there is something to vote on */}
      {(next.isPending || next.data?.postcard) && <p className="mb-4 text-[15px] text-muted">{t('lead')}</p>}
      {next.isPending ? (
        <LoadingState text={t('loading')} />
      ) : next.isError ? (
        <ErrorState
          title={notFound ? t('notFound') : t('loadError')}
          error={notFound ? undefined : next.error}
          onRetry={() => void next.refetch()}
          retryLabel={t('retry', { ns: 'common' })}
        />
      ) : !next.data.postcard ? (
        <EmptyState
          icon={<SparkleIcon />}
          title={t('emptyTitle')}
          text={t('emptyText')}
          action={
            <Link to="/gallery" className="font-semibold text-primary underline-offset-4 hover:underline">
              {t('toGallery')}
            </Link>
          }
        />
      ) : (
        <ReviewCard postcard={next.data.postcard}>
          <DecisionButtons
            busy={busy}
            onApprove={() => decide(true)}
            onReject={() => decide(false)}
            approveLabel={t('approve')}
            rejectLabel={t('reject')}
          />
          <p className="rounded-2xl bg-accent-soft px-4 py-3 text-sm leading-relaxed text-text">{t('guidance')}</p>
          <Link to={`/sandbox/${next.data.postcard.id}`} className="-my-2 self-center py-3 text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('openFull')}
          </Link>
        </ReviewCard>
      )}
    </Page>
  );
}
