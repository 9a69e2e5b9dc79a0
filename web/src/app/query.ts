import { QueryClient } from '@tanstack/react-query';

const MIN = 60_000;

/** How long each kind of data stays fresh (docs/PRODUCT-RULES.md), named once. Feature query hooks use these. */
export const CACHE = {
  /** general queries: 5 min stale, 10 min cache, no refetch on focus */
  default: { staleTime: 5 * MIN, gcTime: 10 * MIN },
  gameSummary: { staleTime: 5 * MIN, gcTime: 10 * MIN },
  energyStatus: { staleTime: 2 * MIN, gcTime: 5 * MIN },
  fullGameData: { staleTime: 10 * MIN, gcTime: 15 * MIN },
  votes: { staleTime: 30_000, gcTime: 5 * MIN },
  channel: { staleTime: 5 * MIN, gcTime: 10 * MIN },
  gallery: { staleTime: 2 * MIN, gcTime: 5 * MIN },
} as const;

export function createQueryClient(): QueryClient {
  // Offline, a request fails at once and says «Нет соединения…» (lib/api.ts): paused instead
  // (TanStack's default), a button spun until the connection came back, or for ever.
  return new QueryClient({
    defaultOptions: {
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        ...CACHE.default,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (count, err) => {
          const status = (err as { status?: number }).status ?? 0;
          return status >= 500 && count < 2;
        },
      },
    },
  });
}
