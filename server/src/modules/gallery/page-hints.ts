import { GalleryQuery } from '@otkrytka/contract';
import { GALLERY_DEFAULT_SORT, GALLERY_EAGER_THUMBS, GALLERY_FIRST_REQUESTS } from '@otkrytka/contract/rules/postcards';
import type { Deps } from '../../deps';
import { galleryService } from './service';

/** The paths that open on the gallery, in the browser and in the Telegram Mini App. */
const GALLERY_PATHS = new Set(['/', '/gallery', '/telegram', '/telegram/', '/telegram/gallery']);

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link rel="preload">` tags for the gallery's first requests and its first thumbnails, so the
 * browser fetches them with the HTML instead of after the scripts have run (the largest paint of
 * the page is one of those thumbnails). Public data only: the gallery is the same for everyone.
 */
export async function galleryPageHints(deps: Deps, url: string): Promise<string> {
  const [pathname, search] = url.split('?');
  if (!GALLERY_PATHS.has(pathname ?? '') || search) return '';
  const page = await galleryService(deps).pageData(GalleryQuery.parse({ sort: GALLERY_DEFAULT_SORT }));
  const requests = GALLERY_FIRST_REQUESTS.map((href) => `<link rel="preload" as="fetch" href="${attr(href)}" crossorigin="anonymous">`);
  const thumbs = page.items
    .map((p) => p.thumbnail_url)
    .filter((src): src is string => !!src)
    .slice(0, GALLERY_EAGER_THUMBS)
    .map((src) => `<link rel="preload" as="image" href="${attr(src)}" fetchpriority="high">`);
  return [...requests, ...thumbs].join('');
}
