import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, IdParams, Ok, QueryBool, QueryCount } from './common';
import { CHANNEL_PAGE_MAX, CHANNEL_PAGE_SIZE, MEDIA_KINDS, POSTCARD_LIMITS, isHttpUrl } from './rules/postcards';
import { trimInvisible } from './rules/text';
import { SearchText } from './search';

export * from './rules/postcards';

/**
 * Counters of a postcard: views once per viewer (user, or visitor address) per day; reposts are
 * greetings made from it; bookmarks. (The spec's `comments` is gone: there are no comments.)
 */
export const PostcardStats = z.object({
  views: z.number().int(),
  reposts: z.number().int(),
  bookmarks: z.number().int(),
});
export type PostcardStats = z.infer<typeof PostcardStats>;

/** A postcard ("image relation"): a media file placed in a channel. */
export const Postcard = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  collection_id: z.number().int(),
  category_id: z.number().int().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  file_name: z.string().nullable(),
  media_kind: z.enum(MEDIA_KINDS),
  /** the original file under /media */
  image_url: z.string(),
  /** the same as image_url, for clients that read camelCase */
  imageUrl: z.string(),
  /** previews (webp; animated for gifs; a poster frame for videos) — null for a video without a poster */
  preview_78x101_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** the gallery thumbnail, 160×220 (80×110 at 2×) */
  thumbnail_url: z.string().nullable(),
  /** a large preview fitting the viewer; for videos, the poster */
  viewer_url: z.string().nullable(),
  /** still pictures: `url 480w, url 768w, url 1080w` (webp renditions, never wider than the original) for an img srcset; null until made */
  viewer_srcset: z.string().nullable(),
  /** videos: a silent mp4 preview of the first seconds (≤ 1 MB, ≤ 480 px wide); null until made */
  preview_video_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  is_approved: z.boolean(),
  is_banned: z.boolean(),
  likes_count: z.number().int(),
  rejects_count: z.number().int(),
  stats: PostcardStats,
  /** the uploader's display name ("Добавил(а)") */
  username: z.string().nullable(),
  /** the credited author of the work, when the uploader named one (never the uploader) */
  author: z.string().nullable(),
  /** the author's profile link, when recorded */
  author_url: z.string().nullable(),
  /** the site of the original (host of source_url) */
  source: z.string().nullable(),
  /** the link to the original (http/https) */
  source_url: z.string().nullable(),
  created_at: z.string(),
});
export type Postcard = z.infer<typeof Postcard>;

/** Counts of a channel's (or category's) postcards by moderation state. */
export const ModerationCounts = z.object({
  approved: z.number().int(),
  pending: z.number().int(),
  banned: z.number().int(),
});
export type ModerationCounts = z.infer<typeof ModerationCounts>;

export const PostcardPage = z.object({
  items: z.array(Postcard),
  /** how many match the filter (in the chosen view) */
  total: z.number().int(),
  counts: ModerationCounts,
  offset: z.number().int(),
  limit: z.number().int(),
});
export type PostcardPage = z.infer<typeof PostcardPage>;

/** Filters of a channel's postcard list. `approved=true` lists only approved postcards. */
export const PostcardListQuery = z.object({
  category_id: Id.optional(),
  group_id: Id.optional(),
  approved: QueryBool.optional(),
  offset: QueryCount.default(0),
  limit: z.coerce.number().int().min(1).max(CHANNEL_PAGE_MAX).default(CHANNEL_PAGE_SIZE),
  /** accepted and ignored: the server acts as the signed-in user */
  user_id: z.string().optional(),
});

/**
 * A channel's postcard list: its filters, and `q`, a search over them (docs/PRODUCT-RULES.md,
 * Search): only the approved postcards it finds, best matches first, whoever reads.
 */
export const ChannelPostcardsQuery = PostcardListQuery.extend({ q: SearchText });

/** The most cards a window of a listing reaches on either side of its card. */
export const WINDOW_MAX_SIDE = 50;
const WindowSide = z.coerce.number().int().min(0).max(WINDOW_MAX_SIDE).default(10);

/** The cards around one postcard of a listing, in listing order; the requested card is `items[index]`. */
export const PostcardWindow = z.object({
  items: z.array(Postcard),
  index: z.number().int().min(0),
  has_before: z.boolean(),
  has_after: z.boolean(),
  /** how many postcards the listing holds */
  total: z.number().int().min(0),
});
export type PostcardWindow = z.infer<typeof PostcardWindow>;

