import { PREVIEW_SIZES, type Postcard, type PreviewSize } from '@otkrytka/contract';
import type { ImageRelationRow } from '../../db/schema';
import type { Storage } from '../../platform/storage';

/**
 * Where a preview of a stored file lives: beside the original, as `preview/{size}/{name}.webp`
 * (`ab/abc….jpg` → `ab/preview/78x101/abc….webp`).
 */
export function previewKey(storageKey: string, size: PreviewSize): string {
  const slash = storageKey.lastIndexOf('/');
  const dir = slash >= 0 ? storageKey.slice(0, slash + 1) : '';
  const file = storageKey.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  return `${dir}preview/${PREVIEW_SIZES[size].dir}/${name}.webp`;
}

export type PreviewUrls = Record<PreviewSize, string | null>;

export function previewUrls(storage: Storage, storageKey: string, hasPreview: boolean): PreviewUrls {
  const url = (size: PreviewSize) => (hasPreview ? storage.url(previewKey(storageKey, size)) : null);
  return { small: url('small'), tiny: url('tiny'), thumb: url('thumb'), viewer: url('viewer') };
}

/** A postcard row as the repos select it: the row plus its uploader's names. */
export type PostcardRow = ImageRelationRow & { owner_username: string | null; owner_login: string | null };

/** The API shape of a postcard (spec 001 §3). Every module that answers with postcards uses this. */
export function toPostcard(storage: Storage, r: PostcardRow): Postcard {
  const image = storage.url(r.storage_key);
  const p = previewUrls(storage, r.storage_key, r.has_preview === 1);
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
    image_url: image,
    imageUrl: image,
    preview_78x101_url: p.small,
    preview_36_url: p.tiny,
    thumbnail_url: p.thumb,
    viewer_url: p.viewer,
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
