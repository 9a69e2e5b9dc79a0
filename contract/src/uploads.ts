import { z } from 'zod';
import { defineRoutes } from './route';
import { QueryCount } from './common';
import { MEDIA_KINDS } from './rules/postcards';

/** A file one uploaded. `cloud_url` is where it is served (under /media). */
export const Upload = z.object({
  id: z.number().int(),
  file_name: z.string(),
  cloud_url: z.string(),
  /** SHA-256 of the uploaded bytes; the same bytes are stored once */
  hash: z.string(),
  mime: z.string(),
  media_kind: z.enum(MEDIA_KINDS),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  preview_78x101_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  uploaded_at: z.string(),
});
export type Upload = z.infer<typeof Upload>;

export const uploadsRoutes = defineRoutes({
  'POST /api/uploads/upload': {
    access: 'user',
    summary: 'Upload a jpg, png, webp, gif or mp4 (multipart field "file"); checked by content',
    multipart: true,
    status: 201,
    response: Upload,
  },
  'GET /api/uploads': {
    access: 'user',
    summary: 'My uploads, newest first, optionally by file name',
    query: z.object({
      search: z.string().trim().max(200).optional(),
      offset: QueryCount.default(0),
      limit: z.coerce.number().int().min(1).max(200).default(60),
      user_id: z.string().optional(),
    }),
    response: z.array(Upload),
  },
});
