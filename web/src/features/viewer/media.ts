/** Media kinds by file extension (spec 001 §3): videos and gifs are told apart by their URL. */
const VIDEO_EXT = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'mkv'];

export type MediaKind = 'image' | 'gif' | 'video';

const extOf = (url: string) => url.split(/[?#]/)[0]!.split('.').pop()?.toLowerCase() ?? '';

export function mediaKindOf(url: string, known?: MediaKind | null): MediaKind {
  if (known) return known;
  const ext = extOf(url);
  if (VIDEO_EXT.includes(ext)) return 'video';
  if (ext === 'gif') return 'gif';
  return 'image';
}

/** The stored preview beside the original: `…/preview/{size}/{name}.webp`. */
export function previewOf(url: string, size: string): string {
  const slash = url.lastIndexOf('/');
  const name = url.slice(slash + 1).replace(/\.[^.]+$/, '');
  return `${url.slice(0, slash + 1)}preview/${size}/${name}.webp`;
}

/** The viewer's media box (spec 001 §9): 384:590. */
export const MEDIA_ASPECT = { w: 384, h: 590 } as const;

/** What the viewer shows: the stored viewer-size preview for pictures, the file itself for videos. */
export function displaySource(card: { image_url: string; viewer_url?: string | null; media_kind?: MediaKind | null }): {
  src: string;
  poster: string | undefined;
} {
  const video = mediaKindOf(card.image_url, card.media_kind) === 'video';
  return video ? { src: card.image_url, poster: card.viewer_url ?? undefined } : { src: card.viewer_url ?? card.image_url, poster: undefined };
}
