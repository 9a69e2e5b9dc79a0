import {
  PREVIEW_SIZES,
  type PreviewSize,
  RENDITIONS,
  SCREEN_RENDITIONS,
  type ScreenRendition,
  UPLOAD_TYPES,
  VIDEO_PREVIEW,
} from '@otkrytka/contract';
import type { Storage } from '../../platform/storage';

/** What media URLs are worked out with: a storage's `url` alone. */
type Urls = Pick<Storage, 'url'>;

/**
 * Where a preview of a stored file lives: beside the original, as `preview/{size}/{name}.webp`
 * (`ab/abc….jpg` → `ab/preview/78x101/abc….webp`).
 */
export function previewKey(storageKey: string, size: PreviewSize): string {
  return besideOriginal(storageKey, PREVIEW_SIZES[size].dir, 'webp');
}

/** A screen-size rendition of a still picture: `preview/480w/{name}.webp`, `preview/1080w/…`. */
export const screenRenditionKey = (storageKey: string, r: ScreenRendition) => besideOriginal(storageKey, SCREEN_RENDITIONS[r].dir, 'webp');

/** A video's mp4 preview: `preview/mp4/{name}.mp4`. */
export const videoPreviewKey = (storageKey: string) => besideOriginal(storageKey, VIDEO_PREVIEW.dir, 'mp4');

/** Every file stored beside an original (previews and renditions), for the leftover sweep. */
export function derivedKeys(storageKey: string): string[] {
  return [
    ...(Object.keys(PREVIEW_SIZES) as PreviewSize[]).map((size) => previewKey(storageKey, size)),
    ...(Object.keys(SCREEN_RENDITIONS) as ScreenRendition[]).map((r) => screenRenditionKey(storageKey, r)),
    videoPreviewKey(storageKey),
  ];
}

const DERIVED_DIRS = new Set<string>([
  ...Object.values(PREVIEW_SIZES).map((p) => p.dir),
  ...Object.values(SCREEN_RENDITIONS).map((r) => r.dir),
  VIDEO_PREVIEW.dir,
]);

/**
 * The keys the original of a stored file can have: the key itself for an original; for a preview
 * or rendition (`ab/preview/160x220/abc.webp`), the original beside it in each upload type
 * (`ab/abc.jpg`, `ab/abc.png`, …). The inverse of `derivedKeys`, for the leftover sweep.
 */
export function originalKeysOf(key: string): string[] {
  const m = /^((?:.*\/)?)preview\/([^/]+)\/([^/]+)\.[^./]+$/.exec(key);
  if (!m || !DERIVED_DIRS.has(m[2]!)) return [key];
  return UPLOAD_TYPES.map((type) => `${m[1]}${m[3]}.${type}`);
}

function besideOriginal(storageKey: string, sizeDir: string, ext: string): string {
  const slash = storageKey.lastIndexOf('/');
  const dir = slash >= 0 ? storageKey.slice(0, slash + 1) : '';
  const file = storageKey.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  return `${dir}preview/${sizeDir}/${name}.${ext}`;
}

/** What the rendition URLs of a stored file are worked out from. */
export interface RenditionFacts {
  storage_key: string;
  media_kind: 'image' | 'gif' | 'video';
  width: number | null;
  height: number | null;
  renditions: number;
}

/** The width of a w×h picture fitted inside a box, never enlarged (as sharp's `fit: inside` makes it). */
const fittedWidth = (w: number, h: number, box: { width: number; height: number }) => Math.round(w * Math.min(1, box.width / w, box.height / h));

/**
 * A still picture's srcset for the viewer: the 480, 768 (the viewer preview) and 1080 wide
 * renditions with their real widths; a small original makes equal widths, listed once.
 */
export function viewerSrcset(storage: Urls, r: RenditionFacts): string | null {
  if (r.media_kind !== 'image' || r.renditions !== RENDITIONS.made || !r.width || !r.height) return null;
  const { width: w, height: h } = r;
  const entries: [string, number][] = [
    [screenRenditionKey(r.storage_key, 'screen480'), fittedWidth(w, h, SCREEN_RENDITIONS.screen480)],
    [previewKey(r.storage_key, 'viewer'), fittedWidth(w, h, PREVIEW_SIZES.viewer)],
    [screenRenditionKey(r.storage_key, 'screen1080'), fittedWidth(w, h, SCREEN_RENDITIONS.screen1080)],
  ];
  const seen = new Set<number>();
  return entries
    .filter(([, width]) => !seen.has(width) && seen.add(width))
    .map(([key, width]) => `${storage.url(key)} ${width}w`)
    .join(', ');
}

/** A video's mp4 preview, once made. */
export const previewVideoUrl = (storage: Urls, r: RenditionFacts): string | null =>
  r.media_kind === 'video' && r.renditions === RENDITIONS.made ? storage.url(videoPreviewKey(r.storage_key)) : null;

export type PreviewUrls = Record<PreviewSize, string | null>;

export function previewUrls(storage: Urls, storageKey: string, hasPreview: boolean): PreviewUrls {
  const url = (size: PreviewSize) => (hasPreview ? storage.url(previewKey(storageKey, size)) : null);
  return { small: url('small'), tiny: url('tiny'), thumb: url('thumb'), viewer: url('viewer') };
}
