import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, Ok, QueryCount } from './common';
import { Postcard } from './postcards';
import { BOOKMARKS_LIMIT } from './rules/postcards';

export const Bookmark = z.object({
  id: z.number().int(),
  image_relation_id: z.number().int(),
  created_at: z.string(),
  image_url: z.string(),
  preview_78x101_url: z.string().nullable(),
  postcard: Postcard,
});
export type Bookmark = z.infer<typeof Bookmark>;

export const bookmarksRoutes = defineRoutes({
  'GET /api/bookmarks': {
    access: 'user',
    summary: 'My bookmarks, newest first',
    query: z.object({
      offset: QueryCount.default(0),
      limit: z.coerce.number().int().min(1).max(BOOKMARKS_LIMIT).default(BOOKMARKS_LIMIT),
    }),
    response: z.array(Bookmark),
  },
  'POST /api/bookmarks': {
    access: 'user',
    summary: "Bookmark a postcard (400 'Image already in bookmarks' when it is)",
    body: z.object({ image_relation_id: BodyId }),
    status: 201,
    response: Bookmark,
  },
  'DELETE /api/bookmarks/{image_relation_id}': {
    access: 'user',
    summary: 'Remove a bookmark',
    params: z.object({ image_relation_id: Id }),
    response: Ok,
  },
});
