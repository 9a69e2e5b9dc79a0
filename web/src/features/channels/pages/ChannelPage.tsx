import { localName } from '@/features/categories/names';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { idFrom } from '@/lib/ids';
import { compactNumber } from '@/lib/format';
import { Button, IconButton } from '@/ui/Button';
import { Chip, ChipRow } from '@/ui/Chip';
import { cx } from '@/ui/cx';
import { AlertDialog, ConfirmDialog } from '@/ui/Dialogs';
import { DropdownMenu, type MenuItem } from '@/ui/DropdownMenu';
import { Modal } from '@/ui/Modal';
import { Page, useDocumentTitle } from '@/ui/Page';
import { LoadingState, Spinner } from '@/ui/Spinner';
import { Segmented } from '@/ui/Toggle';
import { EmptyState, ErrorState, MoreFailed } from '@/ui/States';
import { useToast } from '@/ui/toast';
import { useSession } from '@/features/auth/session';
import { useCategories } from '@/features/categories/queries';
import { IconBack, IconEdit, IconInfo, IconLogout, IconMore, IconPlus, IconTrash } from '@/features/postcards/icons';
import { Linkified } from '@/features/postcards/Linkified';
import { PostcardOptions } from '@/features/postcards/PostcardOptions';
import { PostcardGrid, PostcardTile } from '@/features/postcards/PostcardTile';
import { AddPostcardDialog } from '../AddPostcardDialog';
import { ChannelFormDialog } from '../ChannelFormDialog';
import { galleryWords, shownChannel } from '../shown';
import { useChannel, useChannelGrid, useDeleteChannel, useLeaveChannel, useSubscribe, useSubscription } from '../queries';
import { useShortcut, useShortcutHints } from '../useShortcut';
import { FolderIcon } from '@/ui/icons-more';
import { CompassIcon } from '@/ui/icons-greeting';
import { searchQuery } from '@/features/search/address';

// the search field and what it shows load apart from the page
const ChannelSearch = lazy(() => import('../ChannelSearch'));
const ChannelSearchHeading = lazy(() => import('../ChannelSearch').then((m) => ({ default: m.ChannelSearchHeading })));
const ChannelSearchEmpty = lazy(() => import('../ChannelSearch').then((m) => ({ default: m.ChannelSearchEmpty })));

/** The view-mode toggle shows a switching state this long. */
export const VIEW_SWITCH_MS = 500;
type ViewMode = 'approved' | 'all';

