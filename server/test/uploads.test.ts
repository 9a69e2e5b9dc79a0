import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@otkrytka/contract';
import { uploadFile } from './factories/uploads';
import { fixtures, oversize, pngBomb } from './fixtures';
import { client, createTestApp, type Res, signUp, type TestApp } from './helpers';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bytesOf = async (url: string) => (await get(url)).rawPayload;
const hasFfmpeg = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('POST /api/uploads/upload', () => {
  it('needs a signed-in user', async () => {
    const res = await uploadFile(client(t.app), fixtures.png, 'card.png');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it.each([
    ['jpg', 'image/jpeg', 'image'],
    ['png', 'image/png', 'image'],
    ['webp', 'image/webp', 'image'],
    ['gif', 'image/gif', 'gif'],
    ['mp4', 'video/mp4', 'video'],
  ] as const)('accepts a real %s and says what it is', async (type, mime, kind) => {
    const res = await uploadFile(alice, fixtures[type], `fixture.${type}`);
    expect(res.statusCode, res.body).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ file_name: `fixture.${type}`, mime, media_kind: kind });
    expect(u.id).toBeGreaterThan(0);
    expect(u.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(u.cloud_url).toMatch(new RegExp(`^/media/[0-9a-f]{2}/${u.hash}\\.${type}$`));
    const served = await get(u.cloud_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
  });

  it('decides the type by content, not by name: a renamed text file is refused with the allowed types', async () => {
    const res = await uploadFile(alice, fixtures.textAsJpg, 'holiday.jpg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      detail: 'Unsupported file type. Allowed types: jpg, png, webp, gif, mp4',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('accepts a real picture under a misleading name and stores it by its real type', async () => {
    const res = await uploadFile(alice, fixtures.png, 'looks-like.gif');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime: 'image/png', media_kind: 'image', file_name: 'looks-like.gif' });
    expect(res.json().cloud_url).toMatch(/\.png$/);
  });

  it('refuses a file that starts like a picture but is damaged, with 415', async () => {
    const broken = Buffer.concat([fixtures.png.subarray(0, 60), Buffer.alloc(200, 7)]);
    const res = await uploadFile(alice, broken, 'broken.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toContain('Allowed types: jpg, png, webp, gif, mp4');
  });

  it('refuses HEIF (an "ftyp" file that is not MP4) as unsupported', async () => {
    const heif = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(100)]);
    expect((await uploadFile(alice, heif, 'photo.mp4')).statusCode).toBe(415);
  });

  it('refuses an empty file and a missing "file" field with 400', async () => {
    expect((await uploadFile(alice, Buffer.alloc(0), 'empty.png')).statusCode).toBe(400);
    const wrongField = await uploadFile(alice, fixtures.png, 'card.png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toContain('"file"');
    const notMultipart = await alice.post('/api/uploads/upload', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });

  describe('size limits: 10 MB static, 20 MB gif, 30 MB mp4 (files made at test time)', () => {
    it('413 for a static image over 10 MB, with the maximum and the actual size', async () => {
      const res = await uploadFile(alice, oversize('jpg', UPLOAD_MAX_BYTES.image + 1024 * 1024), 'big.jpg');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'File is too large: 11 MB. The maximum for static images is 10 MB',
        code: 'PAYLOAD_TOO_LARGE',
        params: { max_mb: 10 },
      });
    });

    it('a gif of 11 MB is within its own 20 MB limit (refused only because it is not a real gif)', async () => {
      const res = await uploadFile(alice, oversize('gif', 11 * 1024 * 1024), 'big.gif');
      expect(res.statusCode).toBe(415);
    });

    it('413 for a gif over 20 MB', async () => {
      const res = await uploadFile(alice, oversize('gif', UPLOAD_MAX_BYTES.gif + 512 * 1024), 'huge.gif');
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('File is too large: 20.5 MB. The maximum for GIFs is 20 MB');
    });

    it('413 for an mp4 over 30 MB', async () => {
      const res = await uploadFile(alice, oversize('mp4', UPLOAD_MAX_BYTES.video + 1), 'long.mp4');
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('File is too large: 30 MB. The maximum for MP4 videos is 30 MB');
    });
  });

  it('refuses a decompression bomb (a 50 KB PNG of 20000×20000 pixels) without decoding it', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await uploadFile(alice, bomb, 'bomb.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'file: The image is 20000×20000 pixels; the maximum is 50 megapixels',
      code: 'VALIDATION_ERROR',
      field: 'file',
    });
  });

  it('stores the same bytes once, however often and by whomever they are uploaded', async () => {
    const first = (await uploadFile(alice, fixtures.webp, 'one.webp')).json();
    const again = (await uploadFile(alice, fixtures.webp, 'two.webp')).json();
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ file_name: 'two.webp', cloud_url: first.cloud_url, hash: first.hash });
    const bobs = await uploadFile(bob, fixtures.webp, 'bobs.webp');
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().id).not.toBe(first.id);
    expect(bobs.json().cloud_url).toBe(first.cloud_url);
    expect(bobs.json().file_name).toBe('bobs.webp');
    // one stored original in the media folder
    const stored = fs.readdirSync(path.join(t.config.mediaDir, first.hash.slice(0, 2))).filter((f) => f.startsWith(first.hash));
    expect(stored).toEqual([`${first.hash}.webp`]);
  });

  it('strips EXIF (copyright, GPS) from a JPEG and turns it upright by its orientation', async () => {
    expect((await sharp(fixtures.jpg).metadata()).exif).toBeDefined();
    const u = (await uploadFile(alice, fixtures.jpg, 'photo.jpg')).json();
    const stored = await bytesOf(u.cloud_url);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([800, 640]);
    expect([u.width, u.height]).toEqual([800, 640]);
  });

  it('drops comment blocks from a GIF and keeps it animated', async () => {
    expect(fixtures.gif.includes(Buffer.from('Secret Owner'))).toBe(true);
    const u = (await uploadFile(alice, fixtures.gif, 'anim.gif')).json();
    const stored = await bytesOf(u.cloud_url);
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    const meta = await sharp(stored, { animated: true }).metadata();
    expect(meta.pages).toBe(10);
    expect([u.width, u.height]).toEqual([320, 240]);
  });

  it('makes previews beside the original that decode at the right sizes', async () => {
    const u = (await uploadFile(alice, fixtures.png, 'sizes.png')).json();
    const dir = u.cloud_url.slice(0, u.cloud_url.lastIndexOf('/'));
    expect(u.preview_78x101_url).toBe(`${dir}/preview/78x101/${u.hash}.webp`);
    expect(u.thumbnail_url).toBe(`${dir}/preview/160x220/${u.hash}.webp`);
    const size = async (url: string) => {
      const m = await sharp(await bytesOf(url)).metadata();
      return [m.format, m.width, m.height];
    };
    expect(await size(u.preview_78x101_url)).toEqual(['webp', 78, 101]);
    expect(await size(`${dir}/preview/36/${u.hash}.webp`)).toEqual(['webp', 36, 36]);
    expect(await size(u.thumbnail_url)).toEqual(['webp', 160, 220]);
    // the viewer size fits 768×1180 and keeps the 600×900 picture's proportions (no enlargement)
    expect(await size(`${dir}/preview/768x1180/${u.hash}.webp`)).toEqual(['webp', 600, 900]);
  });

  it('gives a gif an animated viewer preview, and a still first frame as its grid thumbnail', async () => {
    const u = (await uploadFile(alice, fixtures.gif, 'anim.gif')).json();
    const viewer = await sharp(await bytesOf(u.thumbnail_url.replace('/160x220/', '/768x1180/')), { animated: true }).metadata();
    expect(viewer.format).toBe('webp');
    expect(viewer.pages).toBe(10);
    expect([viewer.width, viewer.pageHeight]).toEqual([320, 240]);
    const thumb = await sharp(await bytesOf(u.thumbnail_url), { animated: true }).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.pages ?? 1).toBe(1);
    expect([thumb.width, thumb.height]).toEqual([160, 220]);
  });

  it.runIf(hasFfmpeg || !!process.env.CI)('reads an mp4: dimensions, duration, a poster frame, and no metadata (ffmpeg installed)', async () => {
    const u = (await uploadFile(alice, fixtures.mp4, 'clip.mp4')).json();
    expect(u).toMatchObject({ media_kind: 'video', width: 320, height: 568 });
    expect(u.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(u.duration_ms).toBeLessThanOrEqual(2100);
    const poster = await sharp(await bytesOf(u.preview_78x101_url)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['webp', 78, 101]);
    const stored = await bytesOf(u.cloud_url);
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    expect(stored.includes(Buffer.from('+55.7558'))).toBe(false);
    const tmp = path.join(os.tmpdir(), `otk-${u.hash}.mp4`);
    fs.writeFileSync(tmp, stored);
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', tmp]).toString());
    fs.rmSync(tmp);
    expect(probe.streams[0]).toMatchObject({ codec_type: 'video', width: 320, height: 568 });
  });

  it.runIf(hasFfmpeg || !!process.env.CI)('refuses an mp4 container without a video stream', async () => {
    const tmp = path.join(os.tmpdir(), `otk-audio-${process.pid}.mp4`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-f', 'mp4', '-brand', 'isom', tmp]);
    const audio = fs.readFileSync(tmp);
    fs.rmSync(tmp);
    const res = await uploadFile(alice, audio, 'song.mp4');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toContain('The file has no video');
  });
});

