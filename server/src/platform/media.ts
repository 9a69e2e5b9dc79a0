import { execFile, spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MAX_ANIMATION_PIXELS,
  MAX_INPUT_PIXELS,
  MEDIA_KIND_OF_TYPE,
  type MediaKind,
  PREVIEW_SIZES,
  type PreviewSize,
  type UploadType,
} from '@otkrytka/contract/rules/postcards';

const run = promisify(execFile);

/** Why a file was refused after its type was known. */
export class MediaError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'too_many_pixels' | 'no_video_stream',
    message: string,
  ) {
    super(message);
  }
}

/** The type of a file by its first bytes (magic numbers); null for anything we do not accept. */
export function detectType(head: Buffer): UploadType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    // ISO base media with an MP4 brand; HEIF/AVIF (also "ftyp") and QuickTime are not MP4
    const brand = head.subarray(8, 12).toString('latin1');
    if (MP4_BRANDS.has(brand)) return 'mp4';
  }
  return null;
}
/** Enough leading bytes for detectType. */
export const SNIFF_BYTES = 16;

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV', 'f4v ']);

export const MIME_OF_TYPE: Record<UploadType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export interface ProcessedMedia {
  type: UploadType;
  kind: MediaKind;
  mime: string;
  /** the file to store: metadata (EXIF, GPS, comments) removed */
  original: Buffer;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** webp previews by size; empty for a video when ffmpeg is missing */
  previews: Partial<Record<PreviewSize, Buffer>>;
}

export interface MediaTools {
  /** whether ffmpeg and ffprobe are installed (checked once, at first use) */
  hasFfmpeg(): Promise<boolean>;
  process(data: Buffer, type: UploadType): Promise<ProcessedMedia>;
}

export function createMediaTools(opts: { ffmpeg?: string; ffprobe?: string } = {}): MediaTools {
  const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
  const ffprobe = opts.ffprobe ?? 'ffprobe';
  let available: Promise<boolean> | undefined;
  const hasFfmpeg = () =>
    (available ??= Promise.all([run(ffmpeg, ['-version']), run(ffprobe, ['-version'])]).then(
      () => true,
      () => false,
    ));

  return {
    hasFfmpeg,
    async process(data, type) {
      const kind = MEDIA_KIND_OF_TYPE[type];
      const base = { type, kind, mime: MIME_OF_TYPE[type] };
      if (kind === 'video') return { ...base, ...(await processVideo(data, (await hasFfmpeg()) ? { ffmpeg, ffprobe } : null)) };
      return { ...base, ...(await processPicture(data, type as Exclude<UploadType, 'mp4'>)) };
    },
  };
}

