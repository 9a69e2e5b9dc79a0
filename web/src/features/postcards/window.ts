import type { PostcardWindow } from '@otkrytka/contract';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { type CACHE } from '@/app/query';

/** The part of a query key that marks a viewer's window of a listing (`isWindowQuery`). */
export const WINDOW_KEY = 'window';

/** Whether a query is a viewer's window of some listing. */
export const isWindowQuery = (q: { queryKey: readonly unknown[] }) => q.queryKey.includes(WINDOW_KEY);

/** How many cards the viewer asks for at a time on either side of where it is. */
export const WINDOW_STEP = 20;

/** Which cards of a listing to ask for: `before` and `after` the card `id`. */
export interface WindowParam {
  id: number;
  before: number;
  after: number;
}

/**
 * The viewer's cards of a listing, opened at `anchor`: a window around it that widens in both
 * directions (each widening is a window around the first or last card held; pages overlap by that
 * card, which the caller drops).
 */
export const windowQuery = (
  queryKey: QueryKey,
  anchor: number,
  fetchWindow: (p: WindowParam) => Promise<PostcardWindow>,
  cache: (typeof CACHE)[keyof typeof CACHE],
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: WindowParam }) => fetchWindow(pageParam),
    initialPageParam: { id: anchor, before: WINDOW_STEP / 2, after: WINDOW_STEP / 2 } as WindowParam,
    getNextPageParam: (last) => (last.has_after ? { id: last.items.at(-1)!.id, before: 0, after: WINDOW_STEP } : undefined),
    getPreviousPageParam: (first) => (first.has_before ? { id: first.items[0]!.id, before: WINDOW_STEP, after: 0 } : undefined),
    ...cache,
  });
