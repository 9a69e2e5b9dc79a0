import type { Postcard, PostcardWindow } from '@otkrytka/contract';
import type { ImageRelationRow } from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { previewUrls, previewVideoUrl, viewerSrcset } from '../uploads';

type Urls = Pick<Storage, 'url'>;

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

/** The API shape of a postcard. Every module that answers with postcards uses this. */
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