/** /mychannels/{id}: a channel's header, options, category chips, view toggle, grid and the add-postcard wizard. */
export default function ChannelPage() {
  const { t, i18n } = useTranslation('channels');
  const { channelId } = useParams();
  const id = idFrom(channelId) ?? 0;
  const [params, setParams] = useSearchParams();
  const categoryId = /^\d+$/.test(params.get('category') ?? '') ? Number(params.get('category')) : undefined;
  // a search: the approved postcards it finds, best matches first
  const q = searchQuery(params);
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();

  const channel = useChannel(id);
  const categories = useCategories(id);
  const isOwner = !!user && channel.data?.user_id === user.id;
  const subscription = useSubscription(id, !!channel.data && !isOwner);
  const subscribe = useSubscribe();
  const leave = useLeaveChannel();
  const del = useDeleteChannel();

  // approved-only by default once a category is chosen; back to approved whenever the category changes
  // (both are remembered for the category they were chosen in, so a new category starts over)
  const [view, setView] = useState<{ category?: number; mode: ViewMode }>({ mode: 'approved' });
  const [switchingFor, setSwitchingFor] = useState<number | null>(null);
  const mode: ViewMode = view.category === categoryId ? view.mode : 'approved';
  const switching = categoryId !== undefined && switchingFor === categoryId;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const switchMode = (next: ViewMode) => {
    if (next === mode || switching || categoryId === undefined) return;
    const forCategory = categoryId;
    setSwitchingFor(forCategory);
    timer.current = window.setTimeout(() => {
      setView({ category: forCategory, mode: next });
      setSwitchingFor(null);
    }, VIEW_SWITCH_MS);
  };

  const postcards = useChannelGrid(id, { categoryId, approved: categoryId !== undefined && mode === 'approved', q: q || undefined });

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showInfo, setShowInfo] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  useShortcut(['Insert'], () => setAdding(true), { enabled: isOwner });
  useShortcut(['i', 'ш'], () => setShowInfo(true), { enabled: !!channel.data });
  const hints = useShortcutHints();

  // a deleted channel or a mistyped link: trying again would not help
  const missing = id === 0 || (channel.error instanceof ApiError && channel.error.status === 404);
  // the tab names the channel as the page does, «Имя — Открытка» like every other page
  useDocumentTitle(missing ? t('channel.notFound') : channel.data && shownChannel(channel.data, galleryWords(t)).name);

  if (missing) {
    return (
      <Page>
        <EmptyState
          heading="h1"
          icon={<CompassIcon />}
          title={t('channel.notFound')}
          text={t('channel.notFoundText')}
          action={
            <Link to="/gallery" className="font-semibold text-primary underline-offset-4 hover:underline">
              {t('channel.toGallery')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (channel.isPending) return <LoadingState text={t('channel.loading')} />;
  if (channel.isError || !channel.data) {
    return (
      <Page>
        <ErrorState title={t('channel.error')} error={channel.error} onRetry={() => void channel.refetch()} retryLabel={t('common:retry')} />
      </Page>
    );
  }
  const stored = channel.data;
  const c = shownChannel(stored, galleryWords(t));
  const lang = i18n.language;

  const menu: MenuItem[] = [
    { label: t('channel.about'), icon: <IconInfo size={18} />, onSelect: () => setShowInfo(true) },
    ...(isOwner
      ? [
          { label: t('channel.edit'), icon: <IconEdit size={18} />, onSelect: () => setEditing(true) },
          { label: t('channel.delete'), icon: <IconTrash size={18} />, danger: true, onSelect: () => setConfirmDelete(true) },
        ]
      : subscription.data
        ? [
            {
              label: t('channel.leave'),
              icon: <IconLogout size={18} />,
              onSelect: () => leave.mutate(id, { onSuccess: () => toast(t('channel.left'), 'success'), onError: (e) => setAlert(errorMessage(e, t('channel.leaveError'))) }),
            },
          ]
        : []),
  ];

  const selectCategory = (cat?: number) => {
    const p = new URLSearchParams(params);
    if (cat) p.set('category', String(cat));
    else p.delete('category');
    setParams(p, { replace: true });
  };
  const items = postcards.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = postcards.data?.pages[0]?.counts;
  // every listing answers with the category's counts by state, the approved view too: when it is
  // empty only because the rest waits for moderation (or was banned), say so and offer «Все» — to
  // the owner and the moderator, the only ones «Все» shows those postcards to
  const hiddenCounts =
    !q && categoryId !== undefined && mode === 'approved' && (isOwner || !!user?.is_moderator) && counts && counts.pending + counts.banned > 0 ? counts : null;
  // the viewer walks what the grid shows: the category's postcards, or the search's results
  const viewerQuery = new URLSearchParams();
  if (categoryId) viewerQuery.set('category', String(categoryId));
  if (q) viewerQuery.set('q', q);
  const viewerLink = (postcardId: number) => `/mychannels/${id}/${postcardId}${viewerQuery.size ? `?${viewerQuery}` : ''}`;

  return (
    <Page wide>
      {/* on a phone «Подписаться» takes a row of its own, so the channel's name is not cut to «Мои о…» */}
      <header className="mb-4 flex flex-wrap items-start gap-x-2 gap-y-2">
        <IconButton label={t('common:back')} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/mychannels'))} className="-ml-2 shrink-0">
          <IconBack size={22} />
        </IconButton>
        <div className="min-w-0 flex-1 basis-[calc(100%-6rem)] xs:basis-0">
          <h1 className="line-clamp-2 break-words text-2xl font-bold leading-tight tracking-tight">{c.name}</h1>
          <p className="mt-0.5 text-sm text-muted">
            <span className="whitespace-nowrap">{t('counts.subscribers', { count: c.subscribers_count, n: compactNumber(c.subscribers_count, lang) })}</span> ·{' '}
            <span className="whitespace-nowrap">{t('counts.postcards', { count: c.postcards_count, n: compactNumber(c.postcards_count, lang) })}</span>
          </p>
        </div>
        {user && !isOwner && subscription.data === false && (
          <Button
            size="sm"
            className="order-last ml-10 mt-1 shrink-0 xs:order-none xs:ml-0"
            loading={subscribe.isPending}
            onClick={() => subscribe.mutate(id, { onSuccess: () => toast(t('channel.subscribed'), 'success'), onError: (e) => setAlert(errorMessage(e, t('channel.subscribeError'))) })}
          >
            {t('channel.subscribe')}
          </Button>
        )}
        <DropdownMenu label={t('channel.options')} items={menu}>
          <IconMore size={22} />
        </DropdownMenu>
      </header>

      {c.description && (
        <p className="-mt-2 mb-4 line-clamp-2 break-words text-[15px] text-muted">
          <Linkified text={c.description} />
        </p>
      )}

      <Suspense fallback={<div aria-hidden="true" className="mb-3 h-11 max-w-md" />}>
        <ChannelSearch className="mb-3 max-w-md" />
      </Suspense>

      {(categories.data?.length ?? 0) > 0 && (
        <ChipRow label={t('channel.categories')} className="mb-3">
          <Chip selected={!categoryId} onClick={() => selectCategory()}>
            {t('channel.allCategories')}
          </Chip>
          {categories.data!.map((cat) => (
            <Chip key={cat.id} selected={cat.id === categoryId} onClick={() => selectCategory(cat.id)}>
              {localName(cat, i18n.language)}
            </Chip>
          ))}
        </ChipRow>
      )}

      {/* a search finds approved postcards only: no view to choose */}
      {categoryId !== undefined && !q && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          {/* the shared switch: one Tab stop with arrow keys, and a chosen side that shows in the dark theme too */}
          <Segmented
            label={t('channel.viewMode')}
            value={mode}
            onChange={switchMode}
            disabled={switching}
            options={(['approved', 'all'] as const).map((m) => ({ value: m, label: t(`channel.mode.${m}`) }))}
          />
          {switching && <Spinner size={18} className="text-primary" label={t('channel.switching')} />}
          {mode === 'all' && counts && !switching && (
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="moderation-counts">
              {/* a figure stays on its label's line; a narrow screen wraps between the counts */}
              <span className="whitespace-nowrap text-success">{t('channel.counts.approved', { n: counts.approved })}</span>
              <span className="whitespace-nowrap text-warning-ink">{t('channel.counts.pending', { n: counts.pending })}</span>
              <span className="whitespace-nowrap text-danger">{t('channel.counts.banned', { n: counts.banned })}</span>
            </p>
          )}
        </div>
      )}

      {postcards.isPending ? (
        <LoadingState text={t('channel.loadingPostcards')} />
      ) : postcards.isError && items.length === 0 ? (
        <ErrorState title={t('channel.error')} error={postcards.error} onRetry={() => void postcards.refetch()} retryLabel={t('common:retry')} />
      ) : q && items.length === 0 ? null : (
        <>
          {q && (
            <Suspense fallback={<div className="mb-3 h-6" />}>
              <ChannelSearchHeading q={q} total={postcards.data?.pages[0]?.total ?? 0} />
            </Suspense>
          )}
          <PostcardGrid className={cx(postcards.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {isOwner && !q && (
              <div role="listitem">
                <button
                  type="button"
                  onClick={() => setAdding(true)}
                  aria-keyshortcuts={hints ? 'Insert' : undefined}
                  className="flex aspect-[80/110] w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-primary/40 bg-primary-soft/50 text-primary transition-colors hover:bg-primary-soft"
                >
                  <IconPlus size={28} />
                  <span className="px-2 text-sm font-semibold text-primary-strong">{t('channel.addPostcard')}</span>
                </button>
              </div>
            )}
            {items.map((p) => (
              <div role="listitem" key={p.id}>
                <PostcardTile postcard={p} to={viewerLink(p.id)} showStatus options={<PostcardOptions postcard={p} viewTo={viewerLink(p.id)} />} />
              </div>
            ))}
          </PostcardGrid>
        </>
      )}
      {postcards.isFetchNextPageError && !postcards.isFetchingNextPage ? (
        <MoreFailed error={postcards.error} onRetry={() => void postcards.fetchNextPage()} />
      ) : postcards.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" loading={postcards.isFetchingNextPage} onClick={() => void postcards.fetchNextPage()} data-testid="channel-more">
            {t('feed.more')}
          </Button>
        </div>
      )}
      {postcards.isSuccess && items.length === 0 && (
        q ? (
          <Suspense fallback={null}>
            <ChannelSearchEmpty q={q} />
          </Suspense>
        ) : hiddenCounts ? (
          // the approved view is empty, yet the category holds postcards waiting for (or refused by) moderation
          <EmptyState
            icon={<FolderIcon />}
            title={t('channel.emptyApproved')}
            text={
              <>
                {hiddenCounts.pending > 0 && <span className="block">{t('channel.awaitingModeration', { count: hiddenCounts.pending })}</span>}
                {hiddenCounts.banned > 0 && <span className="block">{t('channel.bannedHidden', { count: hiddenCounts.banned })}</span>}
              </>
            }
            action={
              <Button variant="secondary" loading={switching} onClick={() => switchMode('all')}>
                {t('channel.showAll')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<FolderIcon />} title={categoryId ? t('channel.emptyCategory') : t('channel.empty')} text={isOwner ? t('channel.emptyOwnerHint') : undefined} />
        )
      )}

      {isOwner && <AddPostcardDialog open={adding} onClose={() => setAdding(false)} channelId={id} defaultCategoryId={categoryId} />}
      {isOwner && <ChannelFormDialog open={editing} onClose={() => setEditing(false)} channel={stored} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('channel.deleteTitle')}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        danger
        loading={del.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          del.mutate(id, {
            onSuccess: () => {
              toast(t('channel.deleted'), 'success');
              navigate('/mychannels', { replace: true });
            },
            onError: (e) => {
              setConfirmDelete(false);
              setAlert(errorMessage(e, t('channel.deleteError')));
            },
          })
        }
      >
        {t('channel.deleteQuestion', { name: c.name })}
      </ConfirmDialog>
      <Modal open={showInfo} onClose={() => setShowInfo(false)} title={c.name}>
        <p className="whitespace-pre-line text-[15px] leading-relaxed">{c.description ? <Linkified text={c.description} /> : <span className="text-muted">{t('channel.noDescription')}</span>}</p>
        <p className="mt-4 text-sm text-muted">
          {t('counts.subscribers', { count: c.subscribers_count, n: compactNumber(c.subscribers_count, lang) })} ·{' '}
          {t('counts.postcards', { count: c.postcards_count, n: compactNumber(c.postcards_count, lang) })}
        </p>
        {!user && (
          <p className="mt-4 text-sm">
            <Link to={`/auth?returnTo=/mychannels/${id}`} className="font-semibold text-primary">
              {t('mine.login')}
            </Link>
          </p>
        )}
      </Modal>
      <AlertDialog open={!!alert} title={t('errors.title')} okLabel={t('common:ok')} onClose={() => setAlert(null)}>
        {alert}
      </AlertDialog>
    </Page>
  );
}
