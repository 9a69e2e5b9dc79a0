import type { GallerySort } from '@otkrytka/contract/rules/postcards';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

export interface GalleryFilter {
  sort: GallerySort;
  category?: number | undefined;
  group?: number | undefined;
}

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (f: GalleryFilter) => [...galleryKeys.all, 'list', f] as const,
  chips: () => [...galleryKeys.all, 'chips'] as const,
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
