import { Link } from '@/router';
import { useTranslation } from '@/i18n';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { EmptyState, ErrorState } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { IconStar } from '@/features/postcards/icons';
import { PostcardOptions } from '@/features/postcards/PostcardOptions';
import { PostcardGrid, PostcardTile } from '@/features/postcards/PostcardTile';
import { useBookmarks } from '../queries';
import { LockIcon, StarIcon } from '@/ui/icons';
import { EnvelopeHeartIcon, SearchIcon } from '@/ui/icons-more';

/** /bookmarks: my bookmarked postcards; a card opens /bookmarks/{id}. */

/** The three things bookmarks are for, each with its icon. */
const TIPS = [
  ['save', StarIcon],
  ['find', SearchIcon],
  ['send', EnvelopeHeartIcon],
] as const;
export default function BookmarksPage() {
  const { t } = useTranslation('bookmarks');
  const { isAuthenticated, loading } = useSession();
  const bookmarks = useBookmarks();

  return (
    <Page title={t('title')} wide>
      {!isAuthenticated ? (
        loading ? <LoadingState text={t('common:loading')} /> : <EmptyState icon={<LockIcon />} title={t('loginRequired')} />
      ) : bookmarks.isPending ? (
        <LoadingState text={t('loading')} />
      ) : bookmarks.isError ? (
        <ErrorState title={t('error')} error={bookmarks.error} onRetry={() => void bookmarks.refetch()} retryLabel={t('common:retry')} />
      ) : bookmarks.data.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center px-4 py-8 text-center sm:py-12">
          <span className="mb-4 flex h-20 w-20 items-center justify-center rounded-full bg-yang/15 text-yang">
            <IconStar size={40} filled />
          </span>
          <h2 className="text-xl font-bold">{t('empty.title')}</h2>
          <p className="mt-2 text-[15px] text-muted">{t('empty.text')}</p>
          {/* the page's one action first: on a phone the tips below run past the first screen */}
          <Link
            to="/gallery"
            className="mt-5 inline-flex h-11 items-center rounded-xl bg-primary px-5 text-[15px] font-semibold text-on-primary shadow-card hover:bg-primary-strong"
          >
            {t('empty.toGallery')}
          </Link>
          <ul className="mt-6 w-full space-y-3 text-left">
            {TIPS.map(([k, Icon]) => (
              <li key={k} className="flex items-start gap-3 rounded-2xl bg-surface p-3.5 shadow-card">
                <Icon size={22} className="mt-0.5 shrink-0 text-primary" />
                <span>
                  <span className="block font-semibold">{t(`empty.features.${k}.title`)}</span>
                  <span className="block text-sm text-muted">{t(`empty.features.${k}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <PostcardGrid>
          {bookmarks.data.map((b) => (
            <div role="listitem" key={b.image_relation_id}>
              <PostcardTile postcard={b.postcard} to={`/bookmarks/${b.image_relation_id}`} options={<PostcardOptions postcard={b.postcard} viewTo={`/bookmarks/${b.image_relation_id}`} />} />
            </div>
          ))}
        </PostcardGrid>
      )}
    </Page>
  );
}
