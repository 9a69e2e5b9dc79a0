/**
 * Greeting rules shared by the server and the web app (zod-free, so the web app may import it at run time).
 * Spec 001: create-greeting wizard, validation rules, backgrounds.
 */

import { GREETING_PAGE } from './greeting-lists';

/** The eight background gradients of a greeting, in picker order; the first is the default. */
export const GREETING_BACKGROUNDS = [
  'pink-purple-indigo',
  'blue-green-cyan',
  'orange-red-pink',
  'yellow-orange',
  'dark-indigo-purple',
  'dark-green-blue',
  'dark-orange-red',
  'dark-yellow-orange',
] as const;
export type GreetingBackground = (typeof GREETING_BACKGROUNDS)[number];
export const DEFAULT_GREETING_BACKGROUND: GreetingBackground = 'pink-purple-indigo';

/**
 * What an empty (or skipped) value becomes when a greeting is created. An empty sender becomes the
 * sender's display name (`displayName` in rules/auth); `fromWhom` only when they have none.
 */
export const GREETING_DEFAULTS = {
  toWhom: 'Дорогой друг',
  greeting: 'С праздником! Желаю счастья и радости!',
  fromWhom: 'С любовью',
} as const;

/** The defaults in each UI language: the wizard shows the reader's, the server applies the creator's. */
export const GREETING_DEFAULTS_BY_LANGUAGE = {
  ru: GREETING_DEFAULTS,
  en: { toWhom: 'Dear friend', greeting: 'Happy holidays! Wishing you joy and happiness!', fromWhom: 'With love' },
} as const;
export const greetingDefaults = (language: string | null | undefined) =>
  language === 'en' ? GREETING_DEFAULTS_BY_LANGUAGE.en : GREETING_DEFAULTS_BY_LANGUAGE.ru;

/** Length limits (after trimming) and list page sizes; the spec shows none, these are ours. */
export const GREETING_LIMITS = {
  toWhomMax: 100,
  fromWhomMax: 100,
  greetingMax: 2000,
  /** far above any real balance; the ledger refuses what the sender does not have anyway */
  energyMax: 1_000_000,
  pageDefault: GREETING_PAGE.default,
  pageMax: GREETING_PAGE.max,
} as const;

/**
 * A greeting's public id: at least 128 random bits as base64url. It is also a valid Telegram
 * start parameter (`start=card=<id>` stays within 64 characters of `[A-Za-z0-9_-]`).
 */
export const GREETING_PUBLIC_ID = /^[A-Za-z0-9_-]{16,58}$/;

/**
 * The energy gift (docs/PRODUCT-RULES.md, greetings). The largest gift is the whole balance, at
 * every balance, and the server refuses more. The wizard's slider moves in steps of
 * max(1, round(balance / 10)) and stops at every multiple of the step below the maximum, then at
 * the maximum itself (the last move may be shorter).
 */
export const giftMaximum = (balance: number): number => Math.max(0, Math.floor(balance));

/** The slider's step: max(1, round(balance / 10)). */
export const giftEnergyStep = (balance: number): number => Math.max(1, Math.round(giftMaximum(balance) / 10));

/** The slider's next stop above `value` (the maximum at most). */
export const giftEnergyAbove = (value: number, balance: number): number => {
  const step = giftEnergyStep(balance);
  return Math.min(giftMaximum(balance), (Math.floor(Math.max(0, value) / step) + 1) * step);
};

/** The slider's next stop below `value` (0 at least). */
export const giftEnergyBelow = (value: number, balance: number): number => {
  const max = giftMaximum(balance);
  if (value > max) return max;
  const step = giftEnergyStep(balance);
  return Math.max(0, (Math.ceil(value / step) - 1) * step);
};

/** A selection of 0 resets to half of the balance, rounded down; any selection stays within the maximum. */
export const giftEnergyInitial = (selected: number, balance: number): number =>
  selected > 0 ? Math.min(selected, giftMaximum(balance)) : Math.floor(giftMaximum(balance) / 2);

/**
 * Where a sent greeting is, as its sender sees it: held back ('collecting' signatures for a group
 * card, 'awaiting_payment' for its Telegram gift), scheduled, sent, opened, accepted.
 */
export const GREETING_STATUSES = ['collecting', 'awaiting_payment', 'scheduled', 'sent', 'opened', 'accepted'] as const;

/** Why a greeting is held back from its recipient: a group card before delivery, a Telegram gift before payment. */
export const GREETING_HOLDS = ['group', 'payment'] as const;
export type GreetingHold = (typeof GREETING_HOLDS)[number];
export type GreetingStatus = (typeof GREETING_STATUSES)[number];

/** The reactions of a thank-you reply, in picker order. */
export const GREETING_REPLY_REACTIONS = ['❤️', '🥰', '😂', '🙏', '🎉'] as const;
export type GreetingReplyReaction = (typeof GREETING_REPLY_REACTIONS)[number];

/** Delivery tracking, replies and scheduled greetings. */
export const GREETING_TRACKING = {
  /** opens by the same viewer within this time of their last counted open are not counted again */
  repeatOpenWindowMs: 30 * 60_000,
  /** the text of a reply, after trimming */
  replyTextMax: 500,
  /** the acceptor may edit their reply for this long after first sending it */
  replyEditWindowMs: 10 * 60_000,
  /** a scheduled greeting opens at least this far ahead of the server clock… */
  scheduleMinAheadMs: 5 * 60_000,
  /** …and at most this far (365 days) */
  scheduleMaxAheadMs: 365 * 24 * 3600_000,
  /** the longest IANA timezone name we keep */
  timezoneMax: 64,
} as const;
