import { z } from 'zod';

/** The one error shape of the API: `{detail, code}`; detail is a message or a structured object. */
export const ApiError = z.object({
  detail: z.union([z.string(), z.record(z.string(), z.unknown())]),
  code: z.string(),
  /** for validation errors: the first field at fault, as a dotted path */
  field: z.string().optional(),
  /** values the code's text needs (see ErrorParams); the web reads the text `errorCodes.<code>_params` with them */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/**
 * The params of the codes that carry some: numbers the reader needs to act on the error.
 * PAYLOAD_TOO_LARGE `max_mb`: the largest file of this kind, in whole megabytes;
 * RATE_LIMITED `seconds`: until the next try is allowed;
 * VIDEO_TOO_LONG `max_seconds`: the longest video an upload may be.
 */
export const ERROR_PARAMS = { PAYLOAD_TOO_LARGE: ['max_mb'], RATE_LIMITED: ['seconds'], VIDEO_TOO_LONG: ['max_seconds'] } as const;
export type ErrorParams = { [C in keyof typeof ERROR_PARAMS]: Record<(typeof ERROR_PARAMS)[C][number], number> };

/**
 * Every error code the API answers with; a client may switch on them. The web shows an error by
 * its code, in the reader's language (a test fails on a code without ru or en text).
 */
export const ErrorCode = {
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION_ERROR',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  INTERNAL: 'INTERNAL_ERROR',
  /** the request (or the work it asked for) took longer than allowed */
  TIMEOUT: 'TIMEOUT',
  /** a media file is over a processing limit (frames, pixels, duration) */
  MEDIA_TOO_COMPLEX: 'MEDIA_TOO_COMPLEX',
  /** a video longer than the longest an upload may be (params: max_seconds) */
  VIDEO_TOO_LONG: 'VIDEO_TOO_LONG',
  /** 503: the server is starting (migrating the database) or shutting down, or its database does not answer */
  NOT_READY: 'NOT_READY',
  /** the database cannot be reached just now (a restart, a lost connection): 503 with Retry-After */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // domain codes (one per line; the web shows each from web/src/i18n/<lang>/common.json errorCodes)
  ALREADY_BOOKMARKED: 'ALREADY_BOOKMARKED',
  ALREADY_VOTED: 'ALREADY_VOTED',
  CARD_LOCKED: 'CARD_LOCKED',
  CARD_MAX_LEVEL: 'CARD_MAX_LEVEL',
  CATEGORY_IN_USE: 'CATEGORY_IN_USE',
  CLOCK_NOT_MOVABLE: 'CLOCK_NOT_MOVABLE',
  DAILY_ALREADY_CLAIMED: 'DAILY_ALREADY_CLAIMED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** the test hooks found no approved postcard in the gallery to copy (test builds only) */
  GALLERY_EMPTY: 'GALLERY_EMPTY',
  LOGIN_TAKEN: 'LOGIN_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_INIT_DATA: 'INVALID_INIT_DATA',
  NOT_ENOUGH_YIN: 'NOT_ENOUGH_YIN',
  NOT_IN_SANDBOX: 'NOT_IN_SANDBOX',
  OWN_CHANNEL: 'OWN_CHANNEL',
  /** moderation banned the postcard: no greeting can be made of it */
  POSTCARD_BANNED: 'POSTCARD_BANNED',
  PRODUCTION_COLLECTED: 'PRODUCTION_COLLECTED',
  PRODUCTION_NOT_READY: 'PRODUCTION_NOT_READY',
  PRODUCTION_UNAVAILABLE: 'PRODUCTION_UNAVAILABLE',
  QUEST_ALREADY_CLAIMED: 'QUEST_ALREADY_CLAIMED',
  QUEST_EXPIRED: 'QUEST_EXPIRED',
  QUEST_NOT_COMPLETED: 'QUEST_NOT_COMPLETED',
  SPIN_FINISHED: 'SPIN_FINISHED',
  SPIN_MISMATCH: 'SPIN_MISMATCH',
  SPIN_TOO_FAST: 'SPIN_TOO_FAST',
  SPIN_TOO_LONG: 'SPIN_TOO_LONG',
  /** the signed-in account has no Telegram user behind it (signed in by password) */
  TELEGRAM_NOT_LINKED: 'TELEGRAM_NOT_LINKED',
  /** the bot may not write to this user (they never started its chat, blocked it, or did not allow it in the app) */
  TELEGRAM_WRITE_NOT_ALLOWED: 'TELEGRAM_WRITE_NOT_ALLOWED',
  /** the Bot API refused or could not be reached */
  TELEGRAM_UNAVAILABLE: 'TELEGRAM_UNAVAILABLE',
  /** a scheduled greeting before its moment: it cannot be accepted yet */
  GREETING_NOT_OPEN_YET: 'GREETING_NOT_OPEN_YET',
  /** the moment of a scheduled greeting has passed (or it was never scheduled): its date can no longer change */
  GREETING_ALREADY_OPEN: 'GREETING_ALREADY_OPEN',
  /** a thank-you reply can be edited only within 10 minutes of sending it */
  GREETING_REPLY_LOCKED: 'GREETING_REPLY_LOCKED',
  /** the server is busy with other work of this kind; try again shortly */
  BUSY: 'BUSY',
  /** a held greeting (a group card before delivery, a Telegram gift before payment) cannot be shared or opened yet */
  GREETING_HELD: 'GREETING_HELD',
  /** the invite of a group card is wrong or was replaced by a new one */
  INVITE_INVALID: 'INVITE_INVALID',
  /** a group card has its largest number of contributions */
  GROUP_FULL: 'GROUP_FULL',
  /** each person signs a group card once (their signature can be edited) */
  ALREADY_CONTRIBUTED: 'ALREADY_CONTRIBUTED',
  /** a group card was delivered (or cancelled): its signatures can no longer change */
  GROUP_DELIVERED: 'GROUP_DELIVERED',
  /** the greeting is not a group card */
  NOT_A_GROUP_GREETING: 'NOT_A_GROUP_GREETING',
  /** paying with Telegram Stars and Telegram gifts work only inside the Telegram app */
  TELEGRAM_ONLY: 'TELEGRAM_ONLY',
  /** a Stars order was paid, expired or refunded already */
  ORDER_NOT_PAYABLE: 'ORDER_NOT_PAYABLE',
  /** the Telegram gift is sold out or no longer offered */
  GIFT_UNAVAILABLE: 'GIFT_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
