import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANIMATION_FRAMES, PREVIEW_MAX_BYTES, PREVIEW_SIZES } from '@otkrytka/contract';
import sharp from 'sharp';
import { readAll } from '../src/platform/storage';
import { previewKey } from '../src/modules/uploads';
import { makeGif } from './factories/media';
import { multipartFile, uploadFile } from './factories/uploads';
import { createTestApp, signUp, type TestApp } from './helpers';

/** media work is bounded in frames, pixels, output size and time, and rate-limited per user. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

const storedSize = async (key: string) => (await readAll((await t.deps.storage.get(key))!.stream)).length;

describe('animations', () => {
  it('refuses a GIF of 30,000 tiny frames quickly with 422, naming the frame limit', async () => {
    const u = await signUp(t.app);
    const gif = await makeGif(30_000, 1);
    const started = Date.now();
    const res = await uploadFile(u, gif, 'bomb.gif');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'MEDIA_TOO_COMPLEX', field: 'file' });
    expect(res.json().detail).toContain(`maximum is ${MAX_ANIMATION_FRAMES}`);
  });

  it(`accepts ${MAX_ANIMATION_FRAMES} tiny frames quickly, and every preview stays small`, async () => {
    const u = await signUp(t.app);
    const started = Date.now();
    const res = await uploadFile(u, await makeGif(MAX_ANIMATION_FRAMES, 1), 'many.gif');
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(5000);
    const key = res.json().cloud_url.replace('/media/', '');
    for (const size of Object.keys(PREVIEW_SIZES) as (keyof typeof PREVIEW_SIZES)[]) {
      expect(await storedSize(previewKey(key, size)), size).toBeLessThanOrEqual(PREVIEW_MAX_BYTES[size]);
    }
    expect(await storedSize(previewKey(key, 'thumb'))).toBeLessThan(64 * 1024);
  });

  it('keeps the thumbnail and viewer of a large busy animation within their byte limits', async () => {
    const u = await signUp(t.app);
    const res = await uploadFile(u, await makeGif(60, 200), 'busy.gif');
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json().cloud_url.replace('/media/', '');
    const thumb = await t.deps.storage.get(previewKey(key, 'thumb'));
    const thumbBytes = await readAll(thumb!.stream);
    expect(thumbBytes.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES.thumb);
    const meta = await sharp(thumbBytes, { animated: true }).metadata();
    expect(meta.width).toBe(PREVIEW_SIZES.thumb.width);
    expect(meta.pages ?? 1).toBeLessThanOrEqual(40);
    expect(await storedSize(previewKey(key, 'viewer'))).toBeLessThanOrEqual(PREVIEW_MAX_BYTES.viewer);
  }, 120_000);
});

describe('limits per job and per user', () => {
  it('refuses a job over its wall time with 422 and keeps serving', async () => {
    const slow = await createTestApp({ MEDIA_TIMEOUT_MS: '1' });
    try {
      const u = await signUp(slow.app);
      const res = await uploadFile(u, await makeGif(20, 100), 'slow.gif');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('MEDIA_TOO_COMPLEX');
      expect((await slow.app.inject({ method: 'GET', url: '/api/gallery' })).statusCode).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('refuses with 503 when every media worker is taken and the queue is full', async () => {
    const busy = await createTestApp({ MEDIA_WORKERS: '1', MEDIA_QUEUE: '0' });
    try {
      const u = await signUp(busy.app);
      const gifs = await Promise.all([makeGif(30, 100), makeGif(31, 100)]);
      const [a, b] = await Promise.all(gifs.map((g, i) => uploadFile(u, g, `q${i}.gif`)));
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 503]);
      expect([a!.json().code, b!.json().code]).toContain('BUSY');
    } finally {
      await busy.close();
    }
  });

  it('rate-limits uploads per user (429), not per server', async () => {
    const u = await signUp(t.app);
    const small = await makeGif(2, 8);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await uploadFile(u, small, `r${i}.gif`)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const other = await signUp(t.app);
    expect((await uploadFile(other, small, 'r.gif')).statusCode).toBe(201);
    const body = multipartFile(small, 'x.gif');
    const limited = await u.raw('POST', '/api/uploads/upload', body.payload, body.headers);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
