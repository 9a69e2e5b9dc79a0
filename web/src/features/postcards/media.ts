import { VIDEO_EXTENSIONS } from '@otkrytka/contract/rules/postcards';

/** The extension of a URL's file, lower-cased ("" when none). */
export function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
}

/** Video is known by the URL's extension: mp4, webm, ogg, mov, avi, mkv. */
export const isVideoUrl = (url: string) => (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(url));
export const isGifUrl = (url: string) => extensionOf(url) === 'gif';

/** What a postcard or upload shows as: a still, an animation or a video. */
export function mediaKindOf(p: { media_kind?: string; image_url?: string; cloud_url?: string }): 'image' | 'gif' | 'video' {
  const url = p.image_url ?? p.cloud_url ?? '';
  if (p.media_kind === 'video' || isVideoUrl(url)) return 'video';
  if (p.media_kind === 'gif' || isGifUrl(url)) return 'gif';
  return 'image';
}
