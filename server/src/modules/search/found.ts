import type { Deps } from '../../deps';
import { SEARCH_CANDIDATES, type SearchCursor, type SearchSort } from './repo';
import { type SearchAsk, searchService } from './service';

/** One read lists at most this many: a search ranks SEARCH_CANDIDATES from each of its two sources. */
const AT_ONCE = 2 * SEARCH_CANDIDATES;
/** Past every postcard in each sort's order (scores, likes and ids are far below these). */
const BEFORE_ALL: Record<SearchSort, SearchCursor> = {
  relevance: [1_000_000, '9999-12-31T23:59:59.999Z', 2_147_483_647],
  newest: ['9999-12-31T23:59:59.999Z', 2_147_483_647],
  popular: [2_147_483_647, 2_147_483_647],
};
const cursorOf = (c: SearchCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/**
 * Every postcard a search lists, in its order (a search lists a bounded number, docs/PRODUCT-RULES.md,
 * Search): what a viewer's window walks through and a channel's search pages through. It reads from
 * a cursor placed before every postcard, so it is not counted as a search made: a window opened in
 * the viewer, or a channel's search, does not feed the gallery's frequent searches.
 */
export async function everyFound(deps: Deps, ask: Omit<SearchAsk, 'cursor' | 'offset' | 'limit'>): Promise<number[]> {
  const search = searchService(deps);
  const ids: number[] = [];
  let cursor: string | null = cursorOf(BEFORE_ALL[ask.sort]);
  // one read holds them all; more reads only if the search ever lists more
  while (cursor) {
    const page = await search.find({ ...ask, cursor, offset: 0, limit: AT_ONCE });
    ids.push(...page.ids);
    cursor = page.has_more ? page.next_cursor : null;
  }
  return ids;
}

/**
 * Around the postcard `id` of a search's list (`everyFound`): the ids beyond it on each side,
 * nearest first, one more than asked where there are (so the extra one tells that side has more).
 * Undefined when the search does not list it.
 */
export function aroundFound(ids: number[], id: number, sides: { before: number; after: number }): { before: number[]; after: number[] } | undefined {
  const at = ids.indexOf(id);
  if (at < 0) return undefined;
  return { before: ids.slice(Math.max(0, at - sides.before - 1), at).reverse(), after: ids.slice(at + 1, at + sides.after + 2) };
}
