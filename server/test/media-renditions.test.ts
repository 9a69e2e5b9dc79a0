import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITIONS, VIDEO_PREVIEW } from '@otkrytka/contract';
import { backfillRenditions } from '../src/modules/uploads/renditions';
import { sweepStorageLeftovers } from '../src/modules/uploads/sweep';
import { previewKey, screenRenditionKey, videoPreviewKey } from '../src/modules/uploads';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { createTestApp, signUp, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: User;
let channel: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  channel = (await owner.post('/api/collections', { name: 'Открытки' })).json();
});
afterAll(() => t.close());

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A photo-like picture: soft gradients and shapes, as a phone camera's JPEG (what postcards mostly are). */
async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6a"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 3}" r="${width / 4}" fill="#fd3" opacity="0.8"/>
    <text x="10%" y="80%" font-size="${width / 10}" fill="#fff">С праздником!</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function postcardOf(data: Buffer, name: string) {
  const upload = (await uploadFile(owner, data, name)).json();
  const res = await owner.post('/api/image_relations', { upload_id: upload.id, collection_id: channel.id, description: 'С днём рождения, дорогая!' });
  expect(res.statusCode, res.body).toBe(201);
  return (await owner.get(`/api/image_relations/${res.json().id}`)).json();
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** `url 480w, url 768w` → [[url, 480], [url, 768]] */
const parseSrcset = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ') as [string, string]).map(([url, w]) => [url, Number(w.slice(0, -1))] as const);

describe('screen-size renditions of still pictures', () => {
  it('a large photo gets 480, 768 and 1080 wide webp renditions in viewer_srcset, each as wide as it says, none the original', async () => {
    const card = await postcardOf(await photo(1600, 2400), 'photo.jpg');
    const entries = parseSrcset(card.viewer_srcset);
    expect(entries.map(([, w]) => w)).toEqual([480, 768, 1080]);
    expect(entries[1]![0]).toBe(card.viewer_url);
    for (const [url, width] of entries) {
      expect(url).not.toBe(card.image_url);
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 2400) / 1600));
    }
    expect(card.preview_video_url).toBeNull();
  });

  it('a small picture is never enlarged: one entry at its own width', async () => {
    const card = await postcardOf(await photo(400, 600), 'small.jpg');
    expect(parseSrcset(card.viewer_srcset).map(([, w]) => w)).toEqual([400]);
  });

  it('an animation keeps its animated viewer preview and gets no still srcset', async () => {
    const card = await postcardOf(fixtures.gif, 'anim.gif');
    expect(card.media_kind).toBe('gif');
    expect(card.viewer_srcset).toBeNull();
    expect(card.viewer_url).not.toBeNull();
  });

  it('the gallery thumbnail of a photo stays under 8 KB', async () => {
    for (const data of [await photo(1600, 2400), fixtures.jpg]) {
      const card = await postcardOf(data, 'thumb.jpg');
      const thumb = await get(card.thumbnail_url);
      expect(thumb.rawPayload.length).toBeLessThanOrEqual(8 * 1024);
    }
  });

  it('a greeting made of the postcard gives its page the same srcset', async () => {
    const card = await postcardOf(await photo(1200, 1800), 'greeting.jpg');
    const made = await owner.post('/api/greetings', { image_relations_id: card.id, to_whom: 'Маме', greeting: 'С праздником!', from_whom: 'Сын' });
    expect(made.statusCode, made.body).toBe(201);
    const greeting = (await get(`/api/greetings/${made.json().id}`)).json();
    expect(greeting.postcard.viewer_srcset).toBe(card.viewer_srcset);
  });
});

