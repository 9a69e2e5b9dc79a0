import { z } from 'zod';
import { defineRoutes } from './route';
import { Id } from './common';
import { Category, CategoryGroup } from './categories';
import { Postcard, PostcardWindow, WindowSides } from './postcards';
import { GALLERY_MAX_OFFSET, GALLERY_PAGE_SIZE, GALLERY_SORTS } from './rules/postcards';
import { SEARCH_SORT, SearchText } from './search';

/** The sorts of a gallery listing with a search: the listing's sorts and `relevance`. */
export const GALLERY_SEARCH_SORTS = [SEARCH_SORT, ...GALLERY_SORTS] as const;
export type GallerySearchSort = (typeof GALLERY_SEARCH_SORTS)[number];

export const GalleryQuery = z.object({
  category: Id.optional(),
  group: Id.optional(),
  /** search text (docs/PRODUCT-RULES.md, Search): only the postcards it finds */
  q: SearchText,
  /** by default `relevance` with `q`, else `newest`; `relevance` without `q` is `newest` */
  sort: z.enum(GALLERY_SEARCH_SORTS).optional(),
  /** an opaque position from the previous page's next_cursor (preferred over offset) */
  cursor: z.string().max(200).optional(),
  offset: z.coerce.number().int().min(0).max(GALLERY_MAX_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
});

export const GalleryPage = z.object({
  items: z.array(Postcard),
  /** pass as `cursor` for the next page; null on the last page */
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export type GalleryPage = z.infer<typeof GalleryPage>;

/**
 * The cards around one postcard of a gallery listing (same sort, filter and search as the grid),
 * for the viewer: it opens on any card of the listing, however deep, and widens the window as the
 * user moves (around the first or last card it holds). With `q` the listing is the search's
 * results, `relevance` first by default as in `GET /api/gallery`.
 */
export const GalleryWindowQuery = GalleryQuery.pick({ category: true, group: true, q: true, sort: true })
  .extend({ id: Id })
  .extend(WindowSides.shape);

export const GalleryWindow = PostcardWindow;
export type GalleryWindow = PostcardWindow;

/** The gallery's filter chips: groups with their categories, and the all-categories list (at most 20). */
export const GalleryChips = z.object({
  groups: z.array(CategoryGroup.extend({ categories: z.array(Category) })),
  categories: z.array(Category),
});
export type GalleryChips = z.infer<typeof GalleryChips>;

export const galleryRoutes = defineRoutes({
  'GET /api/gallery': {
    access: 'public',
    summary: 'Approved postcards of the public gallery, 20 per page',
    query: GalleryQuery,
    response: GalleryPage,
  },
  'GET /api/gallery/window': {
    access: 'public',
    summary: 'The postcards around one postcard of a gallery listing (404 when it is not in that listing)',
    query: GalleryWindowQuery,
    response: GalleryWindow,
  },
  'GET /api/gallery/chips': {
    access: 'public',
    summary: "The gallery's category and group chips",
    response: GalleryChips,
  },
});
