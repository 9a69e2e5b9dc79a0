import { GREETING_PAGE } from '@otkrytka/contract/rules/greeting-lists';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

/*
 * The greeting lists' queries, apart from the rest of the feature's queries: the app starts them
 * when a list's route matches (app/prefetch.ts), and this keeps that small.
 */

/** Query keys of the greetings feature; everything under `greetingKeys.all`. */
export const greetingKeys = {
  all: ['greetings'] as const,
  detail: (id: string) => ['greetings', 'detail', id] as const,
  acceptance: (id: string) => ['greetings', 'acceptance', id] as const,
  created: ['greetings', 'created'] as const,
  received: ['greetings', 'received'] as const,
  accepted: ['greetings', 'accepted'] as const,
  /** the sender's yang energy, for the gift picker */
  giftBudget: ['greetings', 'gift-budget'] as const,
};

const pageSize = GREETING_PAGE.default;

export const createdGreetingsQuery = () =>
  infiniteQueryOptions({
    queryKey: greetingKeys.created,
    queryFn: ({ pageParam }) => api('GET /api/greetings/created', { query: { cursor: pageParam, limit: pageSize } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...CACHE.default,
  });

export const receivedGreetingsQuery = () =>
  infiniteQueryOptions({
    queryKey: greetingKeys.received,
    queryFn: ({ pageParam }) => api('GET /api/greetings/received', { query: { cursor: pageParam, limit: pageSize } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...CACHE.default,
  });

export const acceptedGreetingsQuery = () =>
  infiniteQueryOptions({
    queryKey: greetingKeys.accepted,
    queryFn: ({ pageParam }) => api('GET /api/greetings/accepted', { query: { cursor: pageParam, limit: pageSize } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...CACHE.default,
  });
