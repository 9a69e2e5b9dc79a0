import { localName } from '@/features/categories/names';
import type { Category, GalleryChips } from '@otkrytka/contract';
import { GALLERY_COLLECTION_ID, GALLERY_EAGER_THUMBS, GALLERY_SORTS, type GallerySort } from '@otkrytka/contract/rules/postcards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from '@/router';
import { useTranslation } from '@/i18n';
import { Chip, ChipRow } from '@/ui/Chip';
import { cx } from '@/ui/cx';
import { Page } from '@/ui/Page';
import { useRoving } from '@/ui/roving';
import { LoadingState, Spinner } from '@/ui/Spinner';
import { Button } from '@/ui/Button';
import { EmptyState, ErrorState, MoreFailed } from '@/ui/States';
import { PostcardGrid, PostcardTile } from '@/features/postcards/PostcardTile';
import { galleryPageQuery, useGalleryChips } from '../queries';
import { SearchBox, SearchHeading, searchPageQuery, searchQuery } from '@/features/search';
import { ImageIcon } from '@/ui/icons-first';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

// after the first page of postcards: the strip of holidays coming up (or, picking a postcard for a
// day, whom it is for), and the way back to the sandbox
const GalleryTop = lazy(() => import('@/features/calendar/components/GalleryTop'));
const space = <div className="mb-4 h-[8.5rem]" />;
// a search that found nothing offers the nearest categories: loaded when it happens
const NoResults = lazy(() => import('@/features/search/NoResults'));

/**
 * /gallery: the public gallery (collection 9), with a search field, sorts, group and category chips
 * and infinite scroll; with `?q=` the postcards the search finds, best matches first.
 */
