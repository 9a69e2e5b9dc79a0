import { isGifUrl, isVideoUrl } from '../postcards/media';

export type MediaKind = 'image' | 'gif' | 'video';

/** The kind the server stored, else the one the URL's extension tells (spec 001 §3). */
export function mediaKindOf(url: string, known?: MediaKind | null): MediaKind {
  if (known) return known;
  return isVideoUrl(url) ? 'video' : isGifUrl(url) ? 'gif' : 'image';
}


/** What the viewer shows: the stored viewer-size preview for pictures, the file itself for videos. */
export function displaySource(card: { image_url: string; viewer_url?: string | null; media_kind?: MediaKind | null }): {
  src: string;
  poster: string | undefined;
} {
  const video = mediaKindOf(card.image_url, card.media_kind) === 'video';
  return video ? { src: card.image_url, poster: card.viewer_url ?? undefined } : { src: card.viewer_url ?? card.image_url, poster: undefined };
}
