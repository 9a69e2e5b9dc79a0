/**
 * Postcard search (docs/PRODUCT-RULES.md, Search): the index the database keeps in step with
 * postcard writes (migration 0072), the gallery's `q`, the frequent searches and the suggestions.
 */
export { searchModule } from './routes';
export { searchService, type SearchAnswer, type SearchAsk } from './service';
export { aroundFound, everyFound } from './found';
