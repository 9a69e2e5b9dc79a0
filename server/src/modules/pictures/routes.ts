import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, GREETING_PUBLIC_ID, picturesRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { contentTypeOf } from '../../platform/storage';
import { fontFileOf, fontList } from './fonts';
import { picturesService } from './service';
import { picturesTelegram, signedPictureLinks } from './telegram';

/** Font files change only with a release that renames them; a week keeps the preview quick. */
const FONT_CACHE = 'public, max-age=604800';
/** A postcard's picture is named by its content: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A greeting's picture: for the one reader only (a sealed greeting's is the sender's alone). */
const PRIVATE = 'private, max-age=3600';

/** One `bytes=a-b` range (players seek in an MP4 with them); anything else is answered whole. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

export function picturesModule(app: FastifyInstance, deps: Deps) {
  const pictures = picturesService(deps);
  const telegram = picturesTelegram(deps, pictures);
  const signed = deps.config.botToken ? signedPictureLinks(deps.config.botToken) : null;
  const missing = (reply: FastifyReply) => reply.status(404).send({ detail: 'No such picture', code: ErrorCode.NOT_FOUND });

  /** Sends a stored picture with its type, length and byte ranges. */
  async function send(req: FastifyRequest, reply: FastifyReply, key: string, cache: string) {
    // the file's name is its content's hash: the same name is the same bytes
    const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
    if (req.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).header('cache-control', cache).send();
    const size = await deps.storage.size(key);
    if (size === null) return missing(reply);
    const range = rangeOf(req.headers.range, size);
    const obj = await deps.storage.get(key, range ?? undefined);
    if (!obj) return missing(reply);
    reply.header('content-type', contentTypeOf(key)).header('accept-ranges', 'bytes').header('cache-control', cache).header('etag', etag);
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    else reply.header('content-length', size);
    return reply.send(obj.stream);
  }

  registerRoutes(
    app,
    picturesRoutes,
    {
      'GET /api/caption/fonts': () => ({ fonts: fontList() }),
      'POST /api/postcards/{id}/picture': ({ user, params, body }) => pictures.postcardPicture(user, params.id, body.caption),
      'POST /api/greetings/{id}/picture/telegram-message': ({ user, params }) => telegram.prepareMessage(user, params.id),
      'POST /api/greetings/{id}/picture/send-to-me': ({ user, params }) => telegram.sendToMe(user, params.id),
      'POST /api/greetings/{id}/picture/download-link': ({ user, params }) => telegram.downloadLink(user, params.id),
    },
    {
      // each is a media job: a few a minute per person
      'POST /api/postcards/{id}/picture': { rateLimit: { max: 10, timeWindow: '1 minute', perUser: true } },
      // each may draw the picture, and each is a call to Telegram (the bot's own flood limits)
      'POST /api/greetings/{id}/picture/telegram-message': { rateLimit: { max: 10, timeWindow: '1 minute', perUser: true } },
      'POST /api/greetings/{id}/picture/send-to-me': { rateLimit: { max: 5, timeWindow: '1 minute', perUser: true } },
      'POST /api/greetings/{id}/picture/download-link': { rateLimit: { max: 20, timeWindow: '1 minute', perUser: true } },
    },
  );

  app.get('/api/caption/fonts/:file', { schema: { hide: true } }, async (req, reply) => {
    const file = fontFileOf((req.params as { file: string }).file);
    if (!file) return reply.status(404).send({ detail: 'No such font', code: ErrorCode.NOT_FOUND });
    return reply.type('font/ttf').header('cache-control', FONT_CACHE).header('access-control-allow-origin', '*').send(fs.createReadStream(file));
  });

  // the authorised route of a greeting's picture: its storage key is never handed out
  app.get('/api/greetings/:id/picture', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const { format, t } = req.query as { format?: string; t?: string };
    if (!GREETING_PUBLIC_ID.test(id) || (format !== undefined && format !== 'mp4')) return missing(reply);
    // a link signed for Telegram (telegram.ts) opens the picture as its sender would
    const bySignedLink = !!signed?.valid(id, t, deps.clock.now().getTime());
    const user = bySignedLink ? null : await app.resolveUser(req);
    const { key } = await pictures.greetingPicture(id, user, format === 'mp4' ? 'mp4' : undefined, bySignedLink);
    return send(req, reply, key, PRIVATE);
  });

  app.get('/api/pictures/:file', { schema: { hide: true } }, async (req, reply) => {
    const key = await pictures.postcardPictureFile((req.params as { file: string }).file);
    return send(req, reply, key, IMMUTABLE);
  });

  return pictures;
}
