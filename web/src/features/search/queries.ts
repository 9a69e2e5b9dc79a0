import { infiniteQueryOptions } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

/** The gallery's postcards a search finds, best matches first, 20 a page following the server's cursor. */
export const searchPageQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['gallery', 'search', q] as const,
    queryFn: ({ pageParam }) => api('GET /api/gallery', { query: { q, sort: 'relevance', cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: q !== '',
    ...CACHE.gallery,
  });