export default function GalleryPage() {
  const { t, i18n } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const category = idParam(params.get('category'));
  const group = idParam(params.get('group'));
  const sortParam = params.get('sort');
  const sort: GallerySort = (GALLERY_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as GallerySort) : 'newest';

  const q = searchQuery(params);

  const chips = useGalleryChips();
  const listing = useInfiniteQuery({ ...galleryPageQuery({ sort, category, group }), enabled: !q });
  const found = useInfiniteQuery(searchPageQuery(q));
  const gallery = q ? found : listing;
  const items = useMemo(() => gallery.data?.pages.flatMap((p) => p.items) ?? [], [gallery.data]);

  const update = (next: { category?: number; group?: number; sort?: GallerySort }) => {
    // what else the address says stays: back from the sandbox, a postcard picked for a day
    const p = new URLSearchParams(params);
    for (const k of ['category', 'group', 'sort']) p.delete(k);
    if (next.category) p.set('category', String(next.category));
    if (next.group) p.set('group', String(next.group));
    if (next.sort && next.sort !== 'newest') p.set('sort', next.sort);
    setParams(p, { replace: true });
  };
  // one Tab stop; the arrow keys (both ways: two rows on a phone), Home and End choose the sort
  const sortKeys = useRoving(GALLERY_SORTS, sort, (s) => update({ category, group, sort: s }), { upDown: true });

  const selectedGroup = chips.data?.groups.find((g) => g.id === group);
  const categoryChips = chipCategories(chips.data, selectedGroup, category);

  // infinite scroll: the next page loads as the end of the grid comes near
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = gallery;
  useEffect(() => {
    const el = sentinel.current;
    // after a failed page the retry under the grid asks again, not the scroll
    if (!el || !hasNextPage || isFetchNextPageError) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '300px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError]);

  const linkTo = (id: number) =>
    q
      ? `/mychannels/${GALLERY_COLLECTION_ID}/${id}?q=${encodeURIComponent(q)}&from=gallery`
      : `/mychannels/${GALLERY_COLLECTION_ID}/${id}?category=${category ?? ''}&group=${group ?? ''}&sort=${sort}&from=gallery`;
  // a 24-hour sort that finds nothing says so, and offers the same sort over all time
  const allTime = sort === 'newest24h' ? 'newest' : sort === 'popular24h' ? 'popular' : null;
  const empty = allTime ? t('empty.day') : category ? t('empty.category') : group ? t('empty.group') : t('empty.gallery');

  return (
    <Page title={t('title')} wide>
      <p className="-mt-2 mb-4 text-sm text-muted">{t('subtitle')}</p>
      <SearchBox className="mb-4 max-w-2xl" />
      {/* searching, the results come first: the top stays only to say for whom a postcard is picked, or the way back to the sandbox */}
      {q && !params.has('opens') && !params.has('sandbox') ? null : gallery.isPending ? (
        space
      ) : (
        <Suspense fallback={space}>
          <GalleryTop />
        </Suspense>
      )}

      {!q && (
        <>
          <div role="radiogroup" aria-label={t('sort.label')} onKeyDown={sortKeys.onKeyDown} className="mb-3 grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1 sm:grid-cols-4">
            {GALLERY_SORTS.map((s) => (
              <button
                key={s}
                {...sortKeys.item(s)}
                type="button"
                role="radio"
                aria-checked={s === sort}
                onClick={() => update({ category, group, sort: s })}
                className={cx(
                  // the longest label («Популярные за сутки») fits a 360 px phone at 12 px; narrower ones wrap it
                  'min-h-9 rounded-xl px-1.5 py-1 text-[12px] font-medium leading-tight transition-colors min-[380px]:text-[13px] min-[400px]:text-sm',
                  s === sort ? 'bg-surface text-text shadow-card' : 'text-muted hover:text-text',
                )}
              >
                {t(`sort.${s}`)}
              </button>
            ))}
          </div>

          {chips.data && (chips.data.groups.length > 0 || categoryChips.length > 0) && (
            <div className="mb-4 space-y-2">
              {chips.data.groups.length > 0 && (
                <ChipRow label={t('chips.groups')}>
                  <Chip selected={!group && !category} onClick={() => update({ sort })}>
                    {t('chips.all')}
                  </Chip>
                  {chips.data.groups.map((g) => (
                    <Chip key={g.id} selected={g.id === group} onClick={() => update({ group: g.id, sort })}>
                      {localName(g, i18n.language)}
                    </Chip>
                  ))}
                </ChipRow>
              )}
              {categoryChips.length > 0 && (
                <ChipRow label={t('chips.categories')}>
                  {categoryChips.map((c) => (
                    <Chip
                      key={c.id}
                      selected={c.id === category}
                      className="h-8 text-[13px]"
                      onClick={() => update(c.id === category ? { group, sort } : { category: c.id, group, sort })}
                    >
                      {localName(c, i18n.language)}
                    </Chip>
                  ))}
                </ChipRow>
              )}
            </div>
          )}
        </>
      )}

      {gallery.isPending ? (
        <LoadingState text={t('loading')} />
      ) : gallery.isError && items.length === 0 ? (
        <ErrorState title={t('error')} error={gallery.error} onRetry={() => void gallery.refetch()} retryLabel={t('common:retry')} />
      ) : items.length === 0 && q ? (
        <Suspense fallback={null}>
          <NoResults q={q} />
        </Suspense>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ImageIcon />}
          title={empty}
          text={allTime ? t('empty.dayHint') : t('empty.hint')}
          action={allTime && <Button variant="secondary" onClick={() => update({ category, group, sort: allTime })}>{t('empty.allTime')}</Button>}
        />
      ) : (
        <>
          {q && <SearchHeading q={q} />}
          <PostcardGrid size="sm">
            {items.map((p, i) => (
              <div role="listitem" key={p.id}>
                <PostcardTile postcard={p} to={linkTo(p.id)} eager={i < GALLERY_EAGER_THUMBS} priority={i < GALLERY_EAGER_THUMBS} />
              </div>
            ))}
          </PostcardGrid>
          <div ref={sentinel} aria-hidden="true" className="h-px" />
          {isFetchingNextPage && (
            <div className="flex justify-center py-6 text-primary">
              <Spinner label={t('loadingMore')} />
            </div>
          )}
          {isFetchNextPageError && !isFetchingNextPage && <MoreFailed error={gallery.error} onRetry={() => void fetchNextPage()} />}
          {!hasNextPage && items.length > 20 && <p className="py-8 text-center text-sm text-muted">{t('end')}</p>}
        </>
      )}
    </Page>
  );
}

/** The category chips: the chosen group's, else the all-categories list (plus the chosen one if it is not in it). */
function chipCategories(data: GalleryChips | undefined, group: GalleryChips['groups'][number] | undefined, category: number | undefined): Category[] {
  if (group) return group.categories;
  const top = data?.categories ?? [];
  const chosen = data?.groups.flatMap((g) => g.categories).find((c) => c.id === category);
  return chosen && !top.some((c) => c.id === chosen.id) ? [...top, chosen] : top;
}
