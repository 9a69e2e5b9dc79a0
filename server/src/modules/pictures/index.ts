/**
 * Pictures: a card with the sender's caption burned in (docs/PRODUCT-RULES.md, Pictures) — the
 * caption fonts, the greeting's picture behind its authorised route, a postcard's captioned picture,
 * drawn once per content in the media job limits.
 */
export { picturesModule } from './routes';
export { drawLayer, footerOf } from './layer';
