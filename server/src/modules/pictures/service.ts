import crypto from 'node:crypto';
import { type Caption, type CaptionData, ErrorCode, footerLine, type PictureUrlResponse } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { greetingLinks } from '../../platform/greeting-links';
import { MediaError } from '../../platform/media';
import { sharp } from '../../platform/sharp';
import { readAll } from '../../platform/storage';
import { greetingPictureSource, isSealed, pictureFooterOn, readCaption } from '../greetings';
import { footerOf } from './layer';
import { type RenderedPicture, renderPicture, RENDERER_VERSION } from './render';
import { type PictureRow, picturesRepo as repo } from './repo';

/** What a picture is drawn from; its hash names it. */
interface PictureSpec {
  hash: string;
  /** storage folder: `pictures/g` for a greeting's (never a link of its own), `pictures` for a postcard's */
  folder: string;
  card: { id: number; storage_key: string; media_kind: 'image' | 'gif' | 'video' };
  greetingId: number | null;
  caption: CaptionData | null;
  footer: { line: string; link: string } | null;
}

/** A greeting's picture is served for it alone: the hash takes in its unguessable id, so no two greetings share a file. */
function hashOf(scope: string, cardKey: string, caption: CaptionData | null, footer: PictureSpec['footer']): string {
  return crypto.createHash('sha256').update(JSON.stringify([RENDERER_VERSION, scope, cardKey, caption, footer])).digest('hex');
}

const languageOf = (json: string | null) => {
  try {
    return json ? (JSON.parse(json) as unknown) : null;
  } catch {
    return null;
  }
};

const services = new WeakMap<Deps, ReturnType<typeof makeService>>();

/** The one pictures service of an app (one pool, one set of drawings in flight), for its routes and its faces. */
export function picturesService(deps: Deps) {
  let service = services.get(deps);
  if (!service) services.set(deps, (service = makeService(deps)));
  return service;
}

