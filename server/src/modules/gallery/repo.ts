import type { GallerySort } from '@otkrytka/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import type { PostcardRow } from '../postcards/present';
import { selectPostcards } from '../postcards/repo';

/** Where the previous page ended: the sort value and id of its last postcard. */
export type GalleryCursor = [string | number, number];

export interface GalleryFilter {
  collectionId: number;
  categoryId?: number | undefined;
  groupId?: number | undefined;
  sort: GallerySort;
  /** only postcards created at or after this instant (the 24-hour sorts) */
  since?: string | undefined;
}

/**
 * One page of approved, not banned postcards. Newest sorts by (created_at, id) and popular by
 * (likes_count, id), both descending, so a page after a cursor is an index range, as fast at
 * 100,000 postcards as at 100.
 */
export function galleryPage(
  db: Queryable,
  f: GalleryFilter,
  page: { cursor?: GalleryCursor | undefined; offset: number; limit: number },
): Promise<PostcardRow[]> {
  const byLikes = f.sort === 'popular' || f.sort === 'popular24h';
  const sortCol = byLikes ? 'ir.likes_count' : 'ir.created_at';
  let q = selectPostcards(db)
    .where('ir.collection_id', '=', f.collectionId)
    .where('ir.is_approved', '=', 1)
    .where('ir.is_banned', '=', 0);
  if (f.categoryId !== undefined) q = q.where('ir.category_id', '=', f.categoryId);
  if (f.groupId !== undefined) {
    const groupId = f.groupId;
    q = q.where('ir.category_id', 'in', (eb) => eb.selectFrom('categories').select('id').where('group_id', '=', groupId));
  }
  if (f.since) q = q.where('ir.created_at', '>=', f.since);
  if (page.cursor) {
    const [value, id] = page.cursor;
    q = q.where((eb) => eb(eb.refTuple(sortCol, 'ir.id'), '<', eb.tuple(value as never, id)));
  }
  return q
    .orderBy(sortCol, 'desc')
    .orderBy('ir.id', 'desc')
    .offset(page.cursor ? 0 : page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * A number that changes whenever the database may have changed, or null where no such number is
 * cheap (PostgreSQL). On SQLite: this connection's total row changes plus the file's data version,
 * which moves when another connection (another server process) commits.
 */
export async function dataVersion(db: Queryable): Promise<string | null> {
  if (isPostgres(db)) return null;
  const r = await sql<{ changes: number; version: number }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db);
  const row = r.rows[0];
  return row ? `${row.changes}:${row.version}` : null;
}
