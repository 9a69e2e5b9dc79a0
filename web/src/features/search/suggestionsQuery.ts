import type { Language } from '@/i18n';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

const MIN = 60_000;

/** The suggestions for what is typed (`''`: frequent searches and the coming holidays), in `lang`. */
export const suggestionsQuery = (q: string, lang: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', lang, q] as const,
    queryFn: () => api('GET /api/search/suggestions', { query: { q, lang: lang as Language } }),
    staleTime: 5 * MIN,
    gcTime: 10 * MIN,
  });
