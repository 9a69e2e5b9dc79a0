import crypto from 'node:crypto';
import { ErrorCode, Id, SHARE_IMAGE, type ShareImageVariant } from '@otkrytka/contract';
import { GREETING_PUBLIC_ID } from '@otkrytka/contract/rules/greetings';
import { isAppPage } from '@otkrytka/contract/rules/pages';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notConfigured, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { botApi, greetingMessage } from '../../platform/bot';
import { greetingLinks } from '../../platform/greeting-links';
import { readAll } from '../../platform/storage';
import { previewKey } from '../uploads';
import { isHeld, isSealed } from '../greetings';
import { greetingStillPicture } from '../pictures';
import { DEFAULT_GRADIENT, drawPreview, ENVELOPE, type PreviewDrawing, type PreviewVariant, RENDER_VERSION, STORY_MAX_BYTES } from './preview-image';
import { settingsRepo } from '../settings';
import { shareRepo as repo } from './repo';
import { SHARE_TEXTS, type ShareLang } from './texts';

export type ShareKind = 'greeting' | 'postcard' | 'channel' | 'site' | 'join';

/** The join page of a group card (`/greeting/{id}/join/{invite}`), as its link preview says it. */
const JOIN_TEXTS = {
  ru: {
    title: (to: string) => `Подпишите открытку для ${to}`,
    description: 'Добавьте своё поздравление в общую открытку',
    kicker: 'Подпишите открытку',
  },
  en: {
    title: (to: string) => `Sign the card for ${to}`,
    description: 'Add your wishes to a card from everyone',
    kicker: 'Sign the card',
  },
} satisfies Record<ShareLang, unknown>;

type GreetingRow = NonNullable<Awaited<ReturnType<typeof repo.greeting>>>;

/**
 * The one rule deciding that a greeting's preview shows nothing of it: it is gone, or it is
 * scheduled for later and its moment has not come (the same clock rule as the greeting page).
 */
export function greetingIsSealed(g: GreetingRow | undefined, now: Date): boolean {
  return !g || isSealed(g, now);
}

/** What a shared page says about itself (meta tags); `image` is the path of its wide picture. */
export interface PageMeta {
  kind: ShareKind;
  lang: ShareLang;
  title: string;
  description: string;
  canonical: string;
  imagePath: string;
  imageAlt: string;
  /** private links (greetings) stay out of search engines */
  noindex: boolean;
  /** no such page (a path the app does not have, a greeting that does not exist): answered with 404 */
  missing?: true;
}

const PICTURE_SOURCE = (r: { storage_key: string; media_kind: string; has_preview: number }) =>
  r.has_preview === 1 ? previewKey(r.storage_key, 'viewer') : r.media_kind === 'video' ? null : r.storage_key;

/** An id from a link, within the bound the API takes (a larger one names nothing: it never reaches SQL). */
const idOf = (text: string | undefined): number | undefined => {
  const r = Id.safeParse(text);
  return r.success ? r.data : undefined;
};

const versionOf = (...parts: unknown[]) =>
  crypto.createHash('sha256').update(JSON.stringify([RENDER_VERSION, ...parts])).digest('base64url').slice(0, 12);

type VersionFacts = Pick<GreetingRow, 'public_id' | 'to_whom' | 'background_first_page' | 'storage_key' | 'is_banned' | 'opens_at' | 'held_for' | 'caption' | 'picture_footer'>;

/** A greeting's picture version: changes when what the picture shows changes. */
const greetingVersion = (g: VersionFacts, lang: ShareLang) =>
  versionOf(g.to_whom, g.background_first_page, g.storage_key, g.is_banned, lang, g.caption ?? null, g.caption ? g.picture_footer : null);

/**
 * The two pictures of a greeting's chat message, with their version in the address (Telegram
 * keeps a picture per address). A scheduled greeting before its moment has the neutral picture's
 * own version, so the picture Telegram keeps for that address is never the postcard.
 */
export function greetingMessagePictures(base: string, g: VersionFacts, lang: ShareLang, now: Date) {
  const v = isSealed(g, now) ? versionOf('sealed', g.public_id, g.opens_at) : greetingVersion(g, lang);
  const url = (variant: ShareImageVariant) => `${base}/og/greeting/${g.public_id}/${variant}.jpg?lang=${lang}&v=${v}`;
  return { photoUrl: url('wide'), thumbnailUrl: url('square') };
}

