import { z } from 'zod';
import { defineRoutes } from './route';
import { Id } from './common';
import { Caption, GreetingIdParams } from './greetings';
import { PreparedTelegramMessage } from './share';
import { CAPTION_FONT_IDS, CAPTION_FONT_STYLES } from './rules/caption';

/** One bundled caption font. */
export const CaptionFont = z.object({
  /** what `caption.font` takes */
  id: z.enum(CAPTION_FONT_IDS),
  /** the family's display name (`Lobster`) */
  name: z.string(),
  /** its licence (all are SIL Open Font License 1.1) */
  licence: z.string(),
  /** the TTF file: load it as a FontFace under `captionFontFamily(id)` so the preview measures as the server does */
  url: z.string(),
  style: z.enum(CAPTION_FONT_STYLES),
});
export type CaptionFont = z.infer<typeof CaptionFont>;

export const CaptionFontsResponse = z.object({ fonts: z.array(CaptionFont) });
export type CaptionFontsResponse = z.infer<typeof CaptionFontsResponse>;

/** `?format=mp4`: a GIF postcard's picture as an MP4 (ignored for the others, whose picture has one format). */
export const PictureQuery = z.object({
  format: z.enum(['mp4']).optional(),
  /** the picture's version (`picture_url` carries it, so a new caption is a new address); any value is served */
  v: z.string().max(64).optional(),
  /** a link signed for Telegram to fetch the picture by (a prepared message's media): stands for the sender, for two days */
  t: z.string().max(64).optional(),
});

export const PostcardPictureBody = z.object({ caption: Caption });
export type PostcardPictureBody = z.input<typeof PostcardPictureBody>;

export const PictureUrlResponse = z.object({
  /** the captioned card: public, immutable, addressed by its content (`/media/pictures/{hash}.jpg|.gif|.mp4`) */
  picture_url: z.string(),
  /** a GIF postcard's MP4; null for the others */
  mp4_url: z.string().nullable(),
});
export type PictureUrlResponse = z.infer<typeof PictureUrlResponse>;

/** Where Telegram's own download fetches a greeting's picture from: signed for two days, so it needs no sign-in. */
export const PictureDownloadLink = z.object({
  /** absolute address of the picture (a GIF card's: its GIF) */
  url: z.string(),
  /** the name to save it under (`otkrytka-….jpg|gif|mp4`) */
  file_name: z.string(),
});
export type PictureDownloadLink = z.infer<typeof PictureDownloadLink>;

/** The picture is in the user's own chat with the bot (a photo, an animation or a video). */
export const PictureSentToMe = z.object({ message_id: z.number().int() });
export type PictureSentToMe = z.infer<typeof PictureSentToMe>;

/**
 * A greeting's picture: the card with the sender's caption burned in (docs/PRODUCT-RULES.md, Pictures).
 * Besides these JSON routes the module serves files (outside the table, like /media):
 * - `GET /api/caption/fonts/{id}.ttf` — a font file (`url` of CaptionFont), cached for a year;
 * - `GET /api/greetings/{id}/picture[?format=mp4]` (PictureQuery) — the greeting's picture, drawn on
 *   first request: the sender always, anyone else only once the greeting is open (404 while it is
 *   sealed, as for a greeting that does not exist); `picture_url` of a Greeting points here.
 */
export const picturesRoutes = defineRoutes({
  'GET /api/caption/fonts': {
    access: 'public',
    summary: 'The fonts a caption may use, with their licences and files',
    response: CaptionFontsResponse,
  },
  'POST /api/postcards/{id}/picture': {
    access: 'user',
    summary: 'A captioned picture of a postcard without a greeting (counts as a repost of the postcard); rate-limited',
    params: z.object({ id: Id }),
    body: PostcardPictureBody,
    response: PictureUrlResponse,
  },
  'POST /api/greetings/{id}/picture/telegram-message': {
    access: 'user',
    summary:
      "The greeting's picture as a Telegram media message (photo, GIF or video with the caption's words and a button that opens the greeting) for the Mini App's shareMessage; for whoever may see the picture; rate-limited",
    params: GreetingIdParams,
    response: PreparedTelegramMessage,
  },
  'POST /api/greetings/{id}/picture/download-link': {
    access: 'user',
    summary: "A signed address of the greeting's picture for the Mini App's downloadFile (Telegram downloads it without the user's sign-in); for whoever may see the picture",
    params: GreetingIdParams,
    response: PictureDownloadLink,
  },
  'POST /api/greetings/{id}/picture/send-to-me': {
    access: 'user',
    summary:
      "The bot sends the greeting's picture to my own chat with it, to forward anywhere; only when I let the bot write to me (409 CONFLICT otherwise); rate-limited",
    params: GreetingIdParams,
    response: PictureSentToMe,
  },
});
