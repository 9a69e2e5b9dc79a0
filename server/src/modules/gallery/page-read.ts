import type { GalleryPage } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Storage } from '../../platform/storage';
import { toPostcard } from '../postcards';
import { type GalleryCursor, type GalleryFilter, galleryPage, sortKey } from './repo';

/** What one gallery page is read by: the listing, where the previous page ended, and its size. */
export interface PageAsk {
  filter: GalleryFilter;
  cursor?: GalleryCursor | undefined;
  offset: number;
  limit: number;
}

export const encodeCursor = (c: GalleryCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** One page straight from the database. */
export async function readPage(db: Queryable, storage: Pick<Storage, 'url'>, ask: PageAsk): Promise<GalleryPage> {
  const rows = await galleryPage(db, ask.filter, { cursor: ask.cursor, offset: ask.offset, limit: ask.limit + 1 });
  const items = rows.slice(0, ask.limit);
  const last = items[items.length - 1];
  const hasMore = rows.length > ask.limit && !!last;
  return {
    items: items.map((r) => toPostcard(storage, r)),
    next_cursor: hasMore ? encodeCursor([sortKey(ask.filter)(last), last.id]) : null,
    has_more: hasMore,
  };
}
