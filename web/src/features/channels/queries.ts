import type { Channel, CreateChannelBody, CreatePostcardBody, UpdateChannelBody } from '@otkrytka/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { useSession } from '../auth/session';
import { WINDOW_KEY, windowQuery } from '../postcards/window';
import { type ChannelPostcardsFilter, channelKeys, channelQuery, myChannelsQuery } from './readQueries';

export { type ChannelPostcardsFilter, channelKeys, channelQuery, myChannelsQuery };


/** Fired after a channel is created. */
export const CHANNEL_CREATED_EVENT = 'channel-created';

export function useMyChannels() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...myChannelsQuery(), enabled: isAuthenticated });
}

export const useChannel = (id: number | undefined) => useQuery({ ...channelQuery(id ?? 0), enabled: !!id });

/**
 * The viewer's cards of a channel's listing, opened at `anchor`, in the viewer's order: oldest
 * first for the whole channel, newest first when filtered.
 */
export const channelWindowQuery = (id: number, f: ChannelPostcardsFilter, order: 'newest' | 'oldest', anchor: number) =>
  windowQuery(
    [...channelKeys.postcards(id), WINDOW_KEY, f, order, anchor] as const,
    anchor,
    (side) =>
      api('GET /api/collections/{id}/window', {
        params: { id },
        query: { category_id: f.categoryId, group_id: f.groupId, approved: f.approved ? 'true' : 'false', q: f.q, order, ...side },
      }),
    CACHE.channel,
  );

/** How many postcards the channel page loads at a time (the viewer loads its own window). */
export const CHANNEL_GRID_PAGE = 48;

/**
 * The channel page's grid: the newest postcards a page at a time, more on demand, so opening a
 * channel does not fetch hundreds of postcards. The first page carries the moderation counts.
 */
export function useChannelGrid(id: number | undefined, f: ChannelPostcardsFilter) {
  return useInfiniteQuery({
    queryKey: [...channelKeys.postcards(id ?? 0), 'grid', f] as const,
    queryFn: ({ pageParam }) =>
      api('GET /api/collections/{id}/postcards', {
        params: { id: id! },
        query: { category_id: f.categoryId, group_id: f.groupId, approved: f.approved ? 'true' : 'false', q: f.q, offset: pageParam, limit: CHANNEL_GRID_PAGE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    enabled: !!id,
    placeholderData: keepPreviousData,
    ...CACHE.channel,
  });
}

export function useCreateChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelBody) => api('POST /api/collections', { body }),
    onSuccess: (ch) => {
      void qc.invalidateQueries({ queryKey: channelKeys.mine() });
      window.dispatchEvent(new CustomEvent(CHANNEL_CREATED_EVENT, { detail: ch }));
    },
  });
}

export function useUpdateChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChannelBody) => api('PATCH /api/collections/{id}', { params: { id }, body }),
    onSuccess: (ch) => {
      qc.setQueryData(channelKeys.detail(id), ch);
      void qc.invalidateQueries({ queryKey: channelKeys.mine() });
    },
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/collections/{id}', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: channelKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: channelKeys.mine() });
    },
  });
}

/** Whether I follow a channel: unknown while loading, then true or false. */
export function useSubscription(id: number | undefined, enabled = true) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: channelKeys.subscription(id ?? 0),
    queryFn: async () => (await api('GET /api/subscriptions/', { query: { collection_id: id } })).length > 0,
    enabled: !!id && isAuthenticated && enabled,
    ...CACHE.channel,
  });
}

function useSubscriptionChange(subscribe: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      if (subscribe) await api('POST /api/subscriptions/', { body: { collection_id: id } });
      else await api('DELETE /api/subscriptions/{collection_id}', { params: { collection_id: id } });
    },
    onSuccess: (_r, id) => {
      qc.setQueryData(channelKeys.subscription(id), subscribe);
      qc.setQueryData<Channel>(channelKeys.detail(id), (c) =>
        c ? { ...c, is_subscribed: subscribe, subscribers_count: Math.max(0, c.subscribers_count + (subscribe ? 1 : -1)) } : c,
      );
      void qc.invalidateQueries({ queryKey: channelKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: channelKeys.mine() });
      void qc.invalidateQueries({ queryKey: channelKeys.feed() });
    },
  });
}
export const useSubscribe = () => useSubscriptionChange(true);
export const useLeaveChannel = () => useSubscriptionChange(false);

/** Newest approved postcards of the channels I follow (/mysubscriptions). */
export function useSubscriptionFeed() {
  const { isAuthenticated } = useSession();
  return useInfiniteQuery({
    queryKey: channelKeys.feed(),
    queryFn: ({ pageParam }) => api('GET /api/subscriptions/postcards', { query: { offset: pageParam, limit: 40 } }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.offset + last.limit : undefined),
    enabled: isAuthenticated,
    ...CACHE.channel,
  });
}

/** Saves an upload as a postcard (it starts pending); the channel's lists refresh. */
export function useCreatePostcard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostcardBody) => api('POST /api/image_relations', { body }),
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: channelKeys.postcards(p.collection_id) });
      void qc.invalidateQueries({ queryKey: channelKeys.detail(p.collection_id) });
      void qc.invalidateQueries({ queryKey: channelKeys.mine() });
    },
  });
}
