import type { z } from 'zod';
import { GALLERY_CATEGORY_CHIPS, type GalleryChips, type GalleryPage, GalleryQuery, type GallerySearchSort, type GallerySort, type GalleryWindow, type GalleryWindowQuery } from '@otkrytka/contract';
import { GALLERY_DEFAULT_SORT, GALLERY_FIRST_REQUESTS } from '@otkrytka/contract/rules/postcards';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { type AuthUser, JsonBytes } from '../../http/routes';
import { categoriesRepo } from '../categories';
import { groupCategories, toCategory } from '../categories';
import { channelsRepo } from '../channels';
import { toPostcard, toWindow } from '../postcards';
import { aroundFound, everyFound, searchService } from '../search';
import { PageCache } from './cache';
import { readPage } from './page-read';
import { pageReaders } from './readers';
import { byLikesSort, type GalleryCursor, type GalleryFilter, galleryPage, listingCount, listingPostcard, listingScope, listingVersion, rowsByIds, sortKey } from './repo';

const DAY_MS = 24 * 3600_000;
/** The version a 24-hour page is kept with: no listing version equals it, so only its age can serve it. */
const BY_AGE_ONLY = '';

/** A moment as cursors carry it: what `toISOString` writes. */
const CURSOR_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isCursorMoment = (v: unknown) => typeof v === 'string' && CURSOR_MOMENT.test(v) && !Number.isNaN(Date.parse(v));

/** `[created_at, id]` or `[likes_count, id]`, as `next_cursor` gives it; anything else is 400. */
function decodeCursor(s: string, byLikes: boolean): GalleryCursor {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString()) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      Number.isSafeInteger(v[1]) &&
      v[1] > 0 &&
      (byLikes ? Number.isSafeInteger(v[0]) && v[0] >= 0 : isCursorMoment(v[0]))
    ) {
      return v as GalleryCursor;
    }
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid cursor: pass next_cursor from the previous page of the same sort');
}

const services = new WeakMap<Deps, ReturnType<typeof createGalleryService>>();
/** The public gallery of this app (one per app, so the routes and the page hints share its cache). */
export function galleryService(deps: Deps) {
  let service = services.get(deps);
  if (!service) services.set(deps, (service = createGalleryService(deps)));
  return service;
}

type Asked = z.output<typeof GalleryQuery>;
/** A listing's page: its sort settled (`newest` unless asked). */
type ListingQuery = Omit<Asked, 'sort' | 'q'> & { sort: GallerySort };
/** A search's page: its sort settled (`relevance` unless asked). */
type SearchQuery = Omit<Asked, 'sort' | 'q'> & { q: string; sort: GallerySearchSort };
type Searched<A> = Omit<A, 'sort' | 'q'> & { q: string; sort: GallerySearchSort };
type Listed<A> = Omit<A, 'sort' | 'q'> & { sort: GallerySort };
/** A page or a window asked of the gallery: a search (`q`), by `relevance` unless asked, or the listing, `newest` unless asked. */
function settle<A extends { q?: string | undefined; sort?: GallerySearchSort | undefined }>({ q, sort, ...rest }: A): { search: Searched<A> } | { listing: Listed<A> } {
  if (q) return { search: { ...rest, q, sort: sort ?? 'relevance' } };
  return { listing: { ...rest, sort: sort === undefined || sort === 'relevance' ? GALLERY_DEFAULT_SORT : sort } };
}
const listingOf = (q: Asked) => {
  const s = settle(q);
  return 'listing' in s ? s.listing : { ...s.search, sort: GALLERY_DEFAULT_SORT };
};

