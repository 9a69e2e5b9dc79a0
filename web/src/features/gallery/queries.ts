import type { GallerySort } from '@otkrytka/contract/rules/postcards';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CACHE } from '../../app/query';
import { api } from '../../lib/api';

export interface GalleryFilter {
  sort: GallerySort;
  category?: number | undefined;
  group?: number | undefined;
}

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (f: GalleryFilter) => [...galleryKeys.all, 'list', f] as const,
  chips: () => [...galleryKeys.all, 'chips'] as const,
  window: (f: GalleryFilter, anchor: number) => [...galleryKeys.all, 'window', f, anchor] as const,
};

/** The public gallery, 20 postcards a page, following the server's cursor (infinite scroll). */
export const galleryPageQuery = (f: GalleryFilter) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.list(f),
    queryFn: ({ pageParam }) =>
      api('GET /api/gallery', { query: { sort: f.sort, category: f.category, group: f.group, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...CACHE.gallery,
  });
export const useGallery = (f: GalleryFilter) => useInfiniteQuery(galleryPageQuery(f));

/** Group and category chips of the gallery. */
export const galleryChipsQuery = () => queryOptions({ queryKey: galleryKeys.chips(), queryFn: () => api('GET /api/gallery/chips'), ...CACHE.gallery });
export const useGalleryChips = () => useQuery(galleryChipsQuery());

/** How many cards the viewer asks for at a time on either side of where it is. */
export const GALLERY_WINDOW_STEP = 20;
interface WindowParam {
  id: number;
  before: number;
  after: number;
}

/**
 * The viewer's cards of a gallery listing, opened at `anchor`: a window around it that widens in
 * both directions (each widening is a window around the first or last card held; pages overlap by
 * that card, which the caller drops).
 */
export const galleryWindowQuery = (f: GalleryFilter, anchor: number) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.window(f, anchor),
    queryFn: ({ pageParam }: { pageParam: WindowParam }) =>
      api('GET /api/gallery/window', { query: { sort: f.sort, category: f.category, group: f.group, ...pageParam } }),
    initialPageParam: { id: anchor, before: GALLERY_WINDOW_STEP / 2, after: GALLERY_WINDOW_STEP / 2 } as WindowParam,
    getNextPageParam: (last) => (last.has_after ? { id: last.items.at(-1)!.id, before: 0, after: GALLERY_WINDOW_STEP } : undefined),
    getPreviousPageParam: (first) => (first.has_before ? { id: first.items[0]!.id, before: GALLERY_WINDOW_STEP, after: 0 } : undefined),
    ...CACHE.gallery,
  });
