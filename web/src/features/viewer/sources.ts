import type { User } from '@otkrytka/contract';
import { GALLERY_COLLECTION_ID, GALLERY_DEFAULT_SORT, GALLERY_SORTS, type GallerySort } from '@otkrytka/contract/rules/postcards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useBookmarks } from '../bookmarks/queries';
import { useChannel, useChannelPostcards } from '../channels/queries';
import { galleryWindowQuery } from '../gallery/queries';
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
}

const idParam = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Channel mode: the channel's postcards, oldest first when no category or group is chosen (the
 * server's newest-first list reversed), in the server's order when filtered (spec 001 §4). From the
 * gallery only approved postcards are shown, as in the gallery itself.
 */
function useChannelSource(channelId: number | null, search: URLSearchParams): ViewerSource {
  const categoryId = idParam(search.get('category'));
  const groupId = idParam(search.get('group'));
  const id = channelId ?? undefined;
  const channel = useChannel(id);
  const list = useChannelPostcards(id, { categoryId, groupId, approved: search.get('from') === 'gallery' });
  const filtered = categoryId !== undefined || groupId !== undefined;
  const items = list.data?.items;
  const cards = items && (filtered ? items : [...items].reverse());
  return {
    cards,
    cardsLoading: id !== undefined && list.isPending,
    channel: channel.data ?? null,
    channelLoading: id !== undefined && channel.isPending,
    error: list.error ?? channel.error,
    retry: () => {
      void list.refetch();
      void channel.refetch();
    },
  };
}

/** A card this close to either end of the loaded window loads the next stretch. */
const WINDOW_MARGIN = 5;

/**
 * The gallery, opened from its grid: the same listing as the grid (sort, category, group) as a
 * window around the card opened, widening as the user moves, so any card of any depth opens with
 * its real neighbours (issue 13 item 9).
 */
function useGalleryWindowSource(enabled: boolean, routeId: number, search: URLSearchParams): ViewerSource {
  const sortParam = search.get('sort');
  const sort: GallerySort = GALLERY_SORTS.includes(sortParam as GallerySort) ? (sortParam as GallerySort) : GALLERY_DEFAULT_SORT;
  const category = idParam(search.get('category'));
  const group = idParam(search.get('group'));
  const channel = useChannel(enabled ? GALLERY_COLLECTION_ID : undefined);
  // the card the window was opened at; moving only replaces the URL, so it stays
  const [anchor, setAnchor] = useState(routeId);
  const query = useInfiniteQuery({ ...galleryWindowQuery({ sort, category, group }, anchor), enabled: enabled && routeId > 0 });
  const cards = useMemo(() => {
    if (!query.data) return undefined;
    const seen = new Set<number>();
    return query.data.pages.flatMap((p) => p.items).filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  }, [query.data]);
  // a card reached by a new address (not by moving) opens a window of its own
  if (enabled && cards && routeId !== anchor && !cards.some((c) => c.id === routeId)) setAnchor(routeId);
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage } = query;
  const count = cards?.length ?? 0;
  const reach = useCallback(
    (index: number) => {
      if (index >= count - WINDOW_MARGIN && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      if (index < WINDOW_MARGIN && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
    },
    [count, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage],
  );
  // a card that is not in the listing (gone, not approved, another filter): nothing to show
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return {
    cards: missing ? [] : cards,
    cardsLoading: enabled && query.isPending,
    channel: channel.data ?? null,
    channelLoading: enabled && channel.isPending,
    error: (missing ? null : query.error) ?? channel.error,
    retry: () => {
      void query.refetch();
      void channel.refetch();
    },
    total: query.data?.pages[0]?.total,
    reach,
  };
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
  const channel = useChannelSource(mode === 'channel' && !fromGallery ? channelId : null, search);
  const bookmarks = useBookmarksSource(mode === 'bookmarks' ? user : null);
  const sandbox = useSandboxSource(mode === 'sandbox' ? user : null);
  if (fromGallery) return gallery;
  return mode === 'channel' ? channel : mode === 'bookmarks' ? bookmarks : sandbox;
}
