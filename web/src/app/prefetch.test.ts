import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookmarkKeys } from '../features/bookmarks/readQueries';
import { channelKeys } from '../features/channels/readQueries';
import { greetingKeys } from '../features/greetings/readQueries';
import { tokenStore } from '../lib/token';
import { prefetchPageData } from './prefetch';

/** a signed-in page's first data starts when its route matches, not after the session check. */
describe('prefetchPageData', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(new URL(url, 'http://localhost').pathname);
        return new Response(JSON.stringify({ items: [], next_cursor: null }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    tokenStore.clear();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/congratulations', greetingKeys.created, '/api/greetings/created'],
    ['/received-greetings', greetingKeys.received, '/api/greetings/received'],
    ['/accepted-greetings', greetingKeys.accepted, '/api/greetings/accepted'],
    ['/mychannels', channelKeys.mine(), '/api/collections'],
    ['/mychannels/12', channelKeys.detail(12), '/api/collections/12'],
    ['/bookmarks', bookmarkKeys.list(), '/api/bookmarks'],
  ] as const)('%s starts its data under the key its page reads', async (path, key, url) => {
    tokenStore.set('token');
    const qc = new QueryClient();
    prefetchPageData(qc, path);
    expect(qc.getQueryState(key)?.fetchStatus).toBe('fetching');
    await vi.waitFor(() => expect(qc.getQueryState(key)?.status).toBe('success'));
    expect(asked).toEqual([url]);
  });

  it('asks nothing for a visitor, or for a page without a table entry', () => {
    const qc = new QueryClient();
    prefetchPageData(qc, '/congratulations');
    tokenStore.set('token');
    prefetchPageData(qc, '/gallery');
    prefetchPageData(qc, '/mychannels/0');
    expect(asked).toEqual([]);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});
