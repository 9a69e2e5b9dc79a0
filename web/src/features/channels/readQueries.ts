import { queryOptions } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

/* Keys and the reads a channel page starts with, apart from the rest (app/prefetch.ts starts them on route match). */

export interface ChannelPostcardsFilter {
  categoryId?: number | undefined;
  groupId?: number | undefined;
  /** true: approved only; false: all (pending too, banned for the owner) */
  approved: boolean;
  /** a search: only the approved postcards it finds, best matches first */
  q?: string | undefined;
}

export const channelKeys = {
  all: ['channels'] as const,
  mine: () => [...channelKeys.all, 'mine'] as const,
  detail: (id: number) => [...channelKeys.all, 'detail', id] as const,
  postcards: (id: number, f?: ChannelPostcardsFilter) =>
    f ? ([...channelKeys.all, 'postcards', id, f] as const) : ([...channelKeys.all, 'postcards', id] as const),
  subscription: (id: number) => [...channelKeys.all, 'subscription', id] as const,
  feed: () => [...channelKeys.all, 'feed'] as const,
};

export const myChannelsQuery = () => queryOptions({ queryKey: channelKeys.mine(), queryFn: () => api('GET /api/collections'), ...CACHE.channel });

export const channelQuery = (id: number) =>
  queryOptions({ queryKey: channelKeys.detail(id), queryFn: () => api('GET /api/collections/{id}', { params: { id } }), ...CACHE.channel });
