import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CaptionBox, type CaptionData, type FooterContent } from '@otkrytka/contract';
import { MAX_ANIMATION_PIXELS, MAX_INPUT_PIXELS, type MediaKind } from '@otkrytka/contract/rules/postcards';
import { MediaError } from '../../platform/media';
import { sharp } from '../../platform/sharp';
import { drawLayer } from './layer';

/**
 * The limits of a rendered picture (docs/PRODUCT-RULES.md, Pictures): a still card gives a JPEG at
 * most 1080 px on its long side; a GIF an animated GIF (at most 8 MB) and an MP4; a video an MP4
 * (H.264 + AAC, at most 16 MB). Moving pictures are drawn at most 720 px on the long side, which
 * keeps them within their bytes and their encoding within the job's time.
 */
export const PICTURE_LIMITS = {
  stillMaxSide: 1080,
  movingMaxSide: 720,
  gifMaxBytes: 8 * 1024 * 1024,
  videoMaxBytes: 16 * 1024 * 1024,
  audioKbps: 128,
} as const;

/** Changing how pictures are drawn changes this, so every picture is drawn again (their hashes change). */
export const RENDERER_VERSION = 1;

export interface RenderInput {
  /** the card's stored file (already upright, metadata removed) */
  original: Buffer;
  kind: MediaKind;
  caption: CaptionData | null;
  footer: FooterContent | null;
}

export interface RenderedPicture {
  /** jpg for a still card, gif for a GIF, mp4 for a video */
  ext: 'jpg' | 'gif' | 'mp4';
  bytes: Buffer;
  /** a GIF's MP4 */
  mp4: Buffer | null;
  width: number;
  height: number;
  durationMs: number | null;
  /** where the caption went (null without one) and the footer's band */
  captionBox: CaptionBox | null;
  footerBox: CaptionBox | null;
}

export interface Tools {
  ffmpeg: string;
  ffprobe: string;
}

/** The size a card is drawn at: inside `maxSide`, never enlarged; even sides for H.264 when `even`. */
export function fitSize(width: number, height: number, maxSide: number, even: boolean): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round = (n: number) => (even ? Math.max(2, 2 * Math.round((n * scale) / 2)) : Math.max(1, Math.round(n * scale)));
  return { width: round(width), height: round(height) };
}

const secondsLeft = (deadline: number) => Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
const timedOut = () => new MediaError('too_complex', 'Drawing the picture took too long');

