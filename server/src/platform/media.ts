import { execFile, spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Metadata, Sharp } from 'sharp';
import { sharp } from './sharp';
import {
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_PIXELS,
  MAX_INPUT_PIXELS,
  MEDIA_SPECS,
  PREVIEW_MAX_BYTES,
  PREVIEW_MAX_FRAMES,
  PREVIEW_MAX_PIXELS,
  MEDIA_KIND_OF_TYPE,
  type MediaKind,
  PREVIEW_SIZES,
  type PreviewSize,
  SCREEN_RENDITIONS,
  type ScreenRendition,
  type UploadType,
  VIDEO_PREVIEW,
} from '@otkrytka/contract/rules/postcards';

const run = promisify(execFile);

/** Why a file was refused after its type was known (`busy`: every media worker is taken and the queue is full). */
export class MediaError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'too_many_pixels' | 'too_complex' | 'too_long' | 'no_video_stream' | 'busy',
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
  /** screen-size renditions and a video's preview; null when they cannot be made here (no ffmpeg) */
  renditions: Renditions | null;
}

/** What is stored beside the previews so screens get a file their size (none for an animation). */
export interface Renditions {
  /** a still picture's webp renditions */
  screen: Partial<Record<ScreenRendition, Buffer>>;
  /** a video's silent mp4 preview of its first seconds; null when it would not fit VIDEO_PREVIEW.maxBytes */
  video: Buffer | null;
  /** an animation stored when its grid thumbnail still moved: the still one that replaces it */
  stillThumb?: Buffer;
}

export interface MediaTools {
  /** whether ffmpeg and ffprobe are installed (checked once, at first use) */
  hasFfmpeg(): Promise<boolean>;
  /** type-specific processing, run in the media worker pool within the wall-time limit */
  process(data: Buffer, type: UploadType): Promise<ProcessedMedia>;
  /** the renditions of a file stored before they existed (its processed original), in the same pool */
  renditions(original: Buffer, kind: MediaKind): Promise<Renditions | null>;
  /**
   * Another module's media job (drawing a greeting's picture) in the same pool, so uploads and
   * pictures share its slots and queue; `timeoutMs`: its wall time, by default the pool's.
   */
  run<T>(job: (deadline: number) => Promise<T>, timeoutMs?: number): Promise<T>;
  /** jobs running and waiting (for tests and metrics) */
  load(): { running: number; waiting: number };
}

export interface MediaOptions {
  ffmpeg?: string;
  ffprobe?: string;
  /** jobs processed at once; each uses one libuv thread and one libvips thread, so file serving keeps the rest */
  workers?: number;
  /** jobs that may wait for a worker; more are refused as busy */
  queue?: number;
  /** wall time of one job, waiting excluded */
  timeoutMs?: number;
}

/**
 * A fixed number of slots for media jobs. A job that outlives its deadline is answered at once
 * (as too complex) but keeps its slot until its tools have actually stopped, so the pool stays bounded.
 */
