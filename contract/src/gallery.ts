import { z } from 'zod';
import { defineRoutes } from './route';
import { Id } from './common';
import { Category, CategoryGroup } from './categories';
import { Postcard } from './postcards';
import { GALLERY_DEFAULT_SORT, GALLERY_MAX_OFFSET, GALLERY_PAGE_SIZE, GALLERY_SORTS } from './rules/postcards';

export const GalleryQuery = z.object({
  category: Id.optional(),
  group: Id.optional(),
  sort: z.enum(GALLERY_SORTS).default(GALLERY_DEFAULT_SORT),
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
  'GET /api/gallery/chips': {
    access: 'public',
    summary: "The gallery's category and group chips",
    response: GalleryChips,
  },
});
