import crypto from 'node:crypto';
import { ErrorCode, type PictureDownloadLink, type PictureSentToMe, type PreparedTelegramMessage } from '@otkrytka/contract';
import { GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { Deps } from '../../deps';
import { AppError, conflict, notConfigured } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { iso } from '../../platform/clock';
import { BOT_TEXTS, botApi, type BotLang } from '../../platform/bot';
import { greetingLinks } from '../../platform/greeting-links';
import { readAll } from '../../platform/storage';
import { readCaption } from '../greetings';
import { settingsRepo } from '../settings';
import { picturesRepo as repo, type PictureRow } from './repo';
import type { PicturesService } from './service';

/** How long a link signed for Telegram opens a greeting's picture (a prepared message lives a day at most). */
const SIGNED_LINK_S = 2 * 24 * 3600;

/**
 * Links to a greeting's picture that Telegram fetches: signed with a key derived from the bot's
 * token and good for two days, so a sealed greeting's picture, shared by its sender, reaches
 * Telegram without ever being public.
 */
export function signedPictureLinks(botToken: string) {
  const key = crypto.createHash('sha256').update(`otkrytka picture links\0${botToken}`).digest();
  const mac = (publicId: string, until: number) => crypto.createHmac('sha256', key).update(`${publicId}.${until}`).digest('base64url').slice(0, 32);
  return {
    /** the `t` parameter of the picture's route, good until `nowMs` + two days */
    sign: (publicId: string, nowMs: number) => {
      const until = Math.floor(nowMs / 1000) + SIGNED_LINK_S;
      return `${until}.${mac(publicId, until)}`;
    },
    /** whether `t` was signed for this greeting and is still good */
    valid(publicId: string, t: string | undefined, nowMs: number): boolean {
      const m = t ? /^(\d{1,12})\.([\w-]{32})$/.exec(t) : null;
      if (!m || Number(m[1]) * 1000 < nowMs) return false;
      const a = Buffer.from(m[2]!);
      const b = Buffer.from(mac(publicId, Number(m[1])));
      return a.length === b.length && crypto.timingSafeEqual(a, b);
    },
  };
}

/**
 * A greeting's picture sent through Telegram (docs/PRODUCT-RULES.md, Pictures): as a prepared
 * media message for the Mini App's shareMessage, or by the bot into the user's own chat. Either is
 * for whoever may see the picture: its sender always, others once the greeting is open.
 */
export function picturesTelegram(deps: Deps, pictures: PicturesService) {
  const { config, db, storage } = deps;
  const links = greetingLinks(config);

  /** The picture (drawn if need be) and what every message of it needs, after the checks. */
  async function prepare(user: AuthUser, publicId: string) {
    const { row } = await pictures.greetingPicture(publicId, user, undefined);
    // after the visibility check: a server without a bot tells nothing of other people's greetings either
    if (!config.botToken) throw notConfigured('Sending into Telegram is not configured on this server (BOT_TOKEN is not set)');
    const telegramId = await repo.telegramIdOf(db, user.id);
    if (!telegramId) throw conflict('This account is not signed in with Telegram', ErrorCode.TELEGRAM_NOT_LINKED);
    const lang: BotLang = (await settingsRepo.language(db, user.id)) === 'en' ? 'en' : 'ru';
    const texts = BOT_TEXTS[lang];
    // the sender's words on the card; without a caption, the bot's invite line
    const toWhom = (await repo.toWhom(db, publicId))?.to_whom ?? '';
    const words = readCaption(row.caption)?.text.trim() || texts.invite(toWhom);
    const link = links.forTelegramMessage(publicId);
    return { row, chatId: Number(telegramId), caption: words, link, button: new InlineKeyboard().url(texts.openGreeting, link), title: texts.myGreeting(toWhom) };
  }

  /** The picture's absolute address for Telegram (`mp4`: a GIF's MP4), signed so it opens whatever the greeting's state. */
  const publicLink = (publicId: string, row: PictureRow, mp4 = false) =>
    `${config.publicUrl}/api/greetings/${publicId}/picture?v=${row.hash.slice(0, 16)}${mp4 ? '&format=mp4' : ''}&t=${signedPictureLinks(config.botToken!).sign(publicId, deps.clock.now().getTime())}`;

  /** The inline result of the picture: a photo, a GIF (as its MP4, which Telegram plays as a GIF) or a video. */
  function resultOf(publicId: string, p: Awaited<ReturnType<typeof prepare>>): InlineQueryResult {
    const id = `pic_${publicId}`.slice(0, 64);
    const common = { id, caption: p.caption, reply_markup: p.button };
    if (p.row.media_kind === 'image') {
      const url = publicLink(publicId, p.row);
      return { type: 'photo', ...common, photo_url: url, thumbnail_url: url };
    }
    if (p.row.media_kind === 'gif') {
      const url = publicLink(publicId, p.row, true);
      return { type: 'mpeg4_gif', ...common, mpeg4_url: url, thumbnail_url: url, thumbnail_mime_type: 'video/mp4' };
    }
    // a video's thumbnail: the greeting's link preview (a still JPEG of the card, an envelope while sealed)
    return {
      type: 'video',
      ...common,
      video_url: publicLink(publicId, p.row),
      mime_type: 'video/mp4',
      thumbnail_url: `${config.publicUrl}/og/greeting/${publicId}/wide.jpg`,
      title: p.title,
    };
  }

  /** The name a picture file is saved and sent under. */
  const fileName = (publicId: string, key: string) => `otkrytka-${publicId.slice(0, 8)}.${key.slice(key.lastIndexOf('.') + 1)}`;

  return {
    /** A signed address of the picture for Telegram's own download (the Mini App's downloadFile). */
    async downloadLink(user: AuthUser, publicId: string): Promise<PictureDownloadLink> {
      const { row } = await pictures.greetingPicture(publicId, user, undefined);
      if (!config.botToken) throw notConfigured('Telegram is not configured on this server (BOT_TOKEN is not set)');
      return { url: publicLink(publicId, row), file_name: fileName(publicId, row.storage_key) };
    },

    /** The picture as a Telegram message ready to send (Bot API savePreparedInlineMessage). */
    async prepareMessage(user: AuthUser, publicId: string): Promise<PreparedTelegramMessage> {
      const p = await prepare(user, publicId);
      try {
        const prepared = await botApi(config).savePreparedInlineMessage(p.chatId, resultOf(publicId, p), {
          allow_user_chats: true,
          allow_group_chats: true,
          allow_channel_chats: true,
          allow_bot_chats: false,
        });
        return { prepared_message_id: prepared.id, link: p.link };
      } catch (e) {
        deps.log.warn({ err: e }, 'pictures: savePreparedInlineMessage failed');
        throw new AppError(502, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not accept the picture; share the link instead');
      }
    },

    /**
     * The bot sends the picture to the user's own chat with it, the file uploaded from storage (the
     * server's public address may be out of Telegram's reach). Only when the user lets the bot
     * write to them: refused with 409 otherwise, and when Telegram says they blocked it.
     */
    async sendToMe(user: AuthUser, publicId: string): Promise<PictureSentToMe> {
      const p = await prepare(user, publicId);
      const refused = () => conflict('The bot may not write to you: allow it to (start its chat, or allow it in the app), then try again', ErrorCode.TELEGRAM_WRITE_NOT_ALLOWED);
      if (!(await repo.botMayWrite(db, user.id))) throw refused();
      // a GIF goes as its MP4, which Telegram shows as a GIF
      const key = p.row.media_kind === 'gif' && p.row.mp4_key ? p.row.mp4_key : p.row.storage_key;
      const stored = await storage.get(key);
      if (!stored) throw new AppError(500, ErrorCode.INTERNAL, 'The picture file is missing');
      const file = new InputFile(await readAll(stored.stream), fileName(publicId, key));
      const other = { caption: p.caption, reply_markup: p.button };
      const api = botApi(config);
      try {
        const sent =
          p.row.media_kind === 'image'
            ? await api.sendPhoto(p.chatId, file, other)
            : p.row.media_kind === 'gif'
              ? await api.sendAnimation(p.chatId, file, other)
              : await api.sendVideo(p.chatId, file, { ...other, supports_streaming: true });
        return { message_id: sent.message_id };
      } catch (e) {
        if (e instanceof GrammyError && e.error_code === 403) {
          // they blocked the bot, or never let it write: kept, as the notices keep it
          await repo.botMayNotWrite(db, user.id, iso(deps.clock.now()));
          throw refused();
        }
        deps.log.warn({ err: e }, 'pictures: sending the picture to the user failed');
        throw new AppError(502, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not take the picture; try again later');
      }
    },
  };
}
