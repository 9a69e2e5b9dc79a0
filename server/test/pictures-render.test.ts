import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './helpers';
import { CAPTION_FONTS, type CaptionBox, type CaptionData } from '@otkrytka/contract';
import { drawLayer, footerOf } from '../src/modules/pictures';
import { PICTURE_LIMITS, renderPicture } from '../src/modules/pictures/render';
import { fixtures } from './fixtures';

const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
const soon = () => Date.now() + 60_000;

const caption = (over: Partial<CaptionData> = {}): CaptionData => ({
  text: 'С днём рождения! Happy birthday 🎉',
  font: 'lobster',
  color: '#ffffff',
  size: 0.08,
  align: 'center',
  x: 0.5,
  y: 0.3,
  effect: 'outline',
  ...over,
});

/** A photo-like card larger than the picture may be. */
async function bigCard(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6a"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="800" cy="1400" r="400" fill="#fd3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

function probe(bytes: Buffer, ext: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'picture-probe-')), `p.${ext}`);
  fs.writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const json = JSON.parse(out.toString()) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  return { streams: json.streams, seconds: Number(json.format.duration) };
}

/** Pixels (RGB) of a picture, decoded. */
const pixels = async (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });

// no database here: the PostgreSQL run of the server suites skips it
describe.skipIf(onPostgres)('the rendered picture of each kind of card', () => {
  it('a still card gives a JPEG at most 1080 px on its long side, in its proportions', async () => {
    const r = await renderPicture({ original: await bigCard(), kind: 'image', caption: caption(), footer: null }, null, soon());
    const meta = await sharp(r.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([720, 1080]);
  });

  it('a GIF gives an animated GIF (≤ 8 MB) and an MP4, both as long as the original (±0.2 s)', async () => {
    const original = probe(fixtures.gif, 'gif');
    const r = await renderPicture({ original: fixtures.gif, kind: 'gif', caption: caption(), footer: null }, tools, soon());
    const meta = await sharp(r.bytes, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBeGreaterThan(1);
    expect([meta.width, meta.pageHeight]).toEqual([320, 240]);
    expect(r.bytes.length).toBeLessThanOrEqual(PICTURE_LIMITS.gifMaxBytes);
    expect(Math.abs(probe(r.bytes, 'gif').seconds - original.seconds)).toBeLessThanOrEqual(0.2);
    const mp4 = probe(r.mp4!, 'mp4');
    expect(mp4.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
    expect(Math.abs(mp4.seconds - original.seconds)).toBeLessThanOrEqual(0.2);
  });

  it('a video gives an MP4 of H.264 and AAC (≤ 16 MB) as long as the original, the caption on its first and last frames', async () => {
    const original = probe(fixtures.mp4, 'mp4');
    const bare = await renderPicture({ original: fixtures.mp4, kind: 'video', caption: null, footer: null }, tools, soon());
    const r = await renderPicture({ original: fixtures.mp4, kind: 'video', caption: caption({ y: 0.5 }), footer: null }, tools, soon());
    const out = probe(r.bytes, 'mp4');
    expect(out.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(out.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 320, height: 568 });
    expect(Math.abs(out.seconds - original.seconds)).toBeLessThanOrEqual(0.2);
    expect(r.bytes.length).toBeLessThanOrEqual(PICTURE_LIMITS.videoMaxBytes);
    // the caption's box differs from the bare video at its start and at its end
    const box = r.captionBox!;
    for (const at of [0.05, original.seconds - 0.1]) {
      const frame = (bytes: Buffer) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picture-frame-'));
        fs.writeFileSync(path.join(dir, 'v.mp4'), bytes);
        const png = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', path.join(dir, 'v.mp4'), '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
        fs.rmSync(dir, { recursive: true, force: true });
        return png;
      };
      expect(await changedShare(frame(bare.bytes), frame(r.bytes), box)).toBeGreaterThan(0.05);
    }
  });
});

/** The share of pixels inside `box` that differ clearly between two pictures of the same size. */
async function changedShare(a: Buffer, b: Buffer, box: CaptionBox): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  const { width, height } = pa.info;
  let changed = 0;
  let total = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, box.y + box.height); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, box.x + box.width); x++) {
      const i = (y * width + x) * 3;
      total += 1;
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(pa.data[i + c]! - pb.data[i + c]!))) > 40) changed += 1;
    }
  }
  return changed / Math.max(1, total);
}

