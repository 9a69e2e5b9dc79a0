import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, s3Storage } from '../src/platform/storage';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { createTestApp, signUp, type TestApp } from './helpers';
import { S3RVER_KEY, startS3 } from './support/s3';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

const options = () => ({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', ...S3RVER_KEY });
/** the bucket's copy of an object, read back through the S3 API */
const stored = async (key: string) => {
  const obj = await (await s3Storage(options())).get(key);
  return obj ? readAll(obj.stream) : undefined;
};

describe('S3-compatible storage', () => {
  it('puts, reads whole and by range, knows sizes, deletes', async () => {
    const storage = await s3Storage(options());
    await storage.put('ab/hello.txt', Buffer.from('Привет, мир'));
    expect(await storage.exists('ab/hello.txt')).toBe(true);
    expect(await storage.size('ab/hello.txt')).toBe(Buffer.byteLength('Привет, мир'));
    const whole = await storage.get('ab/hello.txt');
    expect((await readAll(whole!.stream)).toString()).toBe('Привет, мир');
    const part = await storage.get('ab/hello.txt', { start: 0, end: 11 });
    expect(part!.size).toBe(Buffer.byteLength('Привет, мир'));
    expect((await readAll(part!.stream)).toString()).toBe('Привет');
    await storage.delete('ab/hello.txt');
    expect(await storage.exists('ab/hello.txt')).toBe(false);
    expect(await storage.get('ab/hello.txt')).toBeNull();
    expect(storage.url('ab/hello.txt')).toBe('/media/ab/hello.txt');
  });

  it('is refused with credentials the store does not know', async () => {
    // (s3rver checks the access key of every signed request; it does not recompute SigV4 signatures)
    const storage = await s3Storage({ ...options(), accessKeyId: 'NOT-A-KEY' });
    await expect(storage.put('ab/forged.txt', Buffer.from('x'))).rejects.toThrow(/Access Key Id/i);
    expect(await stored('ab/forged.txt')).toBeUndefined();
  });

  it('refuses keys that could leave the media root', async () => {
    const storage = await s3Storage(options());
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  describe('as the app’s media store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
      });
    });
    afterAll(() => t.close());

    it('stores uploads with their previews in the bucket and streams them under /media with ranges', async () => {
      const me = await signUp(t.app);
      const u = (await uploadFile(me, fixtures.png, 'card.png')).json();
      const key = u.cloud_url.replace('/media/', '');
      const original = await stored(key);
      expect(original?.length).toBeGreaterThan(0);
      expect(await stored(u.thumbnail_url.replace('/media/', ''))).toBeDefined();
      const whole = await t.app.inject({ method: 'GET', url: u.cloud_url });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload).toEqual(original);
      expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const range = await t.app.inject({ method: 'GET', url: u.cloud_url, headers: { range: 'bytes=8-15' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 8-15/${original!.length}`);
      expect(range.rawPayload).toEqual(original!.subarray(8, 16));
      expect((await t.app.inject({ method: 'GET', url: '/media/zz/missing.png' })).statusCode).toBe(404);
    });
  });
});
