import type { Deps } from '../../deps';
import { picturesService } from './service';

/**
 * Pictures: a card with the sender's caption burned in (docs/PRODUCT-RULES.md, Pictures) — the
 * caption fonts, the greeting's picture behind its authorised route, a postcard's captioned picture,
 * drawn once per content in the media job limits.
 */
export { picturesModule } from './routes';
export { drawLayer, footerOf } from './layer';

/**
 * The face for link previews (og:image): a greeting's captioned card as a JPEG as anyone but its
 * sender sees it; null for a video card, a sealed or unknown greeting. Drawn once, then cached.
 */
export const greetingStillPicture = (deps: Deps, publicId: string) => picturesService(deps).greetingStill(publicId);
