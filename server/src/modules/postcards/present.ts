import {
  PREVIEW_SIZES,
  type Postcard,
  type PostcardWindow,
  type PreviewSize,
  RENDITIONS,
  SCREEN_RENDITIONS,
  type ScreenRendition,
  UPLOAD_TYPES,
  VIDEO_PREVIEW,
} from '@otkrytka/contract';
import type { ImageRelationRow } from '../../db/schema';
import type { Storage } from '../../platform/storage';

/** What media URLs are worked out with: a storage's `url` alone. */
type Urls = Pick<Storage, 'url'>;

/**
 * Where a preview of a stored file lives: beside the original, as `preview/{size}/{name}.webp`
 * (`ab/abc….jpg` → `ab/preview/78x101/abc….webp`).
 */
export function previewKey(storageKey: string, size: PreviewSize): string {
  return besideOriginal(storageKey, PREVIEW_SIZES[size].dir, 'webp');
}

/** A screen-size rendition of a still picture: `preview/480w/{name}.webp`, `preview/1080w/…`. */
export const screenRenditionKey = (storageKey: string, r: ScreenRendition) => besideOriginal(storageKey, SCREEN_RENDITIONS[r].dir, 'webp');

/** A video's mp4 preview: `preview/mp4/{name}.mp4`. */
export const videoPreviewKey = (storageKey: string) => besideOriginal(storageKey, VIDEO_PREVIEW.dir, 'mp4');

/** Every file stored beside an original (previews and renditions), for the leftover sweep. */
export function derivedKeys(storageKey: string): string[] {
  return [
    ...(Object.keys(PREVIEW_SIZES) as PreviewSize[]).map((size) => previewKey(storageKey, size)),
    ...(Object.keys(SCREEN_RENDITIONS) as ScreenRendition[]).map((r) => screenRenditionKey(storageKey, r)),
    videoPreviewKey(storageKey),
  ];
}

const DERIVED_DIRS = new Set<string>([
  ...Object.values(PREVIEW_SIZES).map((p) => p.dir),
  ...Object.values(SCREEN_RENDITIONS).map((r) => r.dir),
  VIDEO_PREVIEW.dir,
]);

/**
 * The keys the original of a stored file can have: the key itself for an original; for a preview
 * or rendition (`ab/preview/160x220/abc.webp`), the original beside it in each upload type
 * (`ab/abc.jpg`, `ab/abc.png`, …). The inverse of `derivedKeys`, for the leftover sweep.
 */
export function originalKeysOf(key: string): string[] {
  const m = /^((?:.*\/)?)preview\/([^/]+)\/([^/]+)\.[^./]+$/.exec(key);
  if (!m || !DERIVED_DIRS.has(m[2]!)) return [key];
  return UPLOAD_TYPES.map((type) => `${m[1]}${m[3]}.${type}`);
}

function besideOriginal(storageKey: string, sizeDir: string, ext: string): string {
  const slash = storageKey.lastIndexOf('/');
  const dir = slash >= 0 ? storageKey.slice(0, slash + 1) : '';
  const file = storageKey.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  return `${dir}preview/${sizeDir}/${name}.${ext}`;
}

/** What the rendition URLs of a stored file are worked out from. */
export interface RenditionFacts {
  storage_key: string;
  media_kind: 'image' | 'gif' | 'video';
  width: number | null;
  height: number | null;
  renditions: number;
}

/** The width of a w×h picture fitted inside a box, never enlarged (as sharp's `fit: inside` makes it). */
const fittedWidth = (w: number, h: number, box: { width: number; height: number }) => Math.round(w * Math.min(1, box.width / w, box.height / h));

/**
 * A still picture's srcset for the viewer: the 480, 768 (the viewer preview) and 1080 wide
 * renditions with their real widths; a small original makes equal widths, listed once.
 */
export function viewerSrcset(storage: Urls, r: RenditionFacts): string | null {
  if (r.media_kind !== 'image' || r.renditions !== RENDITIONS.made || !r.width || !r.height) return null;
  const { width: w, height: h } = r;
  const entries: [string, number][] = [
    [screenRenditionKey(r.storage_key, 'screen480'), fittedWidth(w, h, SCREEN_RENDITIONS.screen480)],
    [previewKey(r.storage_key, 'viewer'), fittedWidth(w, h, PREVIEW_SIZES.viewer)],
    [screenRenditionKey(r.storage_key, 'screen1080'), fittedWidth(w, h, SCREEN_RENDITIONS.screen1080)],
  ];
  const seen = new Set<number>();
  return entries
    .filter(([, width]) => !seen.has(width) && seen.add(width))
    .map(([key, width]) => `${storage.url(key)} ${width}w`)
    .join(', ');
}

/** A video's mp4 preview, once made. */
export const previewVideoUrl = (storage: Urls, r: RenditionFacts): string | null =>
  r.media_kind === 'video' && r.renditions === RENDITIONS.made ? storage.url(videoPreviewKey(r.storage_key)) : null;