/** The public gallery: approved, not banned postcards of collection 9 (GALLERY_COLLECTION_ID). */
function createGalleryService(deps: Deps) {
  const { db, storage, config } = deps;
  const cache = new PageCache<GalleryPage | JsonBytes>();
  let cacheOn = true;

  const filterOf = (q: { category?: number | undefined; group?: number | undefined; sort: GallerySort }): GalleryFilter => ({
    collectionId: config.galleryCollectionId,
    categoryId: q.category,
    groupId: q.group,
    sort: q.sort,
    since: q.sort.endsWith('24h') ? new Date(deps.clock.now().getTime() - DAY_MS).toISOString() : undefined,
  });

  const scopeOf = (q: ListingQuery) => listingScope({ collectionId: config.galleryCollectionId, categoryId: q.category, groupId: q.group });
  // every parameter that shapes the answer is in the key: a category asked within a group is not the category alone
  const keyOf = (q: ListingQuery) => JSON.stringify([q.category ?? null, q.group ?? null, q.sort, q.cursor ?? null, q.offset, q.limit]);
  // the page the gallery's HTML preloads: the browser fetches it without the reader's token and a
  // signed-in app takes that answer as its own, so it is never kept past its version for anyone
  const preloadedKey = keyOf(listingOf(GalleryQuery.parse(Object.fromEntries(new URL(GALLERY_FIRST_REQUESTS[0], 'http://x').searchParams))));

  const readers = deps.dialect === 'sqlite' && config.galleryReaders > 0 && config.sqlitePath !== ':memory:' ? pageReaders(config.sqlitePath, config.galleryReaders) : null;

  /** One page straight from the database: by a reader thread when there are readers, else here. */
  async function read(q: ListingQuery): Promise<GalleryPage | JsonBytes> {
    const cursor = q.cursor ? decodeCursor(q.cursor, byLikesSort(q)) : undefined;
    const ask = { filter: filterOf(q), cursor, offset: q.offset, limit: q.limit };
    if (readers) {
      try {
        return new JsonBytes(await readers.read(ask));
      } catch (e) {
        // a reader that failed (or stopped) leaves the page to this thread: a broken query fails here as well
        deps.log.warn({ err: e }, 'gallery reader failed; reading the page on the main thread');
      }
    }
    return readPage(db, storage, ask);
  }

  /** What a search of the gallery looks through, in which order (docs/PRODUCT-RULES.md, Search). */
  const searchListing = (q: Pick<SearchQuery, 'q' | 'category' | 'group' | 'sort'>) => ({
    text: q.q,
    collectionId: config.galleryCollectionId,
    categoryId: q.category,
    groupId: q.group,
    sort: q.sort === 'relevance' ? ('relevance' as const) : q.sort.startsWith('popular') ? ('popular' as const) : ('newest' as const),
    since: q.sort.endsWith('24h') ? new Date(deps.clock.now().getTime() - DAY_MS).toISOString() : undefined,
  });

  /** One page of a search (docs/PRODUCT-RULES.md, Search): the search finds the page's postcards, the gallery shows them. */
  async function searchPage(q: SearchQuery): Promise<GalleryPage> {
    const found = await searchService(deps).find({
      ...searchListing(q),
      cursor: q.cursor,
      offset: q.offset,
      limit: q.limit,
    });
    const rows = await rowsByIds(db, found.ids);
    return { items: rows.map((r) => toPostcard(storage, r)), next_cursor: found.next_cursor, has_more: found.has_more };
  }

  return {
    /**
     * One page. A reader who is signed in gets a kept page only while its listing's version is
     * unchanged, so they always see their own writes. A visitor who is not signed in has written
     * nothing, so a page known current at most GALLERY_STALE_MS ago serves them as well as a new one.
     * The 24-hour sorts also depend on the time, so only such visitors get them kept.
     */
    async page(asked: z.output<typeof GalleryQuery>, reader: AuthUser | null = null): Promise<GalleryPage | JsonBytes> {
      const settled = settle(asked);
      // a search is never kept: its answer depends on more than the listing's postcards (category names, holidays)
      if ('search' in settled) return searchPage(settled.search);
      const q = settled.listing;
      if (!cacheOn) return read(q);
      const scope = scopeOf(q);
      const key = keyOf(q);
      const lenient = reader === null && config.galleryStaleMs > 0 && key !== preloadedKey;
      if (lenient) {
        const recent = cache.recent(key, config.galleryStaleMs);
        if (recent) return recent;
      }
      const checkedAt = cache.now();
      if (q.sort.endsWith('24h')) {
        const page = await read(q);
        if (lenient) cache.set(BY_AGE_ONLY, key, page, checkedAt);
        return page;
      }
      // the version first: a page read after it is at least that new
      const version = await listingVersion(db, scope);
      const cached = cache.get(version, key, checkedAt);
      if (cached) return cached;
      const page = await read(q);
      cache.set(version, key, page, checkedAt);
      return page;
    },

    /** One page as data (a page a reader thread wrote is parsed). */
    async pageData(q: z.output<typeof GalleryQuery>): Promise<GalleryPage> {
      const page = await this.page(q);
      return page instanceof JsonBytes ? (JSON.parse(page.bytes.toString()) as GalleryPage) : page;
    },

    /** The cards around one postcard of a listing (or of a search's results), in its order; 404 when it is not in it. */
    async window(asked: z.output<typeof GalleryWindowQuery>): Promise<GalleryWindow> {
      const settled = settle(asked);
      if ('search' in settled) {
        const q = settled.search;
        const ids = await everyFound(deps, searchListing(q));
        const around = aroundFound(ids, q.id, q);
        const rows = around && new Map((await rowsByIds(db, [q.id, ...around.before, ...around.after])).map((r) => [Number(r.id), r]));
        const card = rows?.get(q.id);
        if (!around || !rows || !card) throw notFound('This postcard is not in the results of this search');
        const rowsOf = (list: number[]) => list.flatMap((id) => rows.get(id) ?? []);
        return toWindow(storage, card, { before: rowsOf(around.before), after: rowsOf(around.after) }, q, ids.length);
      }
      const q = settled.listing;
      const f = filterOf(q);
      const card = await listingPostcard(db, f, q.id);
      if (!card) throw notFound('This postcard is not in the gallery listing');
      const at: GalleryCursor = [sortKey(f)(card), card.id];
      const [before, after, total] = await Promise.all([
        galleryPage(db, f, { cursor: at, offset: 0, limit: q.before + 1, backwards: true }),
        galleryPage(db, f, { cursor: at, offset: 0, limit: q.after + 1 }),
        listingCount(db, f),
      ]);
      return toWindow(storage, card, { before, after }, q, total);
    },

    /** Starts the reader threads ahead of the first page. */
    warmReaders: () => readers?.warm(),
    /** How many reader threads this gallery has started. */
    readerThreads: () => readers?.started() ?? 0,

    /** Stops the reader threads (the app is closing). */
    close: () => readers?.close(),

    /** Switches the page cache off and on (the benchmark measures both). */
    useCache(on: boolean) {
      cacheOn = on;
      cache.clear();
    },

    /** The gallery owner's groups with their categories, and the all-categories chips (at most 20). */
    async chips(): Promise<GalleryChips> {
      const gallery = await channelsRepo.byId(db, config.galleryCollectionId);
      if (!gallery) return { groups: [], categories: [] };
      const [groups, categories] = await Promise.all([
        categoriesRepo.groups(db, gallery.user_id),
        categoriesRepo.categories(db, gallery.user_id),
      ]);
      return {
        groups: groupCategories(groups, categories).groups,
        categories: categories.slice(0, GALLERY_CATEGORY_CHIPS).map(toCategory),
      };
    },
  };
}
