import type { User } from '@otkrytka/contract';
import { useState } from 'react';
import { useBookmarks } from '../bookmarks/queries';
import { useChannel, useChannelPostcards } from '../channels/queries';
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

export function useViewerSource(mode: ViewerMode, channelId: number | null, search: URLSearchParams, user: User | null): ViewerSource {
  const channel = useChannelSource(mode === 'channel' ? channelId : null, search);
  const bookmarks = useBookmarksSource(mode === 'bookmarks' ? user : null);
  const sandbox = useSandboxSource(mode === 'sandbox' ? user : null);
  return mode === 'channel' ? channel : mode === 'bookmarks' ? bookmarks : sandbox;
}
