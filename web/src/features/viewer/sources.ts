import type { GallerySearchSort, User } from '@otkrytka/contract';
import { GALLERY_COLLECTION_ID, GALLERY_DEFAULT_SORT, GALLERY_SORTS, type GallerySort } from '@otkrytka/contract/rules/postcards';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api';
import { idFrom } from '@/lib/ids';
import { useBookmarks } from '../bookmarks/queries';
import { channelWindowQuery, useChannel } from '../channels/queries';
import { galleryWindowQuery } from '../gallery/window';
import { searchQuery } from '../search/address';
import type { windowQuery } from '../postcards/window';
import { useSandboxList } from '../sandbox/queries';
import type { ViewerCard, ViewerChannel, ViewerMode } from './types';

/** The cards the viewer swipes through, in the order the spec gives for each mode. */
export interface ViewerSource {
  cards: ViewerCard[] | undefined;
  cardsLoading: boolean;
  channel: ViewerChannel | null;
  channelLoading: boolean;
  error: unknown;
  retry(): void;
  /** how many cards the whole listing holds, when the source knows more than it has loaded */
  total?: number | undefined;
  /** the viewer is at `index` of `cards`: a windowed source loads more around it */
  reach?(index: number): void;
  /** a card was deleted here: a windowed source reads a new window around the card shown next */
  reopenAt?(id: number): void;
}

const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;


/** A card this close to either end of the loaded window loads the next stretch. */
const WINDOW_MARGIN = 5;

type WindowQuery = ReturnType<typeof windowQuery>;

/**
 * The cards of a listing as a window around the card opened, widening as the user moves, so any
 * card of any depth opens with its real neighbours. `windowAt` gives the query of
 * a window opened at a card.
 */
