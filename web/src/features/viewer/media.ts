import { isGifUrl, isVideoUrl } from '../postcards/media';

export type MediaKind = 'image' | 'gif' | 'video';

/** The kind the server stored, else the one the URL's extension tells. */
export function mediaKindOf(url: string, known?: MediaKind | null): MediaKind {
  if (known) return known;
  return isVideoUrl(url) ? 'video' : isGifUrl(url) ? 'gif' : 'image';
}


/** How wide the viewer's 384:590 box is drawn: the screen's width, or its height's share when the screen is wider. */
export const VIEWER_SIZES = '(min-aspect-ratio: 384/590) 65vh, 100vw';

interface DisplayCard {
  image_url: string;
  viewer_url?: string | null;
  viewer_srcset?: string | null;
  preview_video_url?: string | null;
  media_kind?: MediaKind | null;
}

/**
 * What the viewer shows: pictures from their screen-size renditions (the browser picks by
 * `srcSet`), never the original upload; videos start on their short silent preview (`preview`),
 * with the poster meanwhile, and go on with the file itself (PostcardMedia).
 */
export function displaySource(card: DisplayCard): { src: string; srcSet: string | undefined; poster: string | undefined; preview: string | undefined } {
  const video = mediaKindOf(card.image_url, card.media_kind) === 'video';
  if (video) return { src: card.image_url, srcSet: undefined, poster: card.viewer_url ?? undefined, preview: card.preview_video_url ?? undefined };
  return { src: card.viewer_url ?? card.image_url, srcSet: card.viewer_srcset ?? undefined, poster: undefined, preview: undefined };
}
