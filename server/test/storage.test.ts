import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, s3Storage } from '../src/platform/storage';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { createTestApp, signUp, type TestApp } from './helpers';

/**
 * A minimal S3-compatible server (path-style PUT, GET with Range, HEAD, DELETE; signatures not
 * checked), enough to run the real AWS SDK client against.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\/[^/]+\//, ''));
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(body));
        res.writeHead(200, { etag: '"x"' }).end();
        return;
      }
      const obj = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (!obj) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-length': obj.length }).end();
        return;
      }
      const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (m) {
        const [start, end] = [Number(m[1]), Math.min(Number(m[2]), obj.length - 1)];
        res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${obj.length}`, 'content-length': end - start + 1 });
        res.end(obj.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { 'content-length': obj.length }).end(obj);
    });
  });
  return { server, objects };
}

let s3: ReturnType<typeof fakeS3>;
let endpoint: string;
beforeAll(async () => {
  s3 = fakeS3();
  await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => s3.server.close(() => r())));

const options = () => ({ endpoint, bucket: 'media', region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test' });

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

  it('refuses keys that could leave the media root', async () => {
    const storage = await s3Storage(options());
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  describe('as the app’s media store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ S3_ENDPOINT: endpoint, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test' });
    });
    afterAll(() => t.close());

    it('stores uploads with their previews in the bucket and streams them under /media with ranges', async () => {
      const me = await signUp(t.app);
      const u = (await uploadFile(me, fixtures.png, 'card.png')).json();
      const key = u.cloud_url.replace('/media/', '');
      expect(s3.objects.has(key)).toBe(true);
      expect(s3.objects.has(u.thumbnail_url.replace('/media/', ''))).toBe(true);
      const whole = await t.app.inject({ method: 'GET', url: u.cloud_url });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload).toEqual(s3.objects.get(key));
      expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const range = await t.app.inject({ method: 'GET', url: u.cloud_url, headers: { range: 'bytes=8-15' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 8-15/${s3.objects.get(key)!.length}`);
      expect(range.rawPayload).toEqual(s3.objects.get(key)!.subarray(8, 16));
      expect((await t.app.inject({ method: 'GET', url: '/media/zz/missing.png' })).statusCode).toBe(404);
    });
  });
});
