import type { Channel, PostcardWindow } from '@otkrytka/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/app/test-utils';
import { postcardFixture } from '../postcards/test/fixtures';
import { useViewerSource } from './sources';

vi.mock('../auth/session', () => ({ useSession: () => ({ user: null, isAuthenticated: false, loading: false }) }));

const CHANNEL_ID = 77;
const postcard = (id: number) =>
  postcardFixture({ id, user_id: 5, collection_id: CHANNEL_ID, created_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString() });
const channel: Channel = {
  id: CHANNEL_ID,
  name: 'Большой канал',
  title: 'Большой канал',
  description: null,
  user_id: 5,
  subscribers_count: 0,
  postcards_count: 0,
  is_owner: false,
  is_subscribed: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The server's channel listing, newest first: 600 cards, more than the viewer ever loaded at once before. */
let newestFirst: ReturnType<typeof postcard>[];
let windowRequests: URLSearchParams[];

type Answer = NonNullable<ReturnType<Parameters<typeof stubApi>[0]>>;

/** GET /api/collections/{id}/window as the server answers it, over `newestFirst`. */
function serveWindow(q: URLSearchParams): Answer {
  const ids = q.get('order') === 'oldest' ? [...newestFirst].reverse() : newestFirst;
  const at = ids.findIndex((p) => p.id === Number(q.get('id')));
  if (at < 0) return { status: 404, body: { code: 'NOT_FOUND', detail: 'This postcard is not in the channel listing' } };
  const before = Number(q.get('before'));
  const after = Number(q.get('after'));
  const from = Math.max(0, at - before);
  const body: PostcardWindow = {
    items: ids.slice(from, at + after + 1),
    index: at - from,
    has_before: from > 0,
    has_after: at + after + 1 < ids.length,
    total: ids.length,
  };
  return { status: 200, body };
}

beforeEach(() => {
  newestFirst = Array.from({ length: 600 }, (_, i) => postcard(600 - i));
  windowRequests = [];
  stubApi(({ url }) => {
    const u = new URL(url, 'http://app.test');
    if (u.pathname === `/api/collections/${CHANNEL_ID}/window`) {
      windowRequests.push(u.searchParams);
      return serveWindow(u.searchParams);
    }
    if (u.pathname === `/api/collections/${CHANNEL_ID}`) return { status: 200, body: channel };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function mountChannelViewer(routeId: number, search = '') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  /** what every render gave, in order */
  const renders: ReturnType<typeof useViewerSource>[] = [];
  const hook = renderHook(
    ({ id }: { id: number }) => {
      const source = useViewerSource('channel', CHANNEL_ID, id, new URLSearchParams(search), null);
      renders.push(source);
      return source;
    },
    { wrapper, initialProps: { id: routeId } },
  );
  return { ...hook, qc, renders };
}
const ids = (cards: { id: number }[] | undefined) => cards?.map((c) => c.id);

describe('the channel viewer', () => {
  it('opens the oldest card of a channel of 600, oldest first, and loads further as the user moves on', async () => {
    const { result } = mountChannelViewer(1);
    await waitFor(() => expect(result.current.cards).toBeDefined());
    expect(ids(result.current.cards)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(result.current.total).toBe(600);
    expect(windowRequests[0]!.get('order')).toBe('oldest');
    act(() => result.current.reach!(8));
    await waitFor(() => expect(result.current.cards).toHaveLength(31));
    expect(ids(result.current.cards)!.slice(-2)).toEqual([30, 31]);
  });

  it('keeps the filtered listing newest first', async () => {
    const { result } = mountChannelViewer(300, '?category=4');
    await waitFor(() => expect(result.current.cards).toBeDefined());
    expect(windowRequests[0]!.get('order')).toBe('newest');
    expect(windowRequests[0]!.get('category_id')).toBe('4');
    expect(ids(result.current.cards)).toEqual([310, 309, 308, 307, 306, 305, 304, 303, 302, 301, 300, 299, 298, 297, 296, 295, 294, 293, 292, 291, 290]);
  });

  it('says nothing is there (not an error) for a card that is not in the listing', async () => {
    const { result } = mountChannelViewer(9999);
    await waitFor(() => expect(result.current.cardsLoading).toBe(false));
    expect(result.current.cards).toEqual([]);
    expect(result.current.error).toBeNull();
  });

  it('opens nothing for a route id that is no id, and asks the server nothing', async () => {
    const { result } = mountChannelViewer(0);
    expect(result.current.cards).toEqual([]);
    expect(result.current.cardsLoading).toBe(false);
    expect(windowRequests).toEqual([]);
  });

  it('says nothing is there (not an error to retry) in a channel that is not there', async () => {
    stubApi(({ url }) => {
      const u = new URL(url, 'http://app.test');
      if (u.pathname.startsWith(`/api/collections/${CHANNEL_ID}`)) return { status: 404, body: { code: 'NOT_FOUND', detail: 'Channel not found' } };
      return undefined;
    });
    const { result } = mountChannelViewer(300);
    await waitFor(() => expect(result.current.cardsLoading || result.current.channelLoading).toBe(false));
    expect(result.current.cards).toEqual([]);
    expect(result.current.error).toBeNull();
  });

  it('after the card it opened at is deleted, shows the next one without a loading screen', async () => {
    const { result, rerender, qc, renders } = mountChannelViewer(300);
    await waitFor(() => expect(result.current.cards).toBeDefined());
    // the owner deletes card 300; the page moves on to 301 and the listings are refreshed
    newestFirst = newestFirst.filter((p) => p.id !== 300);
    rerender({ id: 301 });
    const from = renders.length;
    await act(() => qc.invalidateQueries({ queryKey: ['channels'] }));
    await waitFor(() => {
      expect(windowRequests.at(-1)!.get('id')).toBe('301');
      expect(ids(result.current.cards)).not.toContain(300);
    });
    expect(renders.slice(from).map((r) => r.cardsLoading)).not.toContain(true);
    expect(renders.slice(from).every((r) => r.cards?.some((c) => c.id === 301))).toBe(true);
    expect(result.current.cards!.some((c) => c.id === 301)).toBe(true);
    expect(result.current.error).toBeNull();
  });
});
