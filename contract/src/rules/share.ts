/**
 * Telegram start parameters (`?start=` for the bot, `?startapp=` for the Mini App) allow only
 * `A-Z a-z 0-9 _ -`, at most 64 characters; anything else can make Telegram drop the payload.
 */
export const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/** A greeting travels as `card_<public id>`; `card=<public id>` is the old form, still accepted. */
const CARD_START = /^card[_=]([A-Za-z0-9_-]{16,58})$/;

export const greetingStartParam = (publicId: string): string => `card_${publicId}`;

/** The greeting public id a start parameter carries, or null (the gallery opens then). */
export function greetingIdFromStartParam(payload: string | null | undefined): string | null {
  const m = CARD_START.exec((payload ?? '').trim());
  return m ? m[1]! : null;
}

/** A postcard to make a greeting with travels as `post_<channel id>_<postcard id>`. */
const POSTCARD_START = /^post_(\d{1,15})_(\d{1,15})$/;

export const postcardStartParam = (channelId: number, postcardId: number): string => `post_${channelId}_${postcardId}`;

/** The greeting wizard of a postcard, under the app's base. */
export const greetingWizardPath = (channelId: number, postcardId: number): string => `/mychannels/${channelId}/${postcardId}/create-congratulation`;

/** Where the Mini App opens for a start parameter, relative to its /telegram base: a greeting, or the wizard of a postcard. */
export function startParamPath(payload: string | null | undefined): string | null {
  const id = greetingIdFromStartParam(payload);
  if (id) return `/greeting/${id}?view=true`;
  const postcard = POSTCARD_START.exec((payload ?? '').trim());
  return postcard ? greetingWizardPath(Number(postcard[1]), Number(postcard[2])) : null;
}

/** Links to the Telegram bot and its Mini App for a greeting (null without a bot). */
export function telegramGreetingLink(bot: { username?: string; appName?: string }, publicId: string): string | null {
  if (!bot.username) return null;
  const payload = greetingStartParam(publicId);
  return bot.appName ? `https://t.me/${bot.username}/${bot.appName}?startapp=${payload}` : `https://t.me/${bot.username}?start=${payload}`;
}

/** The Mini App's direct link to the greeting wizard of a postcard; null without a Mini App (`BOT_APP_NAME`). */
export function telegramPostcardLink(bot: { username?: string; appName?: string }, channelId: number, postcardId: number): string | null {
  return bot.username && bot.appName ? `https://t.me/${bot.username}/${bot.appName}?startapp=${postcardStartParam(channelId, postcardId)}` : null;
}

/** Link preview images: a wide one (OpenGraph, 1200×630) and a square one (chat thumbnails). */
export const SHARE_IMAGE = {
  wide: { width: 1200, height: 630 },
  square: { width: 630, height: 630 },
  maxBytes: 300 * 1024,
} as const;
export type ShareImageVariant = keyof Omit<typeof SHARE_IMAGE, 'maxBytes'>;