describe('GET /api/uploads', () => {
  it('lists only my own uploads, newest first, and searches file names case-insensitively (Cyrillic too)', async () => {
    const carol = await signUp(t.app);
    const a = (await uploadFile(carol, fixtures.png, 'Новогодняя Ёлка.png')).json();
    t.clock.advance(1000);
    const b = (await uploadFile(carol, fixtures.webp, 'Birthday_100%.webp')).json();
    await uploadFile(bob, fixtures.jpg, 'bobs-ёлка.jpg');

    const all = (await carol.get('/api/uploads')).json();
    expect(all.map((u: { id: number }) => u.id)).toEqual([b.id, a.id]);
    expect(all[0]).toMatchObject({ file_name: 'Birthday_100%.webp', cloud_url: b.cloud_url, hash: b.hash });
    expect(all[0].uploaded_at).toBe(b.uploaded_at);

    const find = async (s: string) =>
      (await carol.get(`/api/uploads?search=${encodeURIComponent(s)}`)).json().map((u: { file_name: string }) => u.file_name);
    expect(await find('ёлка')).toEqual(['Новогодняя Ёлка.png']);
    expect(await find('BIRTHDAY')).toEqual(['Birthday_100%.webp']);
    expect(await find('100%')).toEqual(['Birthday_100%.webp']);
    // "%" and "_" are matched literally, not as wildcards
    expect(await find('y_1')).toEqual(['Birthday_100%.webp']);
    expect(await find('a_b')).toEqual([]);
    expect(await find('%')).toEqual(['Birthday_100%.webp']);
    expect(await find('zzz')).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await client(t.app).get('/api/uploads')).statusCode).toBe(401);
  });
});

