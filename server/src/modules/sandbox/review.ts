import type { SelectQueryBuilder } from 'kysely';
import type { ReviewPostcard } from '@otkrytka/contract';
import type { Queryable } from '../../db';

/**
 * A postcard as community review (sandbox) and moderation show it. Shared by the sandbox and
 * moderation modules: one place for the columns, the pending rule and the media URLs.
 */

/** Pending: neither approved nor banned (spec 001 §4). For queries over `image_relations as ir`. */
export const pendingOnly = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
  qb.where('ir.is_approved', '=', 0).where('ir.is_banned', '=', 0) as QB;

export const selectReview = (db: Queryable) =>
  db
    .selectFrom('image_relations as ir')
    .innerJoin('users as u', 'u.id', 'ir.user_id')
    .select([
      'ir.id',
      'ir.user_id',
      'ir.collection_id',
      'ir.category_id',
      'ir.title',
      'ir.description',
      'ir.file_name',
      'ir.storage_key',
      'ir.media_kind',
      'ir.width',
      'ir.height',
      'ir.is_approved',
      'ir.is_banned',
      'ir.likes_count',
      'ir.rejects_count',
      'ir.created_at',
      'ir.author_name',
      'ir.source_site',
      'u.username',
      'u.first_name',
      'u.login',
    ]);

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReview>['executeTakeFirstOrThrow']>>;

/** Media lives under /media by storage key; previews sit beside it as preview/{size}/{name}.webp. */
export const mediaUrl = (storageKey: string) => `/media/${storageKey}`;
export const previewUrl = (storageKey: string, size: string) => {
  const slash = storageKey.lastIndexOf('/');
  const dir = slash >= 0 ? storageKey.slice(0, slash + 1) : '';
  const name = storageKey.slice(slash + 1).replace(/\.[^.]+$/, '');
  return `/media/${dir}preview/${size}/${name}.webp`;
};

export const toReviewPostcard = (r: ReviewRow): ReviewPostcard => ({
  id: r.id,
  user_id: r.user_id,
  collection_id: r.collection_id,
  category_id: r.category_id,
  title: r.title,
  description: r.description,
  file_name: r.file_name,
  image_url: mediaUrl(r.storage_key),
  preview_78x101_url: previewUrl(r.storage_key, '78x101'),
  media_kind: r.media_kind,
  width: r.width,
  height: r.height,
  is_approved: r.is_approved === 1,
  is_banned: r.is_banned === 1,
  likes_count: r.likes_count,
  rejects_count: r.rejects_count,
  created_at: r.created_at,
  author: r.author_name,
  source: r.source_site,
  username: r.username || r.first_name || r.login,
});
