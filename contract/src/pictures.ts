import { defineRoutes } from './route';

/** A greeting's picture: the card with the sender's caption burned in (docs/PRODUCT-RULES.md, Pictures). */
export const picturesRoutes = defineRoutes({});
