import type { GallerySort } from '@otkrytka/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db';
import { isPostgres } from '../../db/dialect';
import { limitOf } from '../../db/limit';
import type { PostcardRow } from '../postcards';

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

type PageSpec = { cursor?: GalleryCursor | undefined; offset: number; limit: number; backwards?: boolean | undefined };

/**
 * One page of approved, not banned postcards. Newest sorts by (created_at, id) and popular by
 * (likes_count, id), both descending, so a page after a cursor is an index range, as fast at
 * 1,000,000 postcards as at 100. A group is one such range per category of the group, merged.
 * A group, and the day's most liked, first rank (sort value, id) pairs from the index alone and
 * then read only the page's rows.
 */
export async function galleryPage(db: Queryable, f: GalleryFilter, page: PageSpec): Promise<PostcardRow[]> {
  if (f.groupId === undefined) {
    if (!(byLikesSort(f) && f.since !== undefined)) return rangePage(db, f, page);
    return rankedPage(db, f, [f.categoryId], page);
  }
  const categories = (await listingCategories(db, f))!;
  if (!categories.length) return [];
  return rankedPage(db, f, categories, page);
}

/** The sorts ranked by likes (the others by creation time). */
export const byLikesSort = (f: Pick<GalleryFilter, 'sort'>) => f.sort === 'popular' || f.sort === 'popular24h';
/** The value a listing is sorted by (then by id), descending. */
export const sortKey = (f: Pick<GalleryFilter, 'sort'>) => (r: PostcardRow) => (byLikesSort(f) ? r.likes_count : r.created_at);

/**
 * The categories a group's listing spans (undefined: no group asked). With a category asked too,
 * the listing is that category when it is in the group, and empty when it is not.
 */
async function listingCategories(db: Queryable, f: Pick<GalleryFilter, 'groupId' | 'categoryId'>): Promise<number[] | undefined> {
  if (f.groupId === undefined) return undefined;
  const ids = (await db.selectFrom('categories').select('id').where('group_id', '=', f.groupId).orderBy('id').execute()).map((c) => c.id);
  return f.categoryId === undefined ? ids : ids.filter((id) => id === f.categoryId);
}

/** One postcard if it belongs to the listing (approved, not banned, in the filter), else undefined. */
export async function listingPostcard(db: Queryable, f: GalleryFilter, id: number): Promise<PostcardRow | undefined> {
  const categories = await listingCategories(db, f);
  if (categories?.length === 0) return undefined;
  const r = await sql<PostcardRow>`
    select ir.*, u.username as owner_username, u.login as owner_login
    from image_relations as ir inner join users as u on u.id = ir.user_id
    where ir.id = ${id} and ir.collection_id = ${f.collectionId} and ir.is_approved = 1 and ir.is_banned = 0
      ${f.categoryId !== undefined ? sql`and ir.category_id = ${f.categoryId}` : sql``}
      ${categories ? sql`and ir.category_id in (${sql.join(categories)})` : sql``}
      ${f.since !== undefined ? sql`and ir.created_at >= ${f.since}` : sql``}`.execute(db);
  return r.rows[0];
}

/** Postcards by id, in the order of `ids` (a search's page). */
export async function rowsByIds(db: Queryable, ids: number[]): Promise<PostcardRow[]> {
  if (!ids.length) return [];
  const r = await sql<PostcardRow>`
    select ir.*, u.username as owner_username, u.login as owner_login
    from image_relations as ir inner join users as u on u.id = ir.user_id
    where ir.id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(r.rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is PostcardRow => !!row);
}

/** How many postcards the listing holds (an index range count per category for a group). */
export async function listingCount(db: Queryable, f: GalleryFilter): Promise<number> {
  const count = async (categoryId: number | undefined) => {
    const r = await sql<{ n: number | string }>`
      select count(*) as n from image_relations as ir
      where ir.collection_id = ${f.collectionId} and ir.is_approved = 1 and ir.is_banned = 0
        ${categoryId !== undefined ? sql`and ir.category_id = ${categoryId}` : sql``}
        ${f.since !== undefined ? sql`and ir.created_at >= ${f.since}` : sql``}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };
  const categories = await listingCategories(db, f);
  if (categories === undefined) return count(f.categoryId);
  const counts = await Promise.all(categories.map(count));
  return counts.reduce((a, b) => a + b, 0);
}

/** The index each kind of page is read from (migrations 0001, 0060 and 0065). */
function indexFor(f: GalleryFilter, byLikes: boolean): string {
  // the 24-hour sorts read the day's range of the creation index (which carries likes_count for popular)
  const created = f.since !== undefined || !byLikes;
  if (f.categoryId !== undefined) return created ? 'ir_gallery_category_created' : 'ir_gallery_category_likes';
  return created ? 'ir_collection_state_created' : 'ir_collection_state_likes';
}

/**
 * The order of a page: by the sort value, then id; descending, or ascending for `backwards`. The
 * day's most liked order by `likes_count + 0`, an order no index gives: by the plain column
 * PostgreSQL walks the likes index and skips every older postcard (6 ms at 100,000 postcards
 * against 0.3 ms for ranking the day's range of the creation index).
 */
