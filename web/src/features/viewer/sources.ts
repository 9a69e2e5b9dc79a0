import type { Bookmark, User } from '@otkrytka/contract';
import { BOOKMARK_EXISTS_DETAIL, BOOKMARKS_LIMIT, CHANNEL_PAGE_MAX } from '@otkrytka/contract/rules/postcards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CACHE } from '../../app/query';
import { api, ApiError } from '../../lib/api';
import { useSandboxList } from '../sandbox/queries';
import type { ViewerCard, ViewerChannel, ViewerMode } from './types';

/**
 * The viewer's lists. Query keys start with the domain (`channels`, `bookmarks`) so that changes
 * made elsewhere (a new postcard, a bookmark) refresh them too.
 */
export const viewerKeys = {
  channel: (id: number) => ['channels', id] as const,
  channelCards: (id: number, filter: { category: number | null; group: number | null; approvedOnly: boolean }) =>
    ['channels', id, 'postcards', 'viewer', filter] as const,
  bookmarks: () => ['bookmarks'] as const,
};

/** The cards the viewer swipes through, in the order the spec gives for each mode. */
export interface ViewerSource {
  cards: ViewerCard[] | undefined;
  cardsLoading: boolean;
  channel: ViewerChannel | null;
  channelLoading: boolean;
  error: unknown;
  retry(): void;
}

const idParam = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Channel mode: the channel's postcards, oldest first when no category or group is chosen (the
 * server's newest-first list reversed), in the server's order when filtered (spec 001 §4). From the
 * gallery only approved postcards are shown, as in the gallery itself.
 */
function useChannelSource(channelId: number | null, search: URLSearchParams): ViewerSource {
  const category = idParam(search.get('category'));
  const group = idParam(search.get('group'));
  const approvedOnly = search.get('from') === 'gallery';
  const enabled = channelId !== null;
  const channel = useQuery({
    queryKey: viewerKeys.channel(channelId ?? 0),
    queryFn: () => api('GET /api/collections/{id}', { params: { id: channelId! } }),
    enabled,
    ...CACHE.channel,
  });
  const list = useQuery({
    queryKey: viewerKeys.channelCards(channelId ?? 0, { category, group, approvedOnly }),
    queryFn: async () => {
      const page = await api('GET /api/collections/{id}/postcards', {
        params: { id: channelId! },
        query: {
          ...(category ? { category_id: category } : {}),
          ...(group ? { group_id: group } : {}),
          ...(approvedOnly ? { approved: 'true' as const } : {}),
          limit: CHANNEL_PAGE_MAX,
        },
      });
      return category || group ? page.items : [...page.items].reverse();
    },
    enabled,
    ...CACHE.channel,
  });
  return {
    cards: list.data,
    cardsLoading: enabled && list.isPending,
    channel: channel.data ?? null,
    channelLoading: enabled && channel.isPending,
    error: list.error ?? channel.error,
    retry: () => {
      void list.refetch();
      void channel.refetch();
    },
  };
}

/** The signed-in user's bookmarks, newest first (at most 1000, spec 001 §4). */
export function useBookmarkList(userId: number | null) {
  return useQuery({
    queryKey: viewerKeys.bookmarks(),
    queryFn: () => api('GET /api/bookmarks', { query: { limit: BOOKMARKS_LIMIT } }),
    enabled: userId !== null,
    ...CACHE.default,
  });
}

/**
 * Bookmarks mode: the bookmarks in their own order. The list is taken once, so removing a bookmark
 * while looking at it does not pull the card from under the user.
 */
function useBookmarksSource(user: User | null): ViewerSource {
  const list = useBookmarkList(user?.id ?? null);
  const [snapshot, setSnapshot] = useState<ViewerCard[] | null>(null);
  if (snapshot === null && list.data) setSnapshot(list.data.map((b) => b.postcard));
  return {
    cards: snapshot ?? undefined,
    cardsLoading: user !== null && snapshot === null && !list.isError,
    channel: null,
    channelLoading: false,
    error: list.error,
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

export function useViewerSource(mode: ViewerMode, channelId: number | null, search: URLSearchParams, user: User | null): ViewerSource {
  const channel = useChannelSource(mode === 'channel' ? channelId : null, search);
  const bookmarks = useBookmarksSource(mode === 'bookmarks' ? user : null);
  const sandbox = useSandboxSource(mode === 'sandbox' ? user : null);
  return mode === 'channel' ? channel : mode === 'bookmarks' ? bookmarks : sandbox;
}

/**
 * Bookmark toggle with an optimistic update rolled back on failure; adding one that is already
 * there (400 'Image already in bookmarks') counts as success (spec 001 §4).
 */
export function useBookmarkToggle(userId: number | null) {
  const qc = useQueryClient();
  const key = viewerKeys.bookmarks();
  return useMutation({
    mutationFn: async ({ card, add }: { card: ViewerCard; add: boolean }) => {
      if (!add) return void (await api('DELETE /api/bookmarks/{image_relation_id}', { params: { image_relation_id: card.id } }));
      try {
        await api('POST /api/bookmarks', { body: { image_relation_id: card.id } });
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 400 && e.detail === BOOKMARK_EXISTS_DETAIL)) throw e;
      }
    },
    onMutate: async ({ card, add }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Bookmark[]>(key);
      if (before && userId !== null) {
        const rest = before.filter((b) => b.image_relation_id !== card.id);
        const optimistic: Bookmark = {
          id: -card.id,
          image_relation_id: card.id,
          created_at: new Date().toISOString(),
          image_url: card.image_url,
          preview_78x101_url: null,
          postcard: card as Bookmark['postcard'],
        };
        qc.setQueryData<Bookmark[]>(key, add ? [optimistic, ...rest].slice(0, BOOKMARKS_LIMIT) : rest);
      }
      return { before };
    },
    onError: (e, _v, ctx) => {
      console.error('bookmark failed', e);
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