/** Drawing, caching and serving pictures (docs/PRODUCT-RULES.md, Pictures). */
function makeService(deps: Deps) {
  const { db, storage } = deps;
  const links = greetingLinks(deps.config);
  // a picture is a media job in the uploads' pool (its workers and queue), with four times their time (it encodes)
  const drawLimitMs = deps.config.media.timeoutMs * 4;
  // a claim covers a wait in the pool's queue and the drawing itself
  const claimMs = drawLimitMs * 2 + 30_000;
  /** pictures being drawn, by hash: a second request for one waits for the first drawing */
  const drawing = new Map<string, Promise<PictureRow>>();
  const stats = { drawn: 0 };

  async function draw(spec: PictureSpec): Promise<PictureRow> {
    const stored = await storage.get(spec.card.storage_key);
    if (!stored) throw notFound('The postcard file is missing');
    const original = await readAll(stored.stream);
    const tools = spec.card.media_kind !== 'image' && (await deps.media.hasFfmpeg()) ? { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } : null;
    if (spec.card.media_kind !== 'image' && !tools) throw new AppError(503, ErrorCode.NOT_CONFIGURED, 'Moving pictures need ffmpeg on this server');
    const started = Date.now();
    let made: RenderedPicture;
    try {
      made = await deps.media.run(
        (deadline) =>
          renderPicture(
            { original, kind: spec.card.media_kind, caption: spec.caption, footer: spec.footer ? footerOf(spec.footer.line, spec.footer.link) : null },
            tools,
            deadline,
          ),
        drawLimitMs,
      );
    } catch (e) {
      if (!(e instanceof MediaError)) throw e;
      if (e.reason === 'busy') throw new AppError(503, ErrorCode.BUSY, e.message);
      if (e.reason === 'too_complex') throw new AppError(422, ErrorCode.MEDIA_TOO_COMPLEX, e.message);
      throw new AppError(500, ErrorCode.INTERNAL, e.message);
    }
    const renderMs = Date.now() - started;
    stats.drawn += 1;
    const key = `${spec.folder}/${spec.hash}.${made.ext}`;
    const mp4Key = made.mp4 ? `${spec.folder}/${spec.hash}.mp4` : null;
    await storage.put(key, made.bytes);
    if (made.mp4 && mp4Key) await storage.put(mp4Key, made.mp4);
    const row: PictureRow = {
      hash: spec.hash,
      image_relation_id: spec.card.id,
      greeting_id: spec.greetingId,
      media_kind: spec.card.media_kind,
      storage_key: key,
      mp4_key: mp4Key,
      caption: spec.caption ? JSON.stringify(spec.caption) : null,
      footer: spec.footer ? JSON.stringify(spec.footer) : null,
      bytes: made.bytes.length + (made.mp4?.length ?? 0),
      render_ms: renderMs,
      created_at: iso(deps.clock.now()),
    };
    await repo.insert(db, row);
    deps.log.info({ hash: spec.hash, kind: spec.card.media_kind, bytes: row.bytes, ms: renderMs }, 'pictures: drawn');
    return row;
  }

  /** A picture already drawn: its row, with its files still in storage. */
  async function found(hash: string): Promise<PictureRow | null> {
    const row = await repo.byHash(db, hash);
    return row && (await storage.exists(row.storage_key)) && (!row.mp4_key || (await storage.exists(row.mp4_key))) ? row : null;
  }

  /**
   * Drawn once across instances sharing the database: the one that claims the hash draws it, the
   * others look for its row now and then until it is there, or the claim is gone (its drawing
   * failed: they try themselves) or ran out (its instance went away: taken over).
   */
  async function drawOnce(spec: PictureSpec): Promise<PictureRow> {
    const giveUpAt = Date.now() + claimMs;
    for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
      const row = await found(spec.hash);
      if (row) return row;
      const now = new Date();
      const claimedAt = now.toISOString();
      if (await repo.claim(db, spec.hash, claimedAt, new Date(now.getTime() + claimMs).toISOString())) {
        try {
          return await draw(spec);
        } finally {
          await repo.release(db, spec.hash, claimedAt);
        }
      }
      if (Date.now() > giveUpAt) throw new AppError(503, ErrorCode.BUSY, 'The picture is still being drawn; try again shortly');
      await new Promise((resolve) => setTimeout(resolve, wait));
      // the claim was given back without a row (the drawing failed): the next round claims it
      if (!(await repo.claimed(db, spec.hash, new Date().toISOString()))) wait = 25;
    }
  }

  /** The picture of a spec: found (its row and files are there), or drawn once however many ask at the same time. */
  function ensure(spec: PictureSpec): Promise<PictureRow> {
    const pending = drawing.get(spec.hash);
    if (pending) return pending;
    const job = drawOnce(spec).finally(() => drawing.delete(spec.hash));
    drawing.set(spec.hash, job);
    return job;
  }

  /**
   * The spec of a greeting's picture, when `user` may see it (the sender always; anyone else once
   * it is open), or with `signed` (a link the sender had made for Telegram to fetch it by).
   */
  async function greetingSpec(publicId: string, user: AuthUser | null, signed = false): Promise<PictureSpec> {
    const g = await greetingPictureSource(db, publicId);
    // a sealed greeting's picture looks like no picture at all to anyone but its sender
    if (!g || g.is_banned || (!signed && user?.id !== g.user_id && isSealed(g, deps.clock.now()))) throw notFound('No such picture');
    const caption = readCaption(g.caption);
    const footer = pictureFooterOn(g) ? { line: footerLine(String(languageOf(g.language_json) ?? 'ru'), g.energy > 0), link: links.web(g.public_id) } : null;
    const card = { id: g.image_relation_id, storage_key: g.storage_key, media_kind: g.media_kind };
    return { hash: hashOf(`g:${g.public_id}`, g.storage_key, caption, footer), folder: 'pictures/g', card, greetingId: g.id, caption, footer };
  }

  return {
    stats,

    /**
     * The file of a greeting's picture (`mp4`: a GIF's MP4), drawn on first request; `signed`: asked
     * by a link signed for Telegram (telegram.ts), which stands for the sender.
     */
    async greetingPicture(publicId: string, user: AuthUser | null, format: 'mp4' | undefined, signed = false): Promise<{ key: string; row: PictureRow }> {
      const row = await ensure(await greetingSpec(publicId, user, signed));
      return { key: format === 'mp4' && row.mp4_key ? row.mp4_key : row.storage_key, row };
    },

    /**
     * A captioned postcard without a greeting, for anyone who may send it (approved, or their
     * own). Counts as a repost of the postcard. Answers its public, content-addressed URLs.
     */
    async postcardPicture(user: AuthUser, postcardId: number, caption: Caption): Promise<PictureUrlResponse> {
      const card = await repo.card(db, postcardId);
      if (!card || (card.is_approved !== 1 && card.user_id !== user.id)) throw notFound('Postcard not found');
      if (card.is_banned) throw new AppError(403, ErrorCode.POSTCARD_BANNED, 'This postcard was banned by moderation and cannot be sent');
      const spec: PictureSpec = {
        hash: hashOf('p', card.storage_key, caption, null),
        folder: 'pictures',
        card: { id: card.id, storage_key: card.storage_key, media_kind: card.media_kind },
        greetingId: null,
        caption,
        footer: null,
      };
      const row = await ensure(spec);
      await repo.countRepost(db, card.id);
      return { picture_url: `/api/pictures/${row.storage_key.slice('pictures/'.length)}`, mp4_url: row.mp4_key ? `/api/pictures/${row.mp4_key.slice('pictures/'.length)}` : null };
    },

    /**
     * A still of a greeting's picture as anyone but its sender sees it, for link previews: the JPEG
     * of a still card, the first frame of a GIF's; null for a video card, a sealed greeting or none.
     * `version` changes with the picture.
     */
    async greetingStill(publicId: string): Promise<{ bytes: Buffer; version: string } | null> {
      let spec: PictureSpec;
      try {
        spec = await greetingSpec(publicId, null);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) return null;
        throw e;
      }
      if (spec.card.media_kind === 'video') return null;
      const row = await ensure(spec);
      const stored = await storage.get(row.storage_key);
      if (!stored) return null;
      const bytes = await readAll(stored.stream);
      const still = row.media_kind === 'gif' ? await sharp(bytes, { pages: 1 }).jpeg({ quality: 86 }).toBuffer() : bytes;
      return { bytes: still, version: row.hash.slice(0, 16) };
    },

    /** A postcard's picture by its file name (`{hash}.jpg`…): drawn again from its row when its file has gone. */
    async postcardPictureFile(file: string): Promise<string> {
      const m = /^([0-9a-f]{64})\.(jpg|gif|mp4)$/.exec(file);
      if (!m) throw notFound('No such picture');
      const row = await repo.byHash(db, m[1]!);
      if (!row || row.greeting_id !== null) throw notFound('No such picture');
      const card = await repo.card(db, row.image_relation_id);
      if (!card || card.is_banned) throw notFound('No such picture');
      const caption = readCaption(row.caption);
      const again = await ensure({
        hash: row.hash,
        folder: 'pictures',
        card: { id: card.id, storage_key: card.storage_key, media_kind: card.media_kind },
        greetingId: null,
        caption,
        footer: null,
      });
      const key = m[2] === 'mp4' && again.mp4_key ? again.mp4_key : again.storage_key;
      if (!key.endsWith(`.${m[2]}`)) throw notFound('No such picture');
      return key;
    },

  };
}
export type PicturesService = ReturnType<typeof picturesService>;