function pageOrder(f: GalleryFilter, page: PageSpec) {
  const byLikes = byLikesSort(f);
  const sortCol = sql.ref(byLikes ? 'ir.likes_count' : 'ir.created_at');
  const direction = page.backwards ? sql`asc` : sql`desc`;
  const orderCol = byLikes && f.since !== undefined ? sql`(${sortCol} + 0)` : sortCol;
  return { sortCol, direction, order: sql`${orderCol} ${direction}, ir.id ${direction}` };
}

/**
 * LIMIT and OFFSET of a page: its size written into the SQL (`limitOf`), and no OFFSET after a
 * cursor. A real offset stays a parameter, so its values do not multiply the statement texts.
 */
const pageBounds = (limit: number, offset: number) => (offset ? sql`${limitOf(limit)} offset ${offset}` : limitOf(limit));

/** The clauses of one index range of the listing: filter, cursor, order (alias `ir`). */
function rangeClauses(db: Queryable, f: GalleryFilter, categoryId: number | undefined, page: PageSpec) {
  const { sortCol, order } = pageOrder(f, page);
  // SQLite picks indexes without statistics and, for a category or a 24-hour page after a cursor,
  // picks one that scans many rows: name the right one (PostgreSQL plans from its statistics)
  const indexed = isPostgres(db) ? sql`` : sql` indexed by ${sql.raw(indexFor({ ...f, categoryId }, byLikesSort(f)))}`;
  const past = page.backwards ? sql`>` : sql`<`;
  const cursor = page.cursor ? sql` and (${sortCol}, ir.id) ${past} (${page.cursor[0]}, ${page.cursor[1]})` : sql``;
  const where = sql`ir.collection_id = ${f.collectionId} and ir.is_approved = 1 and ir.is_banned = 0
      ${categoryId !== undefined ? sql`and ir.category_id = ${categoryId}` : sql``}
      ${f.since !== undefined ? sql`and ir.created_at >= ${f.since}` : sql``}${cursor}`;
  return { sortCol, indexed, where, order };
}

/** One index range of the listing; `backwards` reads towards the top of the listing (ascending). */
async function rangePage(db: Queryable, f: GalleryFilter, page: PageSpec): Promise<PostcardRow[]> {
  const c = rangeClauses(db, f, f.categoryId, page);
  const r = await sql<PostcardRow>`
    select ir.*, u.username as owner_username, u.login as owner_login
    from image_relations as ir${c.indexed} inner join users as u on u.id = ir.user_id
    where ${c.where}
    order by ${c.order}
    ${pageBounds(page.limit, page.cursor ? 0 : page.offset)}`.execute(db);
  return r.rows;
}

/**
 * A page merged from index ranges (one per category, or one for the whole channel): each range
 * gives its first (sort value, id) pairs from a covering index, the pairs are merged and cut to
 * the page, and only then are the page's rows read.
 */
async function rankedPage(db: Queryable, f: GalleryFilter, categories: (number | undefined)[], page: PageSpec): Promise<PostcardRow[]> {
  const offset = page.cursor ? 0 : page.offset;
  const ranges = categories.map((categoryId, i) => {
    const c = rangeClauses(db, f, categoryId, page);
    return sql`select * from (
      select ir.id, ${c.sortCol} as k from image_relations as ir${c.indexed}
      where ${c.where} order by ${c.order} ${offset ? sql`limit ${offset + page.limit}` : limitOf(page.limit)}) as ${sql.raw(`r${i}`)}`;
  });
  const { order, direction } = pageOrder(f, page);
  const r = await sql<PostcardRow>`
    select ir.*, u.username as owner_username, u.login as owner_login
    from (select id from (${sql.join(ranges, sql` union all `)}) as ranked
          order by k ${direction}, id ${direction} ${pageBounds(page.limit, offset)}) as chosen
    inner join image_relations as ir on ir.id = chosen.id
    inner join users as u on u.id = ir.user_id
    order by ${order}`.execute(db);
  return r.rows;
}

/** The listing a page belongs to: a channel's whole gallery, one category, or one group. */
export function listingScope(f: Pick<GalleryFilter, 'collectionId' | 'categoryId' | 'groupId'>): string {
  if (f.categoryId !== undefined) return `c${f.collectionId}:k${f.categoryId}`;
  if (f.groupId !== undefined) return `c${f.collectionId}:g${f.groupId}`;
  return `c${f.collectionId}`;
}

/**
 * The current version of a listing and of everything (`*`), as one string; written by the
 * database's triggers (migration 0061) in the same transaction as the change.
 */
export async function listingVersion(db: Queryable, scope: string): Promise<string> {
  const r = await sql<{ scope: string; version: number }>`select scope, version from gallery_versions where scope in ('*', ${scope})`.execute(db);
  let all = 0;
  let one = 0;
  for (const row of r.rows) {
    if (row.scope === '*') all = Number(row.version);
    else one = Number(row.version);
  }
  return `${all}:${one}`;
}
