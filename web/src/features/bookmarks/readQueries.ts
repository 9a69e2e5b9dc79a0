import { BOOKMARKS_LIMIT } from '@otkrytka/contract/rules/postcards';
import { queryOptions } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

/* Keys and the bookmarks read, apart from the rest (app/prefetch.ts starts it on route match). */

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: () => [...bookmarkKeys.all, 'list'] as const,
};

export const bookmarksQuery = () =>
  queryOptions({ queryKey: bookmarkKeys.list(), queryFn: () => api('GET /api/bookmarks', { query: { limit: BOOKMARKS_LIMIT } }), ...CACHE.default });