/** Draws the picture of a card: the caption layer composited on every frame. */
export async function renderPicture(input: RenderInput, tools: Tools | null, deadline: number): Promise<RenderedPicture> {
  if (input.kind === 'image') return renderStill(input, deadline);
  if (!tools) throw new MediaError('unreadable', 'Moving pictures need ffmpeg on the server');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'otkrytka-picture-'));
  try {
    return input.kind === 'gif' ? await renderGif(input, tools, dir, deadline) : await renderVideo(input, tools, dir, deadline);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function renderStill(input: RenderInput, deadline: number): Promise<RenderedPicture> {
  const meta = await sharp(input.original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const sideways = (meta.orientation ?? 1) >= 5;
  const w0 = (sideways ? meta.height : meta.width) ?? 0;
  const h0 = (sideways ? meta.width : meta.height) ?? 0;
  if (!w0 || !h0) throw new MediaError('unreadable', 'The card cannot be read');
  const { width, height } = fitSize(w0, h0, PICTURE_LIMITS.stillMaxSide, false);
  const layer = await drawLayer(width, height, input.caption, input.footer);
  const bytes = await sharp(input.original, { limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: secondsLeft(deadline) })
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .composite([{ input: layer.png, left: 0, top: 0 }])
    // no trellis quantisation: it couples neighbouring blocks, and a caption would shift the whole card's pixels
    .jpeg({ quality: 86, progressive: true, optimiseCoding: true })
    .toBuffer();
  return { ext: 'jpg', bytes, mp4: null, width, height, durationMs: null, captionBox: layer.caption?.paintBox ?? null, footerBox: layer.footer };
}

async function renderGif(input: RenderInput, tools: Tools, dir: string, deadline: number): Promise<RenderedPicture> {
  const meta = await sharp(input.original, { animated: true, limitInputPixels: MAX_ANIMATION_PIXELS }).metadata();
  const w0 = meta.width ?? 0;
  const h0 = meta.pageHeight ?? meta.height ?? 0;
  if (!w0 || !h0) throw new MediaError('unreadable', 'The card cannot be read');
  const src = path.join(dir, 'in.gif');
  await fsp.writeFile(src, input.original);
  const probe = await probe_(tools, src, deadline);
  // an animation too large at full size is drawn smaller, down to half
  for (const factor of [1, 0.75, 0.5]) {
    const { width, height } = fitSize(w0, h0, PICTURE_LIMITS.movingMaxSide * factor, true);
    const layer = await drawLayer(width, height, input.caption, input.footer);
    const layerFile = path.join(dir, 'layer.png');
    await fsp.writeFile(layerFile, layer.png);
    const out = path.join(dir, 'out.gif');
    const colours = factor === 1 ? 256 : 128;
    await ffmpeg(tools, [
      '-i', src, '-i', layerFile,
      '-filter_complex',
      `[0:v]scale=${width}:${height}:flags=lanczos,setsar=1[b];[b][1:v]overlay=0:0:format=auto,split[x][y];` +
        `[x]palettegen=max_colors=${colours}:stats_mode=diff[p];[y][p]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle`,
      '-loop', '0', '-f', 'gif', out,
    ], deadline);
    const bytes = await fsp.readFile(out);
    if (bytes.length > PICTURE_LIMITS.gifMaxBytes) continue;
    const mp4File = path.join(dir, 'out.mp4');
    await ffmpeg(tools, [
      '-i', src, '-i', layerFile,
      '-filter_complex', `[0:v]scale=${width}:${height}:flags=lanczos,setsar=1[b];[b][1:v]overlay=0:0,format=yuv420p[v]`,
      '-map', '[v]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-fps_mode', 'vfr',
      '-movflags', '+faststart', '-f', 'mp4', mp4File,
    ], deadline);
    return {
      ext: 'gif',
      bytes,
      mp4: await fsp.readFile(mp4File),
      width,
      height,
      durationMs: probe.durationMs,
      captionBox: layer.caption?.paintBox ?? null,
      footerBox: layer.footer,
    };
  }
  throw new MediaError('too_complex', 'The animation is too large to draw within 8 MB');
}

async function renderVideo(input: RenderInput, tools: Tools, dir: string, deadline: number): Promise<RenderedPicture> {
  const src = path.join(dir, 'in.mp4');
  await fsp.writeFile(src, input.original);
  const info = await probe_(tools, src, deadline);
  if (!info.width || !info.height) throw new MediaError('no_video_stream', 'The card has no video');
  const { width, height } = fitSize(info.width, info.height, PICTURE_LIMITS.movingMaxSide, true);
  const layer = await drawLayer(width, height, input.caption, input.footer);
  const layerFile = path.join(dir, 'layer.png');
  await fsp.writeFile(layerFile, layer.png);
  const seconds = Math.max(0.1, info.durationMs / 1000);
  // the video's share of the bytes: the limit less the sound and 8% for the container and overshoot
  const budgetKbps = Math.floor((PICTURE_LIMITS.videoMaxBytes * 8 * 0.92) / 1000 / seconds) - PICTURE_LIMITS.audioKbps;
  const out = path.join(dir, 'out.mp4');
  for (const share of [1, 0.6]) {
    const rate = Math.max(200, Math.min(2500, Math.floor(budgetKbps * share)));
    // a silent track when the video has no sound, so every picture has H.264 + AAC
    const audioIn = info.hasAudio ? [] : ['-f', 'lavfi', '-t', seconds.toFixed(3), '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100'];
    await ffmpeg(tools, [
      '-i', src, '-i', layerFile, ...audioIn,
      '-filter_complex', `[0:v]scale=${width}:${height},setsar=1[b];[b][1:v]overlay=0:0:eof_action=repeat,format=yuv420p[v]`,
      '-map', '[v]', '-map', info.hasAudio ? '0:a:0' : '2:a:0', '-map_metadata', '-1',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', `${rate}k`, '-bufsize', `${rate * 2}k`,
      '-c:a', 'aac', '-b:a', `${PICTURE_LIMITS.audioKbps}k`, '-ac', '2',
      '-t', seconds.toFixed(3), '-movflags', '+faststart', '-f', 'mp4', out,
    ], deadline);
    const bytes = await fsp.readFile(out);
    if (bytes.length <= PICTURE_LIMITS.videoMaxBytes) {
      return { ext: 'mp4', bytes, mp4: null, width, height, durationMs: info.durationMs, captionBox: layer.caption?.paintBox ?? null, footerBox: layer.footer };
    }
  }
  throw new MediaError('too_complex', 'The video is too large to draw within 16 MB');
}

/** Width, height (as shown: rotation applied), duration and whether there is sound. */
async function probe_(tools: Tools, file: string, deadline: number) {
  const res = await runTool(tools.ffprobe, [
    '-v', 'error', '-show_entries', 'stream=codec_type,width,height:stream_side_data=rotation:stream_tags=rotate:format=duration', '-of', 'json', file,
  ], deadline);
  if (res.timedOut) throw timedOut();
  let json: {
    streams?: { codec_type?: string; width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
    format?: { duration?: string };
  };
  try {
    json = JSON.parse(res.stdout.toString('utf8')) as typeof json;
  } catch {
    throw new MediaError('unreadable', 'The card cannot be read');
  }
  const v = json.streams?.find((s) => s.codec_type === 'video');
  const rotation = Number(v?.side_data_list?.find((s) => s.rotation !== undefined)?.rotation ?? v?.tags?.rotate ?? 0);
  const sideways = Math.abs(rotation) % 180 === 90;
  const seconds = Number(json.format?.duration ?? 0);
  return {
    width: (sideways ? v?.height : v?.width) ?? 0,
    height: (sideways ? v?.width : v?.height) ?? 0,
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    hasAudio: !!json.streams?.some((s) => s.codec_type === 'audio'),
  };
}

async function ffmpeg(tools: Tools, args: string[], deadline: number): Promise<void> {
  const res = await runTool(tools.ffmpeg, ['-v', 'error', '-y', '-threads', '1', ...args], deadline);
  if (res.timedOut) throw timedOut();
  if (res.code !== 0) throw new MediaError('unreadable', `Drawing the picture failed: ${res.stderr.slice(-300)}`);
}

/** Runs ffmpeg/ffprobe at low priority, killed at the deadline; never rejects. */
function runTool(cmd: string, args: string[], deadline: number): Promise<{ code: number | null; stdout: Buffer; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // not permitted here: it still runs, at normal priority
    }
    const out: Buffer[] = [];
    let err = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, Math.max(0, deadline - Date.now()));
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-2000);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ code: -1, stdout: Buffer.alloc(0), stderr: err, timedOut: killed });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err, timedOut: killed });
    });
  });
}
