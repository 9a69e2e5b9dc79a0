import type { GallerySearchSort } from '@otkrytka/contract';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { WINDOW_KEY, windowQuery } from '../postcards/window';
import { galleryKeys } from './queries';

/** A gallery listing as the viewer walks it: the grid's sort and filter, and its search (`q`) if it shows one. */
export interface GalleryWindowFilter {
  sort: GallerySearchSort;
  category?: number | undefined;
  group?: number | undefined;
  q?: string | undefined;
}

/**
 * The viewer's cards of a gallery listing, or of a search's results, in the grid's order, opened at
 * `anchor` (only the viewer asks for it, so it is not part of the gallery's first load).
 */
export const galleryWindowQuery = (f: GalleryWindowFilter, anchor: number) =>
  windowQuery(
    [...galleryKeys.all, WINDOW_KEY, f, anchor] as const,
    anchor,
    (side) => api('GET /api/gallery/window', { query: { q: f.q, sort: f.sort, category: f.category, group: f.group, ...side } }),
    CACHE.gallery,
  );
