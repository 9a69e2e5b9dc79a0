import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from '@/router';
import { useTranslation } from '@/i18n';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState, MoreFailed } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { PostcardGrid, PostcardTile } from '@/features/postcards/PostcardTile';
import { useSubscriptionFeed } from '../queries';
import { myChannelsQuery } from '../readQueries';
import { LockIcon } from '@/ui/icons';
import { InboxIcon } from '@/ui/icons-more';

/** /mysubscriptions: the newest approved postcards of the channels I follow. */
export default function SubscriptionsPage() {
  const { t } = useTranslation('channels');
  const { isAuthenticated, loading } = useSession();
  const feed = useSubscriptionFeed();
  const items = useMemo(() => feed.data?.pages.flatMap((p) => p.items) ?? [], [feed.data]);
  // each card says which of the followed channels it comes from
  const channels = useQuery({ ...myChannelsQuery(), enabled: isAuthenticated });
  const channelName = useMemo(() => new Map(channels.data?.map((c) => [c.id, c.name])), [channels.data]);

  return (
    <Page title={t('feed.title')} wide>
      {!isAuthenticated ? (
        loading ? <LoadingState text={t('common:loading')} /> : <EmptyState icon={<LockIcon />} title={t('feed.loginRequired')} />
      ) : feed.isPending ? (
        <LoadingState text={t('feed.loading')} />
      ) : feed.isError && items.length === 0 ? (
        <ErrorState title={t('feed.error')} error={feed.error} onRetry={() => void feed.refetch()} retryLabel={t('common:retry')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<InboxIcon />}
          title={t('feed.empty')}
          text={t('feed.emptyHint')}
          action={
            <Link to="/gallery" className="font-semibold text-primary">
              {t('feed.toGallery')}
            </Link>
          }
        />
      ) : (
        <>
          <p className="-mt-2 mb-4 text-sm text-muted">{t('feed.subtitle')}</p>
          <PostcardGrid>
            {items.map((p) => (
              <div role="listitem" key={p.id}>
                <PostcardTile postcard={p} to={`/mychannels/${p.collection_id}/${p.id}`} />
                {channelName.has(p.collection_id) && (
                  <Link to={`/mychannels/${p.collection_id}`} className="mt-1 block truncate px-0.5 text-xs font-medium text-muted hover:text-text" data-testid="feed-channel">
                    {channelName.get(p.collection_id)}
                  </Link>
                )}
              </div>
            ))}
          </PostcardGrid>
          {feed.isFetchNextPageError && !feed.isFetchingNextPage ? (
            <MoreFailed error={feed.error} onRetry={() => void feed.fetchNextPage()} />
          ) : feed.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="secondary" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {t('feed.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
