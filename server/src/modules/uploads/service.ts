import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  MEDIA_KIND_OF_TYPE,
  MEDIA_SPECS,
  type MediaKind,
  type Upload,
  type UploadType,
} from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, badRequest, invalid, tooLarge, unsupportedMedia } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { detectType, MediaError, SNIFF_BYTES } from '../../platform/media';
import { previewKey, previewUrls } from './media-keys';
import { renditionsState, storeRenditions } from './renditions';
import { type UploadRow, uploadsRepo } from './repo';

/** Bytes read from a request before giving up counting (the largest allowed file is 30 MB). */
const READ_CAP = 64 * 1024 * 1024;
const ALLOWED = UPLOAD_TYPES.join(', ');
const KIND_NAME: Record<MediaKind, string> = { image: 'static images', gif: 'GIFs', video: 'MP4 videos' };

export const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** The name shown in lists: the last path segment, without control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, type: UploadType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return clean || `file.${type}`;
}

/** Content-addressed key of an upload: the same bytes always land on the same key. */
export const storageKeyOf = (hash: string, type: UploadType) => `${hash.slice(0, 2)}/${hash}.${type}`;

/** Stores a file (once per content) with its previews and returns the facts to record. */
async function store({ db, storage, media }: Deps, data: Buffer, type: UploadType, hash: string) {
  const key = storageKeyOf(hash, type);
  const earlier = await uploadsRepo.anyByHash(db, hash);
  if (earlier && (await storage.exists(earlier.storage_key))) {
    const { storage_key, mime, kind, size_bytes, width, height, duration_ms, has_poster, renditions } = earlier;
    return { storage_key, mime, kind, size_bytes, width, height, duration_ms, has_poster, renditions };
  }
  let out;
  try {
    out = await media.process(data, type);
  } catch (e) {
    if (!(e instanceof MediaError)) throw e;
    if (e.reason === 'too_many_pixels') throw invalid('file', e.message);
    if (e.reason === 'too_complex') throw new AppError(422, ErrorCode.MEDIA_TOO_COMPLEX, e.message, 'file');
    if (e.reason === 'too_long') throw new AppError(422, ErrorCode.VIDEO_TOO_LONG, e.message, 'file', { max_seconds: MEDIA_SPECS.videoMaxSeconds });
    if (e.reason === 'busy') throw new AppError(503, ErrorCode.BUSY, e.message);
    throw unsupportedMedia(`${e.message}: it is damaged or not a real ${type} file. Allowed types: ${ALLOWED}`);
  }
  await Promise.all([
    ...Object.entries(out.previews).map(([size, bytes]) => storage.put(previewKey(key, size as never), bytes)),
    out.renditions && storeRenditions(storage, key, out.renditions),
  ]);
  // the original last: its presence means the previews are there too
  await storage.put(key, out.original);
  return {
    storage_key: key,
    mime: out.mime,
    kind: out.kind,
    size_bytes: out.original.length,
    width: out.width,
    height: out.height,
    duration_ms: out.durationMs,
    has_poster: Object.keys(out.previews).length ? 1 : 0,
    renditions: renditionsState(out.kind, out.renditions),
  };
}

/**
 * Records one upload of `data` for a user: stores the bytes (once per content) with previews and
 * adds the user's upload row. Used by the upload route and by the demo seed.
 */
export async function saveUpload(deps: Deps, userId: number, data: Buffer, type: UploadType, fileName: string) {
  const hash = crypto.createHash('sha256').update(data).digest('hex');
  const facts = await store(deps, data, type, hash);
  return uploadsRepo.insert(deps.db, {
    user_id: userId,
    file_name: fileName,
    search_name: fileName.toLowerCase(),
    hash,
    ...facts,
    uploaded_at: iso(deps.clock.now()),
  });
}

export function uploadsService(deps: Deps) {
  const { db, storage } = deps;

  const toUpload = (r: UploadRow): Upload => {
    const p = previewUrls(storage, r.storage_key, r.has_poster === 1);
    return {
      id: r.id,
      file_name: r.file_name,
      cloud_url: storage.url(r.storage_key),
      hash: r.hash,
      mime: r.mime,
      media_kind: r.kind,
      size_bytes: r.size_bytes,
      width: r.width,
      height: r.height,
      duration_ms: r.duration_ms,
      preview_78x101_url: p.small,
      thumbnail_url: p.thumb,
      uploaded_at: r.uploaded_at,
    };
  };

  /**
   * Reads the file part: its type from the first bytes, its size by counting every byte (so a
   * refusal can say how large it was), keeping the bytes only while they are within the limit.
   */
  async function receive(req: FastifyRequest) {
    if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"');
    const part = await req.file({ limits: { fileSize: READ_CAP, files: 1 }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw badRequest('Send the file as multipart/form-data in the field "file"');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let type: UploadType | null | undefined;
    let keep = true;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (!keep) continue;
      chunks.push(chunk);
      if (type === undefined && size >= SNIFF_BYTES) type = detectType(Buffer.concat(chunks));
      if (type === null || (type && size > UPLOAD_MAX_BYTES[MEDIA_KIND_OF_TYPE[type]])) keep = false;
    }
    if (type === undefined) type = detectType(Buffer.concat(chunks));
    if (size === 0) throw badRequest('The file is empty');
    if (!type) throw unsupportedMedia(`Unsupported file type. Allowed types: ${ALLOWED}`);
    const kind = MEDIA_KIND_OF_TYPE[type];
    const max = UPLOAD_MAX_BYTES[kind];
    if (size > max) {
      const actual = part.file.truncated ? `more than ${megabytes(READ_CAP)}` : megabytes(size);
      throw tooLarge(`File is too large: ${actual}. The maximum for ${KIND_NAME[kind]} is ${megabytes(max)}`, { max_mb: Math.floor(max / 1024 / 1024) });
    }
    return { data: Buffer.concat(chunks), type, fileName: cleanFileName(part.filename, type) };
  }

  return {
    toUpload,

    async upload(user: AuthUser, req: FastifyRequest): Promise<Upload> {
      const { data, type, fileName } = await receive(req).catch((e: unknown) => {
        // the multipart parser's own failure (a body cut off, a broken boundary) is the client's
        if (e instanceof AppError || (e as { statusCode?: number }).statusCode) throw e;
        throw badRequest('The upload is cut off or is not valid multipart/form-data');
      });
      return toUpload(await saveUpload(deps, user.id, data, type, fileName));
    },

    async list(user: AuthUser, search: string | undefined, offset: number, limit: number): Promise<Upload[]> {
      return (await uploadsRepo.list(db, user.id, search || undefined, offset, limit)).map(toUpload);
    },
  };
}
