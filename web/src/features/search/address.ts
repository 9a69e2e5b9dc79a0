/** The longest query the gallery searches for (the API takes 1–100 characters). */
export const SEARCH_MAX = 100;

/** The parameters that choose the gallery's listing; a search or a category picked from the suggestions replaces them. */
const LISTING = ['q', 'category', 'group', 'sort'] as const;

/** The query a gallery address searches for ('' when it does not search). */
export function searchQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
}

/**
 * The gallery address of a search (`q`) or of one category, from the current one: what else the
 * address says stays — the postcard being picked for a greeting (to, opens, date, holiday), the way
 * back to the sandbox. An empty query is the whole gallery.
 */
export function searchAddress(current: URLSearchParams, next: { q?: string; category?: number }): string {
  const p = new URLSearchParams(current);
  for (const k of LISTING) p.delete(k);
  const q = next.q?.trim().slice(0, SEARCH_MAX);
  if (q) p.set('q', q);
  if (next.category !== undefined) p.set('category', String(next.category));
  const s = p.toString();
  return s ? `/gallery?${s}` : '/gallery';
}

/** The gallery is picking a postcard for a greeting (a holiday's or a date's): a search keeps it on the gallery. */
export const isPicking = (params: URLSearchParams) => ['to', 'opens', 'date', 'holiday'].some((k) => params.has(k));
