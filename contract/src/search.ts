import { z } from 'zod';
import { defineRoutes } from './route';
import { Id } from './common';

/** Postcard search: the gallery's `q`, and the suggestions as one types (docs/PRODUCT-RULES.md, Search). */

/** The longest search text, after trimming. */
export const SEARCH_Q_MAX = 100;
/** The most suggestions one answer holds. */
export const SEARCH_SUGGESTIONS_MAX = 8;
/** The sort of a search: best matches first (the default when `q` is given). */
export const SEARCH_SORT = 'relevance' as const;

/**
 * The search text of a listing: trimmed, at most SEARCH_Q_MAX characters (longer is 422
 * VALIDATION_ERROR at field `q`). Blank (empty or only spaces) is no search at all.
 */
export const SearchText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().min(1).max(SEARCH_Q_MAX).optional(),
);

export const SUGGESTION_KINDS = ['category', 'holiday', 'query'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/**
 * One suggestion: a gallery category (filter by `category_id`), a holiday (`holiday_id`, the
 * calendar's id; its postcards are its categories'), or a frequent search (`text` is the query).
 */
export const Suggestion = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  text: z.string(),
  category_id: Id.optional(),
  holiday_id: z.string().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionsQuery = z.object({
  /** what has been typed so far; empty: the most frequent recent searches and the coming holidays */
  q: z.string().trim().max(SEARCH_Q_MAX).default(''),
  /** the language of the texts; by default the reader's (their setting, else Russian) */
  lang: z.enum(['ru', 'en']).optional(),
});

export const SuggestionList = z.object({ suggestions: z.array(Suggestion).max(SEARCH_SUGGESTIONS_MAX) });
export type SuggestionList = z.infer<typeof SuggestionList>;

export const searchRoutes = defineRoutes({
  'GET /api/search/suggestions': {
    access: 'optional',
    summary: 'Suggestions as one types: categories, holidays and frequent searches, at most 8, in the reader’s language',
    query: SuggestionsQuery,
    response: SuggestionList,
  },
});