describe('/media', () => {
  let u: { cloud_url: string };
  let original: Res;
  beforeAll(async () => {
    u = (await uploadFile(alice, fixtures.mp4, 'range.mp4')).json();
    original = await get(u.cloud_url);
  });

  it('serves files with long immutable cache headers and an ETag', () => {
    expect(original.statusCode).toBe(200);
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['accept-ranges']).toBe('bytes');
    expect(Number(original.headers['content-length'])).toBe(original.rawPayload.length);
    expect(original.headers.etag).toBeTruthy();
  });

  it('answers a byte range with 206 and the exact bytes', async () => {
    const res = await get(u.cloud_url, { range: 'bytes=10-19' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${original.rawPayload.length}`);
    expect(res.rawPayload).toEqual(original.rawPayload.subarray(10, 20));
    const tail = await get(u.cloud_url, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(original.rawPayload.subarray(original.rawPayload.length - 5));
    const open = await get(u.cloud_url, { range: 'bytes=100-' });
    expect(open.rawPayload.length).toBe(original.rawPayload.length - 100);
  });

  it('answers a range beyond the end with 416', async () => {
    const res = await get(u.cloud_url, { range: `bytes=${original.rawPayload.length + 10}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${original.rawPayload.length}`);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await get(u.cloud_url, { 'if-none-match': String(original.headers.etag) });
    expect(res.statusCode).toBe(304);
  });

  it('answers unknown files and path tricks with a JSON 404', async () => {
    expect((await get('/media/ab/nothing.png')).statusCode).toBe(404);
    expect((await get('/media/..%2F..%2Fotkrytka.sqlite')).statusCode).toBe(404);
    expect((await get('/media/%2E%2E/otkrytka.sqlite')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