function workerPool(workers: number, queueMax: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    load: () => ({ running, waiting: waiting.length }),
    async run<T>(job: (deadline: number) => Promise<T>, timeoutMs: number): Promise<T> {
      if (running >= workers) {
        if (waiting.length >= queueMax) throw new MediaError('busy', 'The server is processing too many files; try again in a minute');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      const work = job(Date.now() + timeoutMs);
      void work.then(release, release);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new MediaError('too_complex', `Processing the file took longer than ${Math.round(timeoutMs / 1000)} s`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([work, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export function createMediaTools(opts: MediaOptions = {}): MediaTools {
  const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
  const ffprobe = opts.ffprobe ?? 'ffprobe';
  const workers = Math.max(1, opts.workers ?? 1);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const pool = workerPool(workers, opts.queue ?? 8);
  let available: Promise<boolean> | undefined;
  const hasFfmpeg = () =>
    (available ??= Promise.all([run(ffmpeg, ['-version']), run(ffprobe, ['-version'])]).then(
      () => true,
      () => false,
    ));

  return {
    hasFfmpeg,
    load: pool.load,
    run: (job, ms = timeoutMs) => pool.run(job, ms),
    async process(data, type) {
      const kind = MEDIA_KIND_OF_TYPE[type];
      const base = { type, kind, mime: MIME_OF_TYPE[type] };
      const tools = kind === 'video' && (await hasFfmpeg()) ? { ffmpeg, ffprobe } : null;
      return pool.run(async (deadline) => {
        if (kind === 'video') return { ...base, ...(await processVideo(data, tools, deadline)) };
        return { ...base, ...(await processPicture(data, type as Exclude<UploadType, 'mp4'>, deadline)) };
      }, timeoutMs);
    },
    async renditions(original, kind) {
      const tools = kind === 'video' && (await hasFfmpeg()) ? { ffmpeg, ffprobe } : null;
      if (kind === 'video' && !tools) return null;
      return pool.run(async (deadline) => {
        if (kind === 'image') return { screen: await screenRenditions(original, deadline), video: null };
        if (kind === 'gif') return { screen: {}, video: null, stillThumb: await stillThumb(original, deadline) };
        return withTempVideo(original, async (input) => ({ screen: {}, video: await videoPreview(tools!.ffmpeg, input, deadline) }));
      }, timeoutMs);
    },
  };
}

/** Seconds left before a deadline, for sharp's own timeout (at least one). */
const secondsLeft = (deadline: number) => Math.max(1, Math.ceil((deadline - Date.now()) / 1000));

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
  if (pages > MAX_ANIMATION_FRAMES) {
    throw new MediaError('too_complex', `The animation has ${pages} frames; the maximum is ${MAX_ANIMATION_FRAMES}`);
  }
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

async function processPicture(data: Buffer, type: Exclude<UploadType, 'mp4'>, deadline: number) {
  const animated = type === 'gif' || type === 'webp';
  const meta = await checkedMetadata(data, animated);
  const isAnimation = meta.pages > 1;
  const input = (pages = -1) =>
    sharp(data, { animated: isAnimation, pages, limitInputPixels: MAX_ANIMATION_PIXELS, failOn: 'error' }).timeout({
      seconds: secondsLeft(deadline),
    });
  // still pictures are turned upright by their EXIF orientation before the EXIF is dropped
  const upright = (pages?: number) => (isAnimation ? input(pages) : input().rotate());
  try {
    let original: Buffer;
    if (type === 'gif') original = stripGifMetadata(data);
    else if (type === 'jpg') original = await upright().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    else if (type === 'png') original = await upright().png().toBuffer();
    else original = await upright().webp({ quality: 90 }).toBuffer();
    const swapped = !isAnimation && (meta.orientation ?? 1) >= 5;
    // animated previews: the first frames only, within a pixel budget; at least the first frame
    const framePixels = meta.width * meta.height;
    const previewFrames = isAnimation
      ? Math.max(1, Math.min(meta.pages, PREVIEW_MAX_FRAMES, Math.floor(PREVIEW_MAX_PIXELS / framePixels)))
      : 1;
    const previews = await makePreviews(
      (still) => (isAnimation ? sharp(data, { animated: !still && previewFrames > 1, pages: still ? 1 : previewFrames, limitInputPixels: MAX_ANIMATION_PIXELS }).timeout({ seconds: secondsLeft(deadline) }) : upright()),
      isAnimation,
    );
    // animations are shown as they are (their viewer preview is animated): no still renditions
    const screen = isAnimation ? {} : await screenRenditions(original, deadline);
    return {
      original,
      width: swapped ? meta.height : meta.width,
      height: swapped ? meta.width : meta.height,
      durationMs: null,
      previews,
      renditions: { screen, video: null },
    };
  } catch (e) {
    if (e instanceof MediaError) throw e;
    if (/timeout/i.test(String((e as Error)?.message))) {
      throw new MediaError('too_complex', 'Processing the image took too long');
    }
    throw new MediaError('unreadable', 'The image cannot be read');
  }
}

/** The grid thumbnail of an animation: its first frame (the animation plays in the viewer). */
function stillThumb(original: Buffer, deadline: number): Promise<Buffer> {
  const { width, height } = PREVIEW_SIZES.thumb;
  return sharp(original, { pages: 1, limitInputPixels: MAX_ANIMATION_PIXELS })
    .timeout({ seconds: secondsLeft(deadline) })
    .resize(width, height, { fit: 'cover' })
    .webp(THUMB_WEBP)
    .toBuffer();
}

/** Grid thumbnails are many on a screen: a lower quality keeps a typical one under 8 KB. */
const THUMB_WEBP = { quality: 70, effort: 5 } as const;

/**
 * The four webp previews, one after another (one worker thread per job). Each is bounded in bytes:
 * an animated preview over its limit is replaced by its first frame. Only the viewer preview moves:
 * grid thumbnails and the small icons are stills.
 */
async function makePreviews(input: (still: boolean) => Sharp, animated: boolean): Promise<Record<PreviewSize, Buffer>> {
  const webp = (size: PreviewSize, still: boolean) =>
    size === 'thumb' ? THUMB_WEBP : { quality: still || !animated ? 80 : 70, effort: still || !animated ? 4 : 2 };
  const render = async (size: PreviewSize, still: boolean) => {
    const s = PREVIEW_SIZES[size];
    const fit = size === 'viewer' ? ({ fit: 'inside', withoutEnlargement: true } as const) : ({ fit: 'cover' } as const);
    // small icons are always still; animations are never enlarged frame by frame
    const resized = input(still).resize(s.width, s.height, animated && !still ? { ...fit, withoutEnlargement: true } : fit);
    return resized.webp(webp(size, still)).toBuffer();
  };
  const out = {} as Record<PreviewSize, Buffer>;
  for (const size of ['small', 'tiny', 'thumb', 'viewer'] as const) {
    const still = !animated || size !== 'viewer';
    let bytes = await render(size, still);
    if (bytes.length > PREVIEW_MAX_BYTES[size] && !still) bytes = await render(size, true);
    out[size] = bytes;
  }
  return out;
}

/** The screen-size webp renditions of a still picture (already upright), fitted inside their box, never enlarged. */
async function screenRenditions(original: Buffer, deadline: number): Promise<Partial<Record<ScreenRendition, Buffer>>> {
  const out: Partial<Record<ScreenRendition, Buffer>> = {};
  for (const [name, box] of Object.entries(SCREEN_RENDITIONS) as [ScreenRendition, (typeof SCREEN_RENDITIONS)[ScreenRendition]][]) {
    out[name] = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: secondsLeft(deadline) })
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
  }
  return out;
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
async function processVideo(data: Buffer, tools: Ffmpeg | null, deadline: number) {
  if (!tools) return { original: data, width: null, height: null, durationMs: null, previews: {}, renditions: null };
  return withTempVideo(data, async (input) => {
    const dir = path.dirname(input);
    const info = await probeVideo(tools.ffprobe, input, deadline);
    if (info.width * info.height > MAX_INPUT_PIXELS) {
      throw new MediaError('too_many_pixels', `The video is ${info.width}×${info.height} pixels; the maximum is ${Math.round(MAX_INPUT_PIXELS / 1e6)} megapixels`);
    }
    checkDuration(info.durationMs);
    const stripped = path.join(dir, 'out.mp4');
    const copy = await runTool(tools.ffmpeg, [
      '-v', 'error', '-y', '-i', input,
      '-map', '0:v', '-map', '0:a?', '-map_metadata', '-1', '-map_chapters', '-1',
      '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', stripped,
    ], deadline);
    if (copy.timedOut) throw new MediaError('too_complex', 'Processing the video took too long');
    if (copy.code !== 0) throw new MediaError('unreadable', 'The video cannot be read');
    const original = await fsp.readFile(stripped);
    const at = Math.min(0.5, info.durationMs / 2000);
    const grab = await runTool(tools.ffmpeg, ['-v', 'error', '-threads', '1', '-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], deadline);
    if (grab.timedOut) throw new MediaError('too_complex', 'Processing the video took too long');
    const poster = grab.code === 0 ? grab.stdout : Buffer.alloc(0);
    const previews = poster.length
      ? await makePreviews(() => sharp(poster, { limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: secondsLeft(deadline) }), false)
      : {};
    const video = await videoPreview(tools.ffmpeg, stripped, deadline);
    return { original, width: info.width, height: info.height, durationMs: info.durationMs, previews, renditions: { screen: {}, video } };
  });
}

/**
 * A video may last at most MEDIA_SPECS.videoMaxSeconds, counted in whole seconds as a player shows
 * them (60.4 s is "1:00"); a longer one is refused before any of it is copied or encoded.
 */
function checkDuration(durationMs: number) {
  const seconds = Math.round(durationMs / 1000);
  const max = MEDIA_SPECS.videoMaxSeconds;
  if (seconds > max) throw new MediaError('too_long', `The video is ${seconds} s long; the maximum is ${max} s`);
}

/** Runs `fn` on the video written to a temporary file, removed afterwards. */
async function withTempVideo<T>(data: Buffer, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'otkrytka-video-'));
  try {
    const input = path.join(dir, 'in.mp4');
    await fsp.writeFile(input, data);
    return await fn(input);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The silent H.264 preview of a video's first seconds, scaled down (never up) to fit VIDEO_PREVIEW,
 * bitrate-capped, moov first. Tried once more at a lower rate if too large; null if it still is.
 */
async function videoPreview(ffmpeg: string, input: string, deadline: number): Promise<Buffer | null> {
  const { maxSeconds, maxWidth, maxHeight, maxBytes } = VIDEO_PREVIEW;
  const output = path.join(path.dirname(input), 'preview.mp4');
  for (const [crf, rate] of [[28, 800], [34, 400]] as const) {
    const res = await runTool(ffmpeg, [
      '-v', 'error', '-threads', '1', '-t', String(maxSeconds), '-i', input, '-map', '0:v:0', '-an', '-sn', '-map_metadata', '-1',
      '-vf', `scale='min(${maxWidth},iw)':'min(${maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-maxrate', `${rate}k`, '-bufsize', `${rate * 2}k`,
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', '-f', 'mp4', output,
    ], deadline);
    if (res.timedOut) throw new MediaError('too_complex', 'Processing the video took too long');
    if (res.code !== 0) return null;
    const bytes = await fsp.readFile(output);
    if (bytes.length > 0 && bytes.length <= maxBytes) return bytes;
  }
  return null;
}

async function probeVideo(ffprobe: string, file: string, deadline: number) {
  const res = await runTool(ffprobe, [
    '-v', 'error', '-select_streams', 'v:0',
    '-show_entries', 'stream=width,height:stream_side_data=rotation:stream_tags=rotate:format=duration',
    '-of', 'json', file,
  ], deadline);
  if (res.timedOut) throw new MediaError('too_complex', 'Reading the video took too long');
  let json: {
    streams?: { width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
    format?: { duration?: string };
  };
  try {
    if (res.code !== 0) throw new Error('ffprobe failed');
    json = JSON.parse(res.stdout.toString('utf8')) as typeof json;
  } catch {
    throw new MediaError('unreadable', 'The video cannot be read');
  }
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

/** Most bytes read from a tool's standard output (a poster frame, ffprobe's JSON). */
const TOOL_OUTPUT_MAX = 64 * 1024 * 1024;

/**
 * Runs ffmpeg/ffprobe at low CPU priority, killed at the deadline (or when its output grows past
 * TOOL_OUTPUT_MAX); resolves with its exit code and standard output, never rejects.
 */
function runTool(cmd: string, args: string[], deadline: number): Promise<{ code: number | null; stdout: Buffer; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // not permitted here: it still runs, only at normal priority
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, Math.max(0, deadline - Date.now()));
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > TOOL_OUTPUT_MAX) child.kill('SIGKILL');
      else chunks.push(c);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ code: -1, stdout: Buffer.alloc(0), timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: size > TOOL_OUTPUT_MAX ? -1 : code, stdout: Buffer.concat(chunks), timedOut });
    });
  });
}