/** Reads the header only (no decoding) and refuses pictures with too many pixels. */
async function checkedMetadata(data: Buffer, animated: boolean) {
  let meta: Metadata;
  try {
    meta = await sharp(data, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError('unreadable', 'The image cannot be read');
  }
  const width = meta.width ?? 0;
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if (!width || !pageHeight) throw new MediaError('unreadable', 'The image cannot be read');
  const mp = (n: number) => Math.round(n / 1e6);
  if (width * pageHeight > MAX_INPUT_PIXELS) {
    throw new MediaError(
      'too_many_pixels',
      `The image is ${width}×${pageHeight} pixels; the maximum is ${mp(MAX_INPUT_PIXELS)} megapixels`,
    );
  }
  if (width * pageHeight * pages > MAX_ANIMATION_PIXELS) {
    throw new MediaError(
      'too_many_pixels',
      `The animation has ${pages} frames of ${width}×${pageHeight} pixels; the maximum is ${mp(MAX_ANIMATION_PIXELS)} megapixels in all`,
    );
  }
  return { width, height: pageHeight, pages, orientation: meta.orientation };
}

async function processPicture(data: Buffer, type: Exclude<UploadType, 'mp4'>) {
  const animated = type === 'gif' || type === 'webp';
  const meta = await checkedMetadata(data, animated);
  const isAnimation = meta.pages > 1;
  const input = () => sharp(data, { animated: isAnimation, limitInputPixels: MAX_ANIMATION_PIXELS, failOn: 'error' });
  // still pictures are turned upright by their EXIF orientation before the EXIF is dropped
  const upright = () => (isAnimation ? input() : input().rotate());
  try {
    let original: Buffer;
    if (type === 'gif') original = stripGifMetadata(data);
    else if (type === 'jpg') original = await upright().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    else if (type === 'png') original = await upright().png().toBuffer();
    else original = await upright().webp({ quality: 90 }).toBuffer();
    const swapped = !isAnimation && (meta.orientation ?? 1) >= 5;
    const previews = await makePreviews(upright, isAnimation);
    return {
      original,
      width: swapped ? meta.height : meta.width,
      height: swapped ? meta.width : meta.height,
      durationMs: null,
      previews,
    };
  } catch (e) {
    if (e instanceof MediaError) throw e;
    throw new MediaError('unreadable', 'The image cannot be read');
  }
}

async function makePreviews(input: () => Sharp, animated: boolean): Promise<Record<PreviewSize, Buffer>> {
  const webp = { quality: animated ? 70 : 80, effort: animated ? 2 : 4 };
  const cover = (s: { width: number; height: number }) =>
    input().resize(s.width, s.height, { fit: 'cover' }).webp(webp).toBuffer();
  const [small, tiny, thumb, viewer] = await Promise.all([
    cover(PREVIEW_SIZES.small),
    cover(PREVIEW_SIZES.tiny),
    cover(PREVIEW_SIZES.thumb),
    input()
      .resize(PREVIEW_SIZES.viewer.width, PREVIEW_SIZES.viewer.height, { fit: 'inside', withoutEnlargement: true })
      .webp(webp)
      .toBuffer(),
  ]);
  return { small, tiny, thumb, viewer };
}

/**
 * Drops comment and application blocks (which may carry XMP) from a GIF, keeping the animation
 * loop block; the pictures themselves are copied byte for byte.
 */
export function stripGifMetadata(gif: Buffer): Buffer {
  const out: Buffer[] = [];
  let p = 13;
  if (gif.length < 13) throw new MediaError('unreadable', 'The image cannot be read');
  const packed = gif[10]!;
  if (packed & 0x80) p += 3 * 2 ** ((packed & 0x07) + 1);
  out.push(gif.subarray(0, p));
  const skipSubBlocks = (from: number) => {
    let q = from;
    while (q < gif.length && gif[q] !== 0) q += gif[q]! + 1;
    return q + 1;
  };
  while (p < gif.length) {
    const b = gif[p];
    if (b === 0x3b) {
      out.push(Buffer.from([0x3b]));
      return Buffer.concat(out);
    }
    if (b === 0x21) {
      const label = gif[p + 1];
      const end = skipSubBlocks(p + 2);
      const appId = label === 0xff ? gif.subarray(p + 3, p + 3 + 11).toString('latin1') : '';
      const keep = label === 0xf9 || label === 0x01 || appId === 'NETSCAPE2.0' || appId === 'ANIMEXTS1.0';
      if (keep) out.push(gif.subarray(p, end));
      p = end;
      continue;
    }
    if (b === 0x2c) {
      let q = p + 10;
      const lp = gif[p + 9]!;
      if (lp & 0x80) q += 3 * 2 ** ((lp & 0x07) + 1);
      q = skipSubBlocks(q + 1);
      out.push(gif.subarray(p, q));
      p = q;
      continue;
    }
    throw new MediaError('unreadable', 'The image cannot be read');
  }
  // a file cut short: keep what was read and close it properly
  out.push(Buffer.from([0x3b]));
  return Buffer.concat(out);
}

interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
}

/** Dimensions, duration, a metadata-free copy and a poster frame of an MP4 (when ffmpeg is present). */
async function processVideo(data: Buffer, tools: Ffmpeg | null) {
  if (!tools) return { original: data, width: null, height: null, durationMs: null, previews: {} };
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'otkrytka-video-'));
  try {
    const input = path.join(dir, 'in.mp4');
    await fsp.writeFile(input, data);
    const info = await probeVideo(tools.ffprobe, input);
    const stripped = path.join(dir, 'out.mp4');
    await run(tools.ffmpeg, [
      '-v', 'error', '-y', '-i', input,
      '-map', '0:v', '-map', '0:a?', '-map_metadata', '-1', '-map_chapters', '-1',
      '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', stripped,
    ]);
    const original = await fsp.readFile(stripped);
    const at = Math.min(0.5, info.durationMs / 2000);
    const poster = await capture(tools.ffmpeg, ['-v', 'error', '-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
    const previews = poster.length ? await makePreviews(() => sharp(poster), false) : {};
    return { original, width: info.width, height: info.height, durationMs: info.durationMs, previews };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function probeVideo(ffprobe: string, file: string) {
  let out: string;
  try {
    ({ stdout: out } = await run(ffprobe, [
      '-v', 'error', '-select_streams', 'v:0',
      '-show_entries', 'stream=width,height:stream_side_data=rotation:stream_tags=rotate:format=duration',
      '-of', 'json', file,
    ]));
  } catch {
    throw new MediaError('unreadable', 'The video cannot be read');
  }
  const json = JSON.parse(out) as {
    streams?: { width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
    format?: { duration?: string };
  };
  const v = json.streams?.[0];
  if (!v?.width || !v.height) throw new MediaError('no_video_stream', 'The file has no video');
  const rotation = Number(v.side_data_list?.find((s) => s.rotation !== undefined)?.rotation ?? v.tags?.rotate ?? 0);
  const sideways = Math.abs(rotation) % 180 === 90;
  const seconds = Number(json.format?.duration ?? 0);
  return {
    width: sideways ? v.height : v.width,
    height: sideways ? v.width : v.height,
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
  };
}

/** Runs a tool and returns its standard output as bytes (a failing frame grab gives an empty buffer). */
function capture(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', () => resolve(Buffer.alloc(0)));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks) : Buffer.alloc(0)));
  });
}