export function shareService(deps: Deps) {
  const { db, storage, config } = deps;
  const base = config.publicUrl;
  const links = greetingLinks(config);
  const host = (() => {
    try {
      return new URL(base).host;
    } catch {
      return '';
    }
  })();

  async function bytesOf(key: string | null): Promise<Buffer | null> {
    if (!key) return null;
    const obj = await storage.get(key).catch(() => null);
    return obj ? readAll(obj.stream) : null;
  }

  /** The pictures being drawn in this instance, by storage key. */
  const drawings = new Map<string, Promise<Buffer>>();

  const footer = (lang: ShareLang) => `${SHARE_TEXTS[lang].siteName}${host ? ` · ${host}` : ''}`;
  /** A page's address as shared: Russian is the default, English keeps `?lang=en` (canonical and og:url alike). */
  const inLang = (url: string, lang: ShareLang) => (lang === 'en' ? `${url}?lang=en` : url);

  function neutral(lang: ShareLang, canonicalPath = '/'): PageMeta {
    const t = SHARE_TEXTS[lang];
    return {
      kind: 'site',
      lang,
      title: t.siteName,
      description: t.siteDescription,
      canonical: inLang(`${base}${canonicalPath}`, lang),
      imagePath: `/og/site/-/wide.jpg?lang=${lang}&v=${versionOf('site', lang, host)}`,
      imageAlt: t.siteDescription,
      noindex: false,
    };
  }

  async function visibleGreeting(publicId: string) {
    if (!GREETING_PUBLIC_ID.test(publicId)) return undefined;
    const g = await repo.greeting(db, publicId);
    return g && !greetingIsSealed(g, deps.clock.now()) ? g : undefined;
  }

  /**
   * What a greeting's previews (wide, square, story) show as its card: the card with the sender's
   * caption on it when they wrote one (a video's, its postcard: a preview is a still), else the
   * postcard; none when it is banned. What it depends on is in `greetingVersion`.
   */
  const greetingPicture = async (g: GreetingRow): Promise<Buffer | null> => {
    if (g.is_banned) return null;
    const captioned = g.caption ? await greetingStillPicture(deps, g.public_id) : null;
    return captioned?.bytes ?? bytesOf(PICTURE_SOURCE(g));
  };

  /**
   * A group card by its join link's invite (`{publicId}~{invite}` in a picture's address): only the
   * right invite names it; a wrong or replaced one, or a card already delivered, finds nothing.
   */
  async function joinableGreeting(publicId: string, invite: string) {
    if (!GREETING_PUBLIC_ID.test(publicId) || !/^[A-Za-z0-9_-]{16,64}$/.test(invite)) return undefined;
    const g = await repo.greeting(db, publicId);
    const group = g && (await repo.groupOf(db, g.id));
    if (!g || !group || group.delivered_at !== null) return undefined;
    const a = Buffer.from(invite);
    const b = Buffer.from(group.invite);
    return a.length === b.length && crypto.timingSafeEqual(a, b) ? g : undefined;
  }
  const joinVersion = (g: GreetingRow, invite: string, lang: ShareLang) =>
    versionOf('join', invite, g.to_whom, g.background_first_page, g.storage_key, g.is_banned, lang, host);

  const greetingExists = (publicId: string) => GREETING_PUBLIC_ID.test(publicId) && repo.greetingExists(db, publicId);

  async function visiblePostcard(id: number) {
    const p = Number.isSafeInteger(id) && id > 0 ? await repo.postcard(db, id) : undefined;
    return p && p.is_approved === 1 && p.is_banned === 0 ? p : undefined;
  }

  /** Meta of the page at `pathname` (the SPA's paths; /telegram/… the same pages). */
  async function pageMeta(pathname: string, lang: ShareLang): Promise<PageMeta> {
    const path = pathname.replace(/^\/telegram(?=\/|$)/, '') || '/';
    const t = SHARE_TEXTS[lang];
    const join = /^\/greeting\/([^/]+)\/join\/([^/]+)\/?$/.exec(path);
    if (join) {
      // a group card's join link: its own preview for the right invite; nothing of the card for any other
      const g = await joinableGreeting(join[1]!, join[2]!);
      if (!g) return { ...neutral(lang), noindex: true };
      const jt = JOIN_TEXTS[lang];
      return {
        kind: 'join',
        lang,
        title: jt.title(g.to_whom),
        description: jt.description,
        canonical: inLang(`${base}/greeting/${g.public_id}/join/${join[2]!}`, lang),
        imagePath: `/og/join/${g.public_id}~${join[2]!}/wide.jpg?lang=${lang}&v=${joinVersion(g, join[2]!, lang)}`,
        imageAlt: jt.title(g.to_whom),
        noindex: true,
      };
    }
    const greeting = /^\/greeting\/([^/]+)\/?$/.exec(path);
    if (greeting) {
      const g = await visibleGreeting(greeting[1]!);
      // a deleted (or not yet open) greeting: the neutral preview, private either way, at its own
      // address; one that never was, or is gone, is not found (a sealed one is there and shows its countdown)
      if (!g) {
        const own = GREETING_PUBLIC_ID.test(greeting[1]!) ? inLang(links.web(greeting[1]!), lang) : neutral(lang).canonical;
        return { ...neutral(lang), canonical: own, noindex: true, ...(!(await greetingExists(greeting[1]!)) && { missing: true }) };
      }
      return {
        kind: 'greeting',
        lang,
        title: t.greetingTitle(g.to_whom),
        description: t.greetingDescription,
        canonical: inLang(links.web(g.public_id), lang),
        imagePath: `/og/greeting/${g.public_id}/wide.jpg?lang=${lang}&v=${greetingVersion(g, lang)}`,
        imageAlt: t.greetingTitle(g.to_whom),
        noindex: true,
      };
    }
    const postcard = /^\/mychannels\/(\d{1,12})\/(\d{1,12})\/?$/.exec(path);
    if (postcard) {
      const postcardId = idOf(postcard[2]);
      const p = postcardId && idOf(postcard[1]) ? await visiblePostcard(postcardId) : undefined;
      if (!p) return neutral(lang);
      const title = p.title || t.postcardKicker;
      return {
        kind: 'postcard',
        lang,
        title,
        description: p.description?.slice(0, 200) || t.postcardDescription(p.channel_name),
        canonical: inLang(`${base}/mychannels/${p.collection_id}/${p.id}`, lang),
        imagePath: `/og/postcard/${p.id}/wide.jpg?lang=${lang}&v=${versionOf(p.title, p.storage_key, lang, host)}`,
        imageAlt: title,
        noindex: false,
      };
    }
    const channel = /^\/mychannels\/(\d{1,12})\/?$/.exec(path);
    if (channel) {
      const channelId = idOf(channel[1]);
      const c = channelId ? await repo.channel(db, channelId) : undefined;
      if (!c) return neutral(lang);
      const covers = await repo.channelCovers(db, c.id, 3);
      return {
        kind: 'channel',
        lang,
        title: t.channelTitle(c.name),
        description: c.description?.slice(0, 200) || t.channelDescription(c.name),
        canonical: inLang(`${base}/mychannels/${c.id}`, lang),
        imagePath: `/og/channel/${c.id}/wide.jpg?lang=${lang}&v=${versionOf(c.name, covers.map((x) => x.storage_key), lang, host)}`,
        imageAlt: t.channelTitle(c.name),
        noindex: false,
      };
    }
    if (!isAppPage(path)) return { ...neutral(lang), noindex: true, missing: true };
    return neutral(lang, path === '/' ? '/' : path);
  }

  /** What a preview picture shows; the neutral drawing when the thing is not (or no longer) public. */
  async function drawingOf(kind: ShareKind, id: string, lang: ShareLang): Promise<{ key: string; drawing: () => Promise<PreviewDrawing> }> {
    const t = SHARE_TEXTS[lang];
    const neutralDrawing = {
      key: `og/site/${versionOf('site', lang, host)}`,
      drawing: async (): Promise<PreviewDrawing> => ({
        background: DEFAULT_GRADIENT,
        kicker: t.siteName,
        headline: t.neutralHeadline,
        footer: footer(lang),
        pictures: [ENVELOPE],
      }),
    };
    if (kind === 'greeting') {
      const g = await visibleGreeting(id);
      if (!g) return neutralDrawing;
      return {
        key: `og/greeting/${g.public_id}/${greetingVersion(g, lang)}`,
        drawing: async () => {
          const picture = await greetingPicture(g);
          return { background: g.background_first_page, kicker: t.greetingKicker, headline: g.to_whom, footer: footer(lang), pictures: picture ? [picture] : [ENVELOPE] };
        },
      };
    }
    if (kind === 'join') {
      const [publicId = '', invite = ''] = id.split('~');
      const g = await joinableGreeting(publicId, invite);
      if (!g) return neutralDrawing;
      return {
        key: `og/join/${g.public_id}/${joinVersion(g, invite, lang)}`,
        drawing: async () => {
          // the postcard itself: the organiser's caption is theirs to show once delivered
          const picture = g.is_banned ? null : await bytesOf(PICTURE_SOURCE(g));
          const jt = JOIN_TEXTS[lang];
          return { background: g.background_first_page, kicker: jt.kicker, headline: g.to_whom, footer: footer(lang), pictures: picture ? [picture] : [ENVELOPE] };
        },
      };
    }
    if (kind === 'postcard') {
      const postcardId = /^\d{1,12}$/.test(id) ? idOf(id) : undefined;
      const p = postcardId ? await visiblePostcard(postcardId) : undefined;
      if (!p) return neutralDrawing;
      return {
        key: `og/postcard/${p.id}/${versionOf(p.title, p.storage_key, lang, host)}`,
        drawing: async () => {
          const picture = await bytesOf(PICTURE_SOURCE(p));
          return {
            background: DEFAULT_GRADIENT,
            kicker: p.channel_name,
            headline: p.title || t.postcardKicker,
            footer: footer(lang),
            pictures: picture ? [picture] : [ENVELOPE],
          };
        },
      };
    }
    if (kind === 'channel') {
      const channelId = /^\d{1,12}$/.test(id) ? idOf(id) : undefined;
      const c = channelId ? await repo.channel(db, channelId) : undefined;
      if (!c) return neutralDrawing;
      const covers = await repo.channelCovers(db, c.id, 3);
      return {
        key: `og/channel/${c.id}/${versionOf(c.name, covers.map((x) => x.storage_key), lang, host)}`,
        drawing: async () => {
          const pictures = (await Promise.all(covers.map((x) => bytesOf(PICTURE_SOURCE(x))))).filter((b): b is Buffer => !!b);
          return { background: 'dark-indigo-purple', kicker: t.channelKicker, headline: c.name, footer: footer(lang), pictures: pictures.length ? pictures : [ENVELOPE] };
        },
      };
    }
    return neutralDrawing;
  }

  return {
    pageMeta,

    /**
     * A preview picture (JPEG; ≤ 300 KB, a story's ≤ STORY_MAX_BYTES): drawn on the first request,
     * then kept in storage under a key that changes whenever what it shows changes, so every
     * instance shares one copy. Requests for a picture being drawn wait for that drawing: one
     * drawing per key in each instance, however many ask at once.
     */
    async image(kind: ShareKind, id: string, variant: PreviewVariant, lang: ShareLang): Promise<{ bytes: Buffer; version: string }> {
      const { key, drawing } = await drawingOf(kind, id, lang);
      const storageKey = `${key}-${lang}-${variant}.jpg`;
      const version = key.slice(key.lastIndexOf('/') + 1);
      const cached = await bytesOf(storageKey);
      if (cached) return { bytes: cached, version };
      let pending = drawings.get(storageKey);
      if (!pending) {
        pending = (async () => {
          // drawn and stored while this request read storage
          const stored = await bytesOf(storageKey);
          if (stored) return stored;
          const bytes = await drawPreview(await drawing(), variant);
          const max = variant === 'story' ? STORY_MAX_BYTES : SHARE_IMAGE.maxBytes;
          if (bytes.length > max) throw new Error(`preview picture too large: ${bytes.length} bytes`);
          await storage.put(storageKey, bytes);
          return bytes;
        })().finally(() => drawings.delete(storageKey));
        drawings.set(storageKey, pending);
      }
      return { bytes: await pending, version };
    },

    /**
     * My greeting as a Telegram message ready to send (Bot API savePreparedInlineMessage): the
     * postcard picture, '💌 <recipient>! Открой, чтобы посмотреть', a button that opens it.
     */
    async prepareTelegramMessage(user: AuthUser, publicId: string) {
      const g = await repo.greeting(db, publicId);
      if (!g) throw notFound('Greeting not found');
      if (g.user_id !== user.id) throw forbidden('Only the sender can send this greeting');
      if (isHeld(g)) throw conflict('This greeting is held back (a group card before delivery, or its gift unpaid): it cannot be sent yet', ErrorCode.GREETING_HELD);
      // after the checks: a server without a bot tells nothing of other people's greetings either
      if (!config.botToken) throw notConfigured('Sending into Telegram is not configured on this server (BOT_TOKEN is not set)');
      const telegramId = (await repo.telegramIdOf(db, user.id))?.telegram_id;
      if (!telegramId) throw conflict('This account is not signed in with Telegram', ErrorCode.TELEGRAM_NOT_LINKED);
      const link = links.forTelegramMessage(g.public_id);
      // in the sender's language, as the app and the bot speak to them
      const lang = await settingsRepo.language(db, user.id);
      try {
        const prepared = await botApi(config).savePreparedInlineMessage(
          Number(telegramId),
          greetingMessage({ id: g.public_id, toWhom: g.to_whom, ...greetingMessagePictures(base, g, lang, deps.clock.now()), link, lang }),
          { allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true, allow_bot_chats: false },
        );
        return { prepared_message_id: prepared.id, link };
      } catch (e) {
        deps.log.warn({ err: e }, 'savePreparedInlineMessage failed');
        throw new AppError(502, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not accept the message; share the link instead');
      }
    },
  };
}

export type ShareService = ReturnType<typeof shareService>;
