import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/** A byte range, both ends inclusive (as in HTTP). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** the whole object's size in bytes */
  size: number;
}

/**
 * Where media bytes live. Keys are relative paths such as `ab/abcdef….jpg`; `url(key)` is where the
 * server serves them (`/media/{key}`), whichever backend holds them.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** the object (or a range of it); null when there is no such object */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  url(key: string): string;
  /** every stored object (temporary files of interrupted writes included), for the leftovers sweep */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export const MEDIA_PREFIX = '/media/';
/** Keys the server makes need no escaping (the common, fast case); anything else is encoded per segment. */
export const mediaUrl = (key: string) =>
  MEDIA_PREFIX + (/^[A-Za-z0-9._/-]*$/.test(key) ? key : key.split('/').map(encodeURIComponent).join('/'));

/** Keys are made by the server; this also refuses anything a request could use to leave the media root. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._/-]{0,300}$/.test(key) && !key.split('/').some((p) => p === '' || p === '.' || p === '..');
}

function assertKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** Files under a local folder (`DATA_DIR/media` by default). Writes are atomic (temp file, then rename). */
export function localStorage(root: string): Storage {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  const statSize = async (key: string) => {
    try {
      const st = await fsp.stat(full(key));
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  };
  return {
    async put(key, data) {
      const file = full(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, file);
    },
    exists: async (key) => (await statSize(key)) !== null,
    size: statSize,
    async get(key, range) {
      const size = await statSize(key);
      if (size === null) return null;
      const stream = fs.createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    },
    async delete(key) {
      await fsp.rm(full(key), { force: true });
    },
    url: mediaUrl,
    async *list() {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (!e.isFile()) continue;
        const file = path.join(e.parentPath, e.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!isSafeKey(key)) continue;
        const st = await fsp.stat(file).catch(() => null);
        if (st) yield { key, modifiedAt: st.mtime };
      }
    },
  };
}

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible store (AWS, Yandex Object Storage, MinIO, Ceph); the server streams from it. */
export async function s3Storage(o: S3Options): Promise<Storage> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
  });
  const notFound = (e: unknown) => {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
  };
  const size = async (key: string) => {
    assertKey(key);
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: o.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  };
  return {
    async put(key, data) {
      assertKey(key);
      await client.send(new s3.PutObjectCommand({ Bucket: o.bucket, Key: key, Body: data, ContentType: contentTypeOf(key) }));
    },
    exists: async (key) => (await size(key)) !== null,
    size,
    async get(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new s3.GetObjectCommand({
            Bucket: o.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
        return { stream: res.Body as Readable, size: total };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new s3.DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
    url: mediaUrl,
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket: o.bucket, ContinuationToken: token }));
        for (const obj of page.Contents ?? []) {
          if (obj.Key && isSafeKey(obj.Key)) yield { key: obj.Key, modifiedAt: obj.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

export async function createStorage(config: Config): Promise<Storage> {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.mediaDir);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Reads a whole stream (small objects only). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
