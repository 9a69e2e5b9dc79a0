import { defineRoutes } from './route';

/** Postcard search: the gallery's `q`, and the suggestions as one types (docs/PRODUCT-RULES.md, Search). */
export const searchRoutes = defineRoutes({});
