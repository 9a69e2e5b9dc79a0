import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from '../router';
import { bookmarksQuery } from '../features/bookmarks/readQueries';
import { channelQuery, myChannelsQuery } from '../features/channels/readQueries';
import { acceptedGreetingsQuery, createdGreetingsQuery, receivedGreetingsQuery } from '../features/greetings/readQueries';
import { tokenStore } from '../lib/token';

/**
 * The data a signed-in page shows first, started when its route matches — with the page's own
 * chunk and `/api/auth/me`, not after them. The page's hooks then find it in
 * flight or in the cache (same keys).
 */
const PAGE_DATA: { path: string; start(qc: QueryClient, params: Record<string, string | undefined>): Promise<unknown> }[] = [
  { path: '/mychannels', start: (qc) => qc.prefetchQuery(myChannelsQuery()) },
  { path: '/mychannels/:channelId', start: (qc, p) => qc.prefetchQuery(channelQuery(Number(p.channelId))) },
  { path: '/bookmarks', start: (qc) => qc.prefetchQuery(bookmarksQuery()) },
  { path: '/congratulations', start: (qc) => qc.prefetchInfiniteQuery(createdGreetingsQuery()) },
  { path: '/received-greetings', start: (qc) => qc.prefetchInfiniteQuery(receivedGreetingsQuery()) },
  { path: '/accepted-greetings', start: (qc) => qc.prefetchInfiniteQuery(acceptedGreetingsQuery()) },
];

/** Starts fetching the first data of the page at `pathname` (inside the router base), for a signed-in user only. */
export function prefetchPageData(qc: QueryClient, pathname: string): void {
  if (!tokenStore.get()) return; // a visitor's request would only be refused
  for (const { path, start } of PAGE_DATA) {
    const match = matchPath(path, pathname);
    if (match && (!match.params.channelId || Number(match.params.channelId) > 0)) void start(qc, match.params);
  }
}