export type PreviewUrls = Record<PreviewSize, string | null>;

export function previewUrls(storage: Urls, storageKey: string, hasPreview: boolean): PreviewUrls {
  const url = (size: PreviewSize) => (hasPreview ? storage.url(previewKey(storageKey, size)) : null);
  return { small: url('small'), tiny: url('tiny'), thumb: url('thumb'), viewer: url('viewer') };
}

/** A postcard row as the repos select it: the row plus its uploader's names. */
export type PostcardRow = ImageRelationRow & { owner_username: string | null; owner_login: string | null };

type MediaUrls = Pick<
  Postcard,
  'image_url' | 'preview_78x101_url' | 'preview_36_url' | 'thumbnail_url' | 'viewer_url' | 'viewer_srcset' | 'preview_video_url'
>;

/** Media URLs by file: the same files come back in every page of a listing. */
const MEDIA_URLS_KEPT = 10_000;
type UrlFacts = Pick<PostcardRow, 'media_kind' | 'has_preview' | 'renditions' | 'width' | 'height'>;
type KeptUrls = { facts: UrlFacts; urls: MediaUrls };
const mediaUrlCache = new WeakMap<Urls, Map<string, KeptUrls>>();

/** The facts the URLs are worked out from are the same (the file's previews may be made later). */
const sameFacts = (a: UrlFacts, b: UrlFacts) =>
  a.media_kind === b.media_kind && a.has_preview === b.has_preview && a.renditions === b.renditions && a.width === b.width && a.height === b.height;

/** The URLs of a stored file and its previews and renditions (pure in its facts, so remembered). */
function mediaUrlsOf(storage: Urls, r: PostcardRow): MediaUrls {
  let cache = mediaUrlCache.get(storage);
  if (!cache) mediaUrlCache.set(storage, (cache = new Map()));
  const known = cache.get(r.storage_key);
  if (known && sameFacts(known.facts, r)) return known.urls;
  const p = previewUrls(storage, r.storage_key, r.has_preview === 1);
  const urls: MediaUrls = {
    image_url: storage.url(r.storage_key),
    preview_78x101_url: p.small,
    preview_36_url: p.tiny,
    thumbnail_url: p.thumb,
    viewer_url: p.viewer,
    viewer_srcset: r.has_preview === 1 ? viewerSrcset(storage, r) : null,
    preview_video_url: previewVideoUrl(storage, r),
  };
  if (!known && cache.size >= MEDIA_URLS_KEPT) cache.delete(cache.keys().next().value!);
  const { media_kind, has_preview, renditions, width, height } = r;
  cache.set(r.storage_key, { facts: { media_kind, has_preview, renditions, width, height }, urls });
  return urls;
}

/** The API shape of a postcard (spec 001 §3). Every module that answers with postcards uses this. */
export function toPostcard(storage: Urls, r: PostcardRow): Postcard {
  const m = mediaUrlsOf(storage, r);
  const username = r.owner_username ?? r.owner_login;
  return {
    id: r.id,
    user_id: r.user_id,
    collection_id: r.collection_id,
    category_id: r.category_id,
    title: r.title,
    description: r.description,
    file_name: r.file_name,
    media_kind: r.media_kind,
    image_url: m.image_url,
    imageUrl: m.image_url,
    preview_78x101_url: m.preview_78x101_url,
    preview_36_url: m.preview_36_url,
    thumbnail_url: m.thumbnail_url,
    viewer_url: m.viewer_url,
    viewer_srcset: m.viewer_srcset,
    preview_video_url: m.preview_video_url,
    width: r.width,
    height: r.height,
    is_approved: r.is_approved === 1,
    is_banned: r.is_banned === 1,
    likes_count: r.likes_count,
    rejects_count: r.rejects_count,
    stats: { views: r.views_count, reposts: r.reposts_count, bookmarks: r.bookmarks_count },
    username,
    author: r.author_name,
    author_url: r.author_url,
    source: r.source_site,
    source_url: r.source_url,
    created_at: r.created_at,
  };
}

/**
 * A window of a listing around `card`: the rows beyond it on each side, nearest first, read one
 * more than asked (so the extra one tells whether that side has more).
 */
export function toWindow(
  storage: Urls,
  card: PostcardRow,
  beyond: { before: PostcardRow[]; after: PostcardRow[] },
  asked: { before: number; after: number },
  total: number,
): PostcardWindow {
  const shownBefore = beyond.before.slice(0, asked.before).reverse();
  const rows = [...shownBefore, card, ...beyond.after.slice(0, asked.after)];
  return {
    items: rows.map((r) => toPostcard(storage, r)),
    index: shownBefore.length,
    has_before: beyond.before.length > asked.before,
    has_after: beyond.after.length > asked.after,
    total,
  };
}