/** How far a window reaches before and after its card. */
export const WindowSides = z.object({ before: WindowSide, after: WindowSide });

/**
 * The cards around one postcard of a channel's listing (same filter and search as `/postcards`),
 * for the viewer: `order` is the viewer's (newest first, or oldest first for a whole unfiltered
 * channel); with `q` it is the search's, best matches first.
 */
export const ChannelWindowQuery = ChannelPostcardsQuery.pick({ category_id: true, group_id: true, approved: true, q: true })
  .extend({ id: Id, order: z.enum(['newest', 'oldest']).default('newest') })
  .extend(WindowSides.shape);

const Description = z
  .string({ error: 'channels.errors.descriptionRequired' })
  .overwrite(trimInvisible)
  .min(1, { error: 'channels.errors.descriptionRequired' })
  .min(POSTCARD_LIMITS.descriptionMin, { error: 'channels.errors.descriptionTooShort' })
  .max(POSTCARD_LIMITS.descriptionMax, { error: 'channels.errors.descriptionTooLong' });

/** An optional text field: trimmed, empty means none. */
const optionalText = (max: number) =>
  z
    .string()
    .overwrite(trimInvisible)
    .max(max, { error: 'channels.errors.tooLong' })
    .nullish()
    .transform((v) => v || null);

/** The author credited on the work (not the uploader). */
export const AuthorName = optionalText(POSTCARD_LIMITS.authorMax);

/** The link to the original: http or https only; empty means none. */
export const SourceUrl = z
  .string()
  .trim()
  .max(POSTCARD_LIMITS.sourceUrlMax, { error: 'channels.errors.sourceUrlInvalid' })
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isHttpUrl(v), { error: 'channels.errors.sourceUrlInvalid' });

export const CreatePostcardBody = z.object({
  upload_id: z.number().int().positive({ error: 'channels.errors.noImageUrl' }),
  collection_id: BodyId,
  category_id: BodyId.nullish(),
  description: Description,
  title: z.string().overwrite(trimInvisible).max(POSTCARD_LIMITS.titleMax).nullish(),
  author_name: AuthorName,
  source_url: SourceUrl,
  /** accepted and ignored (the spec's client sends them; the upload decides the file) */
  url: z.string().nullish(),
  short_url: z.string().nullish(),
  user_id: z.unknown().optional(),
});
export type CreatePostcardBody = z.input<typeof CreatePostcardBody>;

/** What the postcard's owner may change after saving: the credit and the description. */
export const UpdatePostcardBody = z.object({
  author_name: AuthorName.optional(),
  source_url: SourceUrl.optional(),
  description: Description.optional(),
  /** move it to another of the channel owner's categories, or out of any (null) */
  category_id: BodyId.nullable().optional(),
});
export type UpdatePostcardBody = z.input<typeof UpdatePostcardBody>;

export const postcardsRoutes = defineRoutes({
  'POST /api/image_relations': {
    access: 'user',
    summary: 'Save an upload as a postcard in one of your channels (it starts pending)',
    body: CreatePostcardBody,
    status: 201,
    response: Postcard,
  },
  'GET /api/image_relations': {
    access: 'optional',
    summary: "A channel's postcards, newest first, by category or group, approved only or all",
    query: PostcardListQuery.extend({ collection_id: Id }),
    response: PostcardPage,
  },
  'GET /api/image_relations/{id}': {
    access: 'optional',
    summary: 'One postcard',
    params: IdParams,
    response: Postcard,
  },
  'PATCH /api/image_relations/{id}': {
    access: 'user',
    summary: "Change your postcard's author, source link, description or category",
    params: IdParams,
    body: UpdatePostcardBody,
    response: Postcard,
  },
  'POST /api/image_relations/{id}/view': {
    access: 'optional',
    summary: 'Count a view of the postcard opened in the viewer: once per viewer (user, or visitor address) per day',
    params: IdParams,
    response: PostcardStats,
  },
  'DELETE /api/image_relations/{id}': {
    access: 'user',
    summary: 'Delete your postcard',
    params: IdParams,
    response: Ok,
  },
});