describe.runIf(hasFfmpeg || !!process.env.CI)('the mp4 preview of a video (ffmpeg installed)', () => {
  it('is silent, its first seconds only, at most 480 px wide and 1 MB, with the poster beside it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otk-video-'));
    const source = path.join(dir, 'long.mp4');
    // 12 s of 1280×720 test pattern with a tone, at a high bitrate
    execFileSync('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=12', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3M', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', source,
    ]);
    const card = await postcardOf(fs.readFileSync(source), 'long.mp4');
    expect(card.media_kind).toBe('video');
    expect(card.viewer_url).not.toBeNull();
    expect(card.viewer_srcset).toBeNull();
    const res = await get(card.preview_video_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBeLessThanOrEqual(VIDEO_PREVIEW.maxBytes);
    const preview = path.join(dir, 'preview.mp4');
    fs.writeFileSync(preview, res.rawPayload);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', preview]).toString(),
    ) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 480, height: 270 });
    expect(Number(probe.format.duration)).toBeLessThanOrEqual(VIDEO_PREVIEW.maxSeconds + 0.1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the backfill of files stored before renditions existed', () => {
  it('makes them for an old postcard, which then lists them; a missing file is marked and not tried again', async () => {
    const card = await postcardOf(await photo(1500, 2000), 'old.jpg');
    const key = (await t.db.selectFrom('image_relations').select('storage_key').where('id', '=', card.id).executeTakeFirstOrThrow()).storage_key;
    // as stored before: no renditions on disk, rows pending
    for (const r of ['screen480', 'screen1080'] as const) await t.deps.storage.delete(screenRenditionKey(key, r));
    await t.db.updateTable('image_relations').set({ renditions: RENDITIONS.pending }).where('storage_key', '=', key).execute();
    await t.db.updateTable('uploads').set({ renditions: RENDITIONS.pending }).where('storage_key', '=', key).execute();
    // and a postcard whose file is gone
    const lost = await postcardOf(await photo(900, 1200), 'lost.jpg');
    const lostKey = (await t.db.selectFrom('image_relations').select('storage_key').where('id', '=', lost.id).executeTakeFirstOrThrow()).storage_key;
    await t.db.updateTable('image_relations').set({ renditions: RENDITIONS.pending }).where('storage_key', '=', lostKey).execute();
    await t.deps.storage.delete(lostKey);

    expect((await owner.get(`/api/image_relations/${card.id}`)).json().viewer_srcset).toBeNull();
    expect(await backfillRenditions(t.deps)).toBe(2);
    const after = (await owner.get(`/api/image_relations/${card.id}`)).json();
    expect(parseSrcset(after.viewer_srcset).map(([, w]) => w)).toEqual([480, 768, 1080]);
    expect(await t.deps.storage.exists(screenRenditionKey(key, 'screen1080'))).toBe(true);
    const uploadRow = await t.db.selectFrom('uploads').select('renditions').where('storage_key', '=', key).executeTakeFirstOrThrow();
    expect(uploadRow.renditions).toBe(RENDITIONS.made);
    const lostRow = await t.db.selectFrom('image_relations').select('renditions').where('id', '=', lost.id).executeTakeFirstOrThrow();
    expect(lostRow.renditions).toBe(RENDITIONS.impossible);
    expect((await owner.get(`/api/image_relations/${lost.id}`)).json().viewer_srcset).toBeNull();
    expect(await backfillRenditions(t.deps)).toBe(0);
  });

  it('an animation stored when grid thumbnails still moved gets a still one', async () => {
    const card = await postcardOf(fixtures.gif, 'old-anim.gif');
    const key = (await t.db.selectFrom('image_relations').select('storage_key').where('id', '=', card.id).executeTakeFirstOrThrow()).storage_key;
    // as stored before: an animated thumbnail, rows pending
    const animated = await sharp(fixtures.gif, { animated: true }).resize(160, 220, { fit: 'cover' }).webp().toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(10);
    await t.deps.storage.put(previewKey(key, 'thumb'), animated);
    await t.db.updateTable('image_relations').set({ renditions: RENDITIONS.pending }).where('storage_key', '=', key).execute();
    expect(await backfillRenditions(t.deps)).toBe(1);
    const thumb = (await get(card.thumbnail_url)).rawPayload;
    expect((await sharp(thumb, { animated: true }).metadata()).pages ?? 1).toBe(1);
    expect(thumb.length).toBeLessThan(animated.length);
  });

  it('the leftovers sweep keeps the renditions of stored files', async () => {
    const card = await postcardOf(await photo(1300, 1900), 'kept.jpg');
    const key = (await t.db.selectFrom('image_relations').select('storage_key').where('id', '=', card.id).executeTakeFirstOrThrow()).storage_key;
    await sweepStorageLeftovers(t.deps, Date.now() + 48 * 3600_000);
    for (const [url] of parseSrcset(card.viewer_srcset)) expect((await get(url)).statusCode).toBe(200);
    expect(await t.deps.storage.exists(screenRenditionKey(key, 'screen480'))).toBe(true);
    expect(videoPreviewKey(key)).toMatch(/preview\/mp4\/[0-9a-f]{64}\.mp4$/);
  });
});
