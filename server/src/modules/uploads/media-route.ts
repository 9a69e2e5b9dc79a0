import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@otkrytka/contract';
import type { Storage } from '../../platform/storage';
import { contentTypeOf, isSafeKey } from '../../platform/storage';

/** Stored files never change (their names are content hashes), so caches may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range against a known size (RFC 9110 §14); several ranges are answered in full. */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `GET /media/{key}`: stored media with long cache headers and byte ranges (video seeking). */
export function mediaRoute(app: FastifyInstance, storage: Storage) {
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    // Fastify has already decoded the path once; decoding again would turn `%25` into a bad escape
    const key = (req.params as { '*': string })['*'] ?? '';
    const missing = () => reply.status(404).send({ detail: 'File not found', code: ErrorCode.NOT_FOUND });
    if (!isSafeKey(key)) return missing();
    const etag = `"${key.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
    if (req.headers['if-none-match'] === etag) {
      return reply.status(304).header('etag', etag).header('cache-control', MEDIA_CACHE_CONTROL).send();
    }
    const size = await storage.size(key);
    if (size === null) return missing();
    reply
      .header('content-type', contentTypeOf(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('etag', etag);
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${size}`)
        .type('application/json')
        .send({ detail: 'Requested range not satisfiable', code: ErrorCode.BAD_REQUEST });
    }
    const obj = await storage.get(key, range ?? undefined);
    if (!obj) return missing();
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.send(obj.stream);
  });
}