function useWindowCards(enabled: boolean, routeId: number, windowAt: (anchor: number) => WindowQuery) {
  // the card the window was opened at; moving only replaces the URL, so it stays
  const [anchor, setAnchor] = useState(routeId);
  // while a new window loads, the old one stays on screen (a deleted anchor re-anchors without a flash)
  // no card asked for (a route id that is no id): nothing to load, nothing to show
  const active = enabled && routeId > 0;
  const query = useInfiniteQuery({ ...windowAt(anchor), enabled: active, placeholderData: keepPreviousData });
  const cards = useMemo(() => {
    if (!query.data) return undefined;
    const seen = new Set<number>();
    return query.data.pages.flatMap((p) => p.items).filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  }, [query.data]);
  const holdsRoute = !!cards?.some((c) => c.id === routeId);
  // the anchor left the listing (deleted, say): nothing to show only if it is the card asked for
  const missing = isNotFound(query.error);
  // a card reached by a new address (not by moving), or a window whose anchor is gone, opens a window of its own
  if (active && routeId !== anchor && (missing || (cards && !query.isPlaceholderData && !holdsRoute))) setAnchor(routeId);
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } = query;
  const count = cards?.length ?? 0;
  const reach = useCallback(
    (index: number) => {
      if (index >= count - WINDOW_MARGIN && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      if (index < WINDOW_MARGIN && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
    },
    [count, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage],
  );
  const notInListing = missing && routeId === anchor;
  return {
    cards: notInListing || (enabled && !active) ? [] : cards,
    loading: active && (query.isPending || (query.isPlaceholderData && !holdsRoute)),
    error: missing ? null : query.error,
    refetch: () => void query.refetch(),
    total: query.isPlaceholderData ? undefined : query.data?.pages[0]?.total,
    reach,
    reopenAt: setAnchor,
  };
}

/** The window's cards with the channel they belong to. */
function withChannel(w: ReturnType<typeof useWindowCards>, channel: ReturnType<typeof useChannel>, enabled: boolean): ViewerSource {
  return {
    cards: w.cards,
    cardsLoading: w.loading,
    channel: channel.data ?? null,
    channelLoading: enabled && channel.isPending,
    // a channel that is not there has nothing to show (the viewer says so), not an error to retry
    error: w.error ?? (isNotFound(channel.error) ? null : channel.error),
    retry: () => {
      w.refetch();
      void channel.refetch();
    },
    total: w.total,
    reach: w.reach,
    reopenAt: w.reopenAt,
  };
}

/**
 * Channel mode: the channel's postcards, oldest first when no category or group is chosen, newest
 * first when filtered. From the gallery only approved postcards are shown, as in the
 * gallery itself.
 */
function useChannelSource(channelId: number | null, routeId: number, search: URLSearchParams): ViewerSource {
  const categoryId = idFrom(search.get('category'));
  const groupId = idFrom(search.get('group'));
  const enabled = channelId !== null;
  const id = channelId ?? 0;
  const channel = useChannel(channelId ?? undefined);
  const q = searchQuery(search) || undefined;
  const filter = { categoryId, groupId, approved: search.get('from') === 'gallery', q };
  const order = categoryId !== undefined || groupId !== undefined ? 'newest' : 'oldest';
  const w = useWindowCards(enabled, routeId, (anchor) => channelWindowQuery(id, filter, order, anchor));
  return withChannel(w, channel, enabled);
}

/**
 * The gallery, opened from its grid: the same listing as the grid (sort, category, group), or the
 * same results of a search (`q`, best matches first unless sorted otherwise).
 */
function useGalleryWindowSource(enabled: boolean, routeId: number, search: URLSearchParams): ViewerSource {
  const q = searchQuery(search) || undefined;
  const sortParam = search.get('sort');
  const sort: GallerySearchSort = GALLERY_SORTS.includes(sortParam as GallerySort) ? (sortParam as GallerySort) : q ? 'relevance' : GALLERY_DEFAULT_SORT;
  const category = idFrom(search.get('category'));
  const group = idFrom(search.get('group'));
  const channel = useChannel(enabled ? GALLERY_COLLECTION_ID : undefined);
  const w = useWindowCards(enabled, routeId, (anchor) => galleryWindowQuery({ sort, category, group, q }, anchor));
  return withChannel(w, channel, enabled);
}

/**
 * Bookmarks mode: the bookmarks in their own order (newest first). The list is taken once, so
 * removing a bookmark while looking at it does not pull the card from under the user.
 */
function useBookmarksSource(user: User | null): ViewerSource {
  const list = useBookmarks();
  const [snapshot, setSnapshot] = useState<ViewerCard[] | null>(null);
  if (user && snapshot === null && list.data) setSnapshot(list.data.map((b) => b.postcard));
  return {
    cards: snapshot ?? undefined,
    cardsLoading: user !== null && snapshot === null && !list.isError,
    channel: null,
    channelLoading: false,
    error: user ? list.error : null,
    retry: () => void list.refetch(),
  };
}

/** Sandbox mode: the user's sandbox list, in its own order (oldest first). */
function useSandboxSource(user: User | null): ViewerSource {
  const list = useSandboxList(user?.id ?? null);
  return {
    cards: list.data?.items,
    cardsLoading: user !== null && list.isPending,
    channel: null,
    channelLoading: false,
    error: list.error,
    retry: () => void list.refetch(),
  };
}

export function useViewerSource(
  mode: ViewerMode,
  channelId: number | null,
  routeId: number,
  search: URLSearchParams,
  user: User | null,
): ViewerSource {
  const fromGallery = mode === 'channel' && channelId === GALLERY_COLLECTION_ID && search.get('from') === 'gallery';
  const gallery = useGalleryWindowSource(fromGallery, routeId, search);
  const channel = useChannelSource(mode === 'channel' && !fromGallery ? channelId : null, routeId, search);
  const bookmarks = useBookmarksSource(mode === 'bookmarks' ? user : null);
  const sandbox = useSandboxSource(mode === 'sandbox' ? user : null);
  if (fromGallery) return gallery;
  return mode === 'channel' ? channel : mode === 'bookmarks' ? bookmarks : sandbox;
}