describe.skipIf(onPostgres)('the caption on the card', () => {
  it('changes the card inside its box and nowhere else beyond a margin', async () => {
    const card = await bigCard();
    const bare = await renderPicture({ original: card, kind: 'image', caption: null, footer: null }, null, soon());
    const captioned = await renderPicture({ original: card, kind: 'image', caption: caption({ effect: 'shadow' }), footer: null }, null, soon());
    const box = captioned.captionBox!;
    expect(await changedShare(bare.bytes, captioned.bytes, box)).toBeGreaterThan(0.05);
    const [pa, pb] = await Promise.all([pixels(bare.bytes), pixels(captioned.bytes)]);
    const { width, height } = pa.info;
    const margin = 16; // JPEG blocks and chroma subsampling spread a change over 16 px at most
    let worst = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin) continue;
        const i = (y * width + x) * 3;
        worst = Math.max(worst, Math.abs(pa.data[i]! - pb.data[i]!), Math.abs(pa.data[i + 1]! - pb.data[i + 1]!), Math.abs(pa.data[i + 2]! - pb.data[i + 2]!));
      }
    }
    expect(worst).toBeLessThanOrEqual(3);
  });

  /** The layer of one text alone, as RGBA pixels. */
  const layerOf = async (c: CaptionData) => (await sharp((await drawLayer(400, 300, c, null)).png).raw().toBuffer());
  const inked = (rgba: Buffer) => {
    let n = 0;
    for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > 128) n += 1;
    return n;
  };

  it('draws Cyrillic, Latin and emoji, the emoji in colour', async () => {
    for (const text of ['Привет', 'Hello', '🎉🌷']) expect(inked(await layerOf(caption({ text, effect: 'none' })))).toBeGreaterThan(200);
    // white text: any strongly coloured pixel is the emoji's own
    const emoji = await layerOf(caption({ text: '🌷', effect: 'none', color: '#ffffff' }));
    let coloured = 0;
    for (let i = 0; i < emoji.length; i += 4) if (emoji[i + 3]! > 200 && Math.max(emoji[i]!, emoji[i + 1]!, emoji[i + 2]!) - Math.min(emoji[i]!, emoji[i + 1]!, emoji[i + 2]!) > 80) coloured += 1;
    expect(coloured).toBeGreaterThan(100);
  });

  it('every font draws Cyrillic in its own face (no two alike, so none fell back to another font)', async () => {
    const drawn = await Promise.all(CAPTION_FONTS.map((f) => layerOf(caption({ text: 'Съешь же ещё этих мягких булок', font: f.id, effect: 'none' }))));
    for (const layer of drawn) expect(inked(layer)).toBeGreaterThan(500);
    for (let i = 0; i < drawn.length; i++) for (let j = i + 1; j < drawn.length; j++) expect(drawn[i]!.equals(drawn[j]!), `${CAPTION_FONTS[i]!.id} = ${CAPTION_FONTS[j]!.id}`).toBe(false);
  });

  it('the footer draws its line and a QR code in a band across the bottom, the caption kept above it', async () => {
    const footer = footerOf('Вам подарок! Откройте по QR-коду, чтобы принять', 'https://otkrytka.example/greeting/AbCdEf0123456789abcdef');
    const layer = await drawLayer(400, 600, caption({ y: 1 }), footer);
    expect(layer.footer!.y + layer.footer!.height).toBe(600);
    expect(layer.caption!.block.y + layer.caption!.block.height).toBeLessThanOrEqual(layer.footer!.y);
  });
});
