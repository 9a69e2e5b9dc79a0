import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId, Id, IsoDate, Ok } from './common';
import {
  DEFAULT_GREETING_BACKGROUND,
  GREETING_BACKGROUNDS,
  GREETING_LIMITS,
  GREETING_PUBLIC_ID,
  GREETING_REPLY_REACTIONS,
  GREETING_STATUSES,
  GREETING_TRACKING,
} from './rules/greetings';
import { trimInvisible } from './rules/text';
import {
  Contribution,
  ContributionBody,
  ContributionRemoved,
  CreatedGreetingGroup,
  GreetingGroup,
  GroupContributions,
  GroupInvite,
  GroupInviteAnswer,
  GroupNote,
  GROUP_GREETING,
  ReportedContributions,
  SignedGreeting,
  UpdateContributionBody,
} from './group-greetings';
import { ReportReasonSchema } from './reports';
import { REPORT_LIMITS } from './rules/reports';
import { GreetingTelegramGift } from './stars';
import {
  CAPTION_ALIGNS,
  CAPTION_DEFAULTS,
  CAPTION_EFFECTS,
  CAPTION_FONT_IDS,
  CAPTION_LIMITS,
  captionLength,
  captionLines,
} from './rules/caption';

export * from './rules/greetings';
export * from './rules/caption';

/** `{id}` of every greeting route and link: the unguessable public id, never the numeric one. */
export const GreetingPublicId = z.string().regex(GREETING_PUBLIC_ID, { error: 'not a greeting id' });
export const GreetingIdParams = z.object({ id: GreetingPublicId });

export const GreetingBackgroundId = z.enum(GREETING_BACKGROUNDS);
export const GreetingStatus = z.enum(GREETING_STATUSES);
export type GreetingStatus = z.infer<typeof GreetingStatus>;
export const GreetingReplyReaction = z.enum(GREETING_REPLY_REACTIONS);
export type GreetingReplyReaction = z.infer<typeof GreetingReplyReaction>;

/**
 * When a scheduled greeting opens: an ISO timestamp with an offset (`2027-03-12T09:00:00+03:00`),
 * stored in UTC; from 5 minutes to 365 days ahead of the server clock (checked by the server,
 * 422 naming `opens_at`). On edit, null cancels the schedule (the greeting opens at once).
 */
export const GreetingOpensAt = z.iso.datetime({ offset: true, error: 'an ISO timestamp with an offset, e.g. 2027-03-12T09:00:00+03:00' });
/** The sender's IANA timezone (`Europe/Moscow`), shown next to the moment; checked by the server. */
export const GreetingOpensTz = z.string().trim().min(1).max(GREETING_TRACKING.timezoneMax);

/**
 * A trimmed text; empty or missing becomes null, and the server puts the default of the creator's
 * language in its place (wizard: every step is optional).
 */
const optionalText = (max: number) =>
  z
    .string()
    .overwrite(trimInvisible)
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** A trimmed text that must not be empty (edit page: all three fields are required). */
const requiredText = (max: number) => z.string().overwrite(trimInvisible).min(1, { error: 'required' }).max(max);

/**
 * The sender's words on the card (rules/caption.ts lays them out): up to 3 typed lines and 120
 * characters, one of the bundled fonts (any other is refused: 422 naming `caption.font`), a colour,
 * a size relative to the card's width, the alignment, the anchor (x, y in 0..1 of the card) and an
 * outline or a shadow. Invalid parts answer 422 naming the field, e.g. `caption.text`.
 */
export const Caption = z.object({
  text: z
    .string()
    .overwrite((s) => trimInvisible(captionLines(s).map((l) => l.trimEnd()).join('\n')))
    .min(1, { error: 'required' })
    .refine((s) => captionLines(s).length <= CAPTION_LIMITS.maxLines, { error: `at most ${CAPTION_LIMITS.maxLines} lines` })
    .refine((s) => captionLength(s) <= CAPTION_LIMITS.maxChars, { error: `at most ${CAPTION_LIMITS.maxChars} characters` }),
  font: z.enum(CAPTION_FONT_IDS, { error: 'not one of the fonts of GET /api/caption/fonts' }),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour as #rrggbb' })
    .transform((c) => c.toLowerCase())
    .default(CAPTION_DEFAULTS.color),
  size: z.number().min(CAPTION_LIMITS.sizeMin).max(CAPTION_LIMITS.sizeMax).default(CAPTION_DEFAULTS.size),
  align: z.enum(CAPTION_ALIGNS).default(CAPTION_DEFAULTS.align),
  x: z.number().min(0).max(1).default(CAPTION_DEFAULTS.x),
  y: z.number().min(0).max(1).default(CAPTION_DEFAULTS.y),
  effect: z.enum(CAPTION_EFFECTS).default(CAPTION_DEFAULTS.effect),
});
export type CaptionInput = z.input<typeof Caption>;
export type Caption = z.infer<typeof Caption>;
/** A caption as answered (stored values, every field present). */
export const CaptionView = z.object({
  text: z.string(),
  font: z.enum(CAPTION_FONT_IDS),
  color: z.string(),
  size: z.number(),
  align: z.enum(CAPTION_ALIGNS),
  x: z.number(),
  y: z.number(),
  effect: z.enum(CAPTION_EFFECTS),
});

export const CreateGreetingBody = z
  .object({
    image_relations_id: BodyId,
    to_whom: optionalText(GREETING_LIMITS.toWhomMax),
    greeting: optionalText(GREETING_LIMITS.greetingMax),
    from_whom: optionalText(GREETING_LIMITS.fromWhomMax),
    background_first_page: GreetingBackgroundId.default(DEFAULT_GREETING_BACKGROUND),
    /** the page behind the greeting text; the first page's background when not given */
    background_greeting_page: GreetingBackgroundId.optional(),
    /** yang energy gifted to the first person who accepts; escrowed from the sender at creation */
    energy: z.number().int().min(0).max(GREETING_LIMITS.energyMax).default(0),
    /** open on a date: the greeting stays sealed (no postcard, no text) for everyone but the sender until then */
    opens_at: GreetingOpensAt.nullish(),
    opens_tz: GreetingOpensTz.nullish(),
    /** the words on the card, burned into its picture (`picture_url`); none when absent */
    caption: Caption.nullish(),
    /**
     * the picture's footer (a short line and a QR code of the greeting); when not given: on for a
     * greeting with a gift. A picture without a caption always has it.
     */
    picture_footer: z.boolean().nullish(),
    /**
     * The client's key for this attempt (e.g. a UUID): sent again by the same sender, it answers the
     * greeting the first attempt made instead of making another and escrowing its gift twice.
     */
    idempotency_key: z.string().regex(/^[\w-]{8,64}$/).optional(),
    /** a group card: others sign it through its invite before it is delivered (`POST /api/greetings/{id}/deliver` or at `opens_at`) */
    group: z.boolean().default(false),
    /** a Telegram gift (`GET /api/stars/gifts`) inside the greeting, paid in Stars: the answer carries its `invoice_url` */
    telegram_gift_id: z.string().regex(/^\d{1,32}$/).optional(),
  })
  .transform((b) => ({ ...b, background_greeting_page: b.background_greeting_page ?? b.background_first_page }));
export type CreateGreetingBody = z.input<typeof CreateGreetingBody>;

export const UpdateGreetingBody = z.object({
  to_whom: requiredText(GREETING_LIMITS.toWhomMax).optional(),
  greeting: requiredText(GREETING_LIMITS.greetingMax).optional(),
  from_whom: requiredText(GREETING_LIMITS.fromWhomMax).optional(),
  background_first_page: GreetingBackgroundId.optional(),
  background_greeting_page: GreetingBackgroundId.optional(),
  /**
   * Move the moment of a scheduled greeting (null: open now). Only while it is still sealed; once
   * it has opened the answer is 409 GREETING_ALREADY_OPEN.
   */
  opens_at: GreetingOpensAt.nullable().optional(),
  opens_tz: GreetingOpensTz.nullable().optional(),
  /** a new caption (the picture is drawn again); null removes it */
  caption: Caption.nullable().optional(),
  /** null: back to the default (on with a gift) */
  picture_footer: z.boolean().nullable().optional(),
});
export type UpdateGreetingBody = z.input<typeof UpdateGreetingBody>;

/** The postcard a greeting is made of, with the media URLs the pages need. */
export const GreetingPostcard = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  collection_id: z.number().int(),
  media_kind: z.enum(['image', 'gif', 'video']),
  image_url: z.string(),
  /** previews are null when the postcard has none (a video stored without a poster) */
  preview_78x101_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a 768x1180 rendition for full-screen viewing on phones */
  viewer_url: z.string().nullable(),
  /** still pictures: the screen-size renditions as an img srcset (see Postcard.viewer_srcset) */
  viewer_srcset: z.string().nullable(),
});
export type GreetingPostcard = z.infer<typeof GreetingPostcard>;

/** A thank-you reply of someone who accepted the greeting. */
export const GreetingReply = z.object({
  reaction: GreetingReplyReaction.nullable(),
  text: z.string().nullable(),
  /** the name of who replied (name, else login); null if the account is gone */
  from: z.string().nullable(),
  /** first sent */
  replied_at: IsoDate,
  /** last edited (replied_at when never edited) */
  updated_at: IsoDate,
  /** the replier may edit it until then, never after */
  editable_until: IsoDate,
});
export type GreetingReply = z.infer<typeof GreetingReply>;

/** Scheduling fields every answer about a greeting carries. */
const schedule = {
  /** the moment a scheduled greeting opens (UTC); null when it was never scheduled or the schedule was cancelled */
  opens_at: IsoDate.nullable(),
  /** the sender's timezone for showing `opens_at` ("(Europe/Moscow)"); null when not given */
  opens_tz: z.string().nullable(),
  /** whole seconds from the server clock to `opens_at` (a timer that does not trust the device clock); null once open */
  seconds_until_open: z.number().int().nullable(),
};

/**
 * Everything the greeting page, the sender preview and the edit page need, in one answer. The
 * sender always gets this; anyone else gets it only once the greeting is open (else `SealedGreeting`).
 */
export const Greeting = z.object({
  /** the public id */
  id: z.string(),
  /** false: the content is here (`SealedGreeting` has true) */
  sealed: z.literal(false),
  status: GreetingStatus,
  ...schedule,
  /** first opened by someone other than the sender; sender only (null for anyone else) */
  opened_at: IsoDate.nullable(),
  /** counted opens (the sender's own, crawlers' and repeats within 30 minutes are not counted); sender only */
  open_count: z.number().int().nullable(),
  /** first accepted */
  accepted_at: IsoDate.nullable(),
  /** the caller's own reply (they accepted it and replied); null otherwise */
  reply: GreetingReply.nullable(),
  /** every reply, oldest first; sender only (empty for anyone else) */
  replies: z.array(GreetingReply),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  background_first_page: GreetingBackgroundId,
  background_greeting_page: GreetingBackgroundId,
  /** the gift in yang energy (0: no gift) */
  energy: z.number().int(),
  /** someone already accepted the gift */
  gift_claimed: z.boolean(),
  /** the signed-in caller is the sender (false for visitors) */
  is_own: z.boolean(),
  /** the sender's caption as stored (null: none) */
  caption: CaptionView.nullable(),
  /** whether the picture has the footer (the stored choice, else the default) */
  picture_footer: z.boolean(),
  /**
   * The card with the caption burned in (`GET /api/greetings/{id}/picture`, rendered on first
   * request; its query changes when the caption does): a JPEG for a still postcard, an animated
   * GIF for a GIF (`&format=mp4` for its MP4), an MP4 for a video. Null when the postcard is gone.
   */
  picture_url: z.string().nullable(),
  image_relations_id: z.number().int(),
  /** null when the postcard has since been banned */
  postcard: GreetingPostcard.nullable(),
  channel: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** the bot deep link that opens this greeting in the Telegram Mini App (`start=card=<id>`); null without a bot */
  telegram_url: z.string().nullable(),
  /** a group card's facts (null: a greeting of one sender) */
  group: GreetingGroup.nullable(),
  /** the Telegram gift inside (null: none) */
  telegram_gift: GreetingTelegramGift.nullable(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Greeting = z.infer<typeof Greeting>;

/**
 * A scheduled greeting before its moment, as anyone but the sender gets it: the envelope only —
 * no postcard, no text, no sender's signature. `seconds_until_open` drives the countdown.
 */
export const SealedGreeting = z.object({
  id: z.string(),
  sealed: z.literal(true),
  status: z.literal('scheduled'),
  to_whom: z.string(),
  background_first_page: GreetingBackgroundId,
  background_greeting_page: GreetingBackgroundId,
  opens_at: IsoDate,
  opens_tz: z.string().nullable(),
  seconds_until_open: z.number().int(),
  is_own: z.literal(false),
});
export type SealedGreeting = z.infer<typeof SealedGreeting>;

/** What `GET /api/greetings/{id}` answers: the greeting, or its envelope while it is sealed. */
export const GreetingView = z.discriminatedUnion('sealed', [Greeting, SealedGreeting]);
export type GreetingView = z.infer<typeof GreetingView>;

/** A row of "my created greetings". */
export const CreatedGreeting = z.object({
  id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy: z.number().int(),
  gift_claimed: z.boolean(),
  /** how many people accepted it */
  accepted_count: z.number().int(),
  status: GreetingStatus,
  ...schedule,
  opened_at: IsoDate.nullable(),
  open_count: z.number().int(),
  accepted_at: IsoDate.nullable(),
  /** the newest reply, if any */
  reply: GreetingReply.nullable(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  /** the bot deep link, as on the greeting itself; null without a bot */
  telegram_url: z.string().nullable(),
  /** a group card: how many signed and who (null: a greeting of one sender) */
  group: CreatedGreetingGroup.nullish(),
  /** its Telegram gift and where the order stands (null: none) */
  telegram_gift: GreetingTelegramGift.pick({ gift_id: true, star_count: true, state: true }).nullish(),
  created_at: IsoDate,
});
export type CreatedGreeting = z.infer<typeof CreatedGreeting>;

/** A row of "my greetings someone accepted". `id` is the acceptance (for removing the row). */
export const ReceivedGreeting = z.object({
  id: z.number().int(),
  /** the public id of the greeting */
  greeting_id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy_received: z.number().int(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  created_at: IsoDate,
  received_at: IsoDate,
  /** the name of the user who accepted it (name, else login); null if the account is gone */
  accepted_by: z.string().nullable(),
  /** their thank-you reply, if any */
  reply: GreetingReply.nullable(),
});
export type ReceivedGreeting = z.infer<typeof ReceivedGreeting>;

/** A row of "greetings I accepted". `id` is the acceptance; `greeting_id` the original's public id. */
export const AcceptedGreeting = z.object({
  id: z.number().int(),
  greeting_id: z.string(),
  to_whom: z.string(),
  greeting: z.string(),
  from_whom: z.string(),
  energy_received: z.number().int(),
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  /** a sharper portrait thumbnail for high-density screens */
  preview_78x101_url: z.string().nullable(),
  accepted_at: IsoDate,
});
export type AcceptedGreeting = z.infer<typeof AcceptedGreeting>;

/** Keyset pagination: pass `next_cursor` back as `cursor` for the next page. */
export const GreetingListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(GREETING_LIMITS.pageMax).default(GREETING_LIMITS.pageDefault),
});
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const AcceptanceStatus = z.object({
  /** the caller accepted this greeting */
  is_accepted: z.boolean(),
  accepted_at: IsoDate.nullable(),
  energy_received: z.number().int(),
  /** the caller is the sender (who cannot accept) */
  is_own: z.boolean(),
  gift_claimed: z.boolean(),
});
export type AcceptanceStatus = z.infer<typeof AcceptanceStatus>;

export const AcceptGreetingResult = z.object({
  /** true when the caller had accepted it before: nothing changed, nothing paid */
  already_accepted: z.boolean(),
  /** energy paid to the caller by this acceptance (0 when the gift was taken or there was none) */
  energy_received: z.number().int(),
  accepted: AcceptedGreeting,
});
export type AcceptGreetingResult = z.infer<typeof AcceptGreetingResult>;

/** The spec's accept payload (greeting_id, to_whom, greeting, from_whom) is accepted and ignored. */
const AcceptGreetingBody = z
  .object({
    greeting_id: z.union([z.string(), z.number()]).optional(),
    to_whom: z.string().optional(),
    greeting: z.string().optional(),
    from_whom: z.string().optional(),
  })
  // Fastify validates a missing body as null
  .nullish();

/**
 * A thank-you reply: a reaction and/or a text (1–500 characters after trimming; blank counts as
 * none); at least one of the two (422 naming `text` otherwise).
 */
export const GreetingReplyBody = z
  .object({
    reaction: GreetingReplyReaction.nullish(),
    text: z
      .string()
      .overwrite(trimInvisible)
      .max(GREETING_TRACKING.replyTextMax)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((b) => !!b.reaction || !!b.text, { error: 'a reaction or a text is required', path: ['text'] });
export type GreetingReplyBody = z.input<typeof GreetingReplyBody>;

/**
 * The join page of a group card (`GET /api/greetings/{id}/join/{invite}`): the card, the organiser's
 * message, the others' notes (never their gifts) and the caller's own contribution. Anyone with the
 * invite reads it (a visitor too, to be asked to sign in); a wrong or replaced invite is 404
 * INVITE_INVALID. After delivery it still answers (`delivered_at` set, `can_contribute` false).
 */
export const GroupJoin = z.object({
  greeting_id: z.string(),
  status: GreetingStatus,
  to_whom: z.string(),
  /** the organiser's message and signature: the card's own text */
  greeting: z.string(),
  from_whom: z.string(),
  background_first_page: GreetingBackgroundId,
  background_greeting_page: GreetingBackgroundId,
  caption: CaptionView.nullable(),
  /**
   * The card's picture with the caption burned in: null while collecting (a held card's picture is
   * nobody's but the organiser's; the join page draws `caption` over `postcard`), the greeting's
   * `picture_url` once delivered.
   */
  picture_url: z.string().nullable(),
  /** null when the postcard has since been banned */
  postcard: GreetingPostcard.nullable(),
  /** the delivery moment set by the organiser (null: «Отправить вручную») */
  opens_at: IsoDate.nullable(),
  opens_tz: z.string().nullable(),
  delivered_at: IsoDate.nullable(),
  signed_count: z.number().int(),
  max_contributions: z.number().int(),
  /** the others' notes, oldest first (the caller's own is `mine`) */
  notes: z.array(GroupNote),
  /** the caller's contribution, with their own gift */
  mine: Contribution.nullable(),
  /** the caller organises this card (they edit it, not sign it) */
  is_organiser: z.boolean(),
  /** the caller may add a contribution now: signed in, not the organiser, not signed yet, not delivered, not full */
  can_contribute: z.boolean(),
});
export type GroupJoin = z.infer<typeof GroupJoin>;

const ContributionParams = z.object({ id: GreetingPublicId, contribution_id: Id });
const ContributionIdParams = z.object({ id: Id });

/** Reporting a note of a group card (like a postcard); before delivery the invite shows that the reporter may see it. */
export const ReportContributionBody = z.object({
  reason: ReportReasonSchema,
  /** kept only for the reason `other` */
  comment: z.string().overwrite(trimInvisible).max(REPORT_LIMITS.commentMax).nullish(),
  invite: GroupInvite.optional(),
});
export type ReportContributionBody = z.input<typeof ReportContributionBody>;

export { GROUP_GREETING };

export const greetingsRoutes = defineRoutes({
  'POST /api/greetings': {
    access: 'user',
    summary: 'Create a greeting from a postcard; the energy gift is escrowed from the sender',
    body: CreateGreetingBody,
    status: 201,
    response: Greeting,
  },
  'GET /api/greetings/created': {
    access: 'user',
    summary: 'Greetings I created, newest first',
    query: GreetingListQuery,
    response: page(CreatedGreeting),
  },
  'GET /api/greetings/received': {
    access: 'user',
    summary: 'My greetings that someone accepted, newest acceptance first',
    query: GreetingListQuery,
    response: page(ReceivedGreeting),
  },
  'GET /api/greetings/accepted': {
    access: 'user',
    summary: 'Greetings I accepted, newest first',
    query: GreetingListQuery,
    response: page(AcceptedGreeting),
  },
  'GET /api/greetings/signed': {
    access: 'user',
    summary: 'Group cards I signed (the «Подписанные» tab), newest signature first, each with its status',
    query: GreetingListQuery,
    response: page(SignedGreeting),
  },
  'POST /api/greetings/{id}/invite': {
    access: 'user',
    summary: "A group card's new invite (organiser only): the old invite stops working at once",
    params: GreetingIdParams,
    response: GroupInviteAnswer,
  },
  'POST /api/greetings/{id}/invite/telegram-message': {
    access: 'user',
    summary:
      "A group card's invite as a Telegram message (organiser only, before delivery) for the Mini App's shareMessage: the join picture, «Подпишите открытку для …», a button to the join page",
    params: GreetingIdParams,
    response: z.object({
      /** for the Mini App's `shareMessage` (Bot API `savePreparedInlineMessage`) */
      prepared_message_id: z.string(),
      /** the join page's link, for clients too old for shareMessage */
      link: z.string(),
    }),
  },
  'GET /api/greetings/{id}/join/{invite}': {
    access: 'optional',
    summary: "A group card's join page: the card, the organiser's message, the others' notes (not their gifts), my contribution (404 INVITE_INVALID for a wrong or replaced invite)",
    params: z.object({ id: GreetingPublicId, invite: GroupInvite }),
    response: GroupJoin,
  },
  'GET /api/greetings/{id}/contributions': {
    access: 'user',
    summary: "A group card's contributions: the organiser sees everything, a contributor every message but only their own gift (404 to anyone else while collecting, 403 once delivered)",
    params: GreetingIdParams,
    response: GroupContributions,
  },
  'POST /api/greetings/{id}/contributions': {
    access: 'user',
    summary: 'Sign a group card with its invite: one contribution per person, at most 100; the gift is escrowed from my yang',
    params: GreetingIdParams,
    body: ContributionBody,
    status: 201,
    response: Contribution,
  },
  'PATCH /api/greetings/{id}/contributions/{contribution_id}': {
    access: 'user',
    summary: 'Edit my contribution until delivery; a changed gift takes or gives back only the difference',
    params: ContributionParams,
    body: UpdateContributionBody,
    response: Contribution,
  },
  'DELETE /api/greetings/{id}/contributions/{contribution_id}': {
    access: 'user',
    summary: 'Withdraw my contribution, or (organiser) remove anyone\'s, until delivery; its gift goes back to its author (who is told when removed)',
    params: ContributionParams,
    response: ContributionRemoved,
  },
  'POST /api/greetings/{id}/contributions/{contribution_id}/report': {
    access: 'optional',
    summary: 'Report a note of a group card (anyone who may see it; rate-limited per IP)',
    params: ContributionParams,
    body: ReportContributionBody,
    status: 201,
    response: z.object({ success: z.literal(true), id: z.number().int() }),
  },
  'POST /api/greetings/{id}/deliver': {
    access: 'user',
    summary: "Deliver a group card now (organiser only, «Отправить»): it becomes the recipient's greeting link",
    params: GreetingIdParams,
    response: Greeting,
  },
  'GET /api/moderation/contributions': {
    access: 'moderator',
    summary: 'Reported notes of group cards, most reported first',
    query: z.object({
      offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: ReportedContributions,
  },
  'DELETE /api/moderation/contributions/{id}': {
    access: 'moderator',
    summary: "Remove a reported note (its gift goes back to its author, who is told); its reports are resolved",
    params: ContributionIdParams,
    response: ContributionRemoved.extend({ reports_resolved: z.number().int() }),
  },
  'POST /api/moderation/contributions/{id}/dismiss': {
    access: 'moderator',
    summary: 'Keep a reported note: its open reports are resolved',
    params: ContributionIdParams,
    response: z.object({ success: z.literal(true), reports_resolved: z.number().int() }),
  },
  'GET /api/greetings/{id}': {
    access: 'optional',
    summary:
      'A greeting by its public id (works for visitors); a scheduled one before its moment is only its envelope for anyone but the sender. Reading it counts no open: the page does (POST …/open).',
    params: GreetingIdParams,
    response: GreetingView,
  },
  'POST /api/greetings/{id}/open': {
    access: 'optional',
    summary:
      "The greeting page's script, once the greeting is on screen: counts an open by anyone but the sender, once per viewer (a visitor is one viewer per address) within 30 minutes. Link-preview fetchers never run it.",
    params: GreetingIdParams,
    response: Ok.extend({ counted: z.boolean() }),
  },
  'PATCH /api/greetings/{id}': {
    access: 'user',
    summary: 'Edit my greeting',
    params: GreetingIdParams,
    body: UpdateGreetingBody,
    response: Greeting,
  },
  'DELETE /api/greetings/{id}': {
    access: 'user',
    summary: 'Delete my greeting; an unclaimed gift goes back to me',
    params: GreetingIdParams,
    response: Ok.extend({ refunded_energy: z.number().int() }),
  },
  'GET /api/greetings/{id}/accepted': {
    access: 'user',
    summary: 'Whether I accepted this greeting',
    params: GreetingIdParams,
    response: AcceptanceStatus,
  },
  'POST /api/greetings/{id}/accept': {
    access: 'user',
    summary: 'Accept a greeting; the first to accept receives its gift (409 GREETING_NOT_OPEN_YET before a scheduled moment)',
    params: GreetingIdParams,
    body: AcceptGreetingBody,
    response: AcceptGreetingResult,
  },
  'PUT /api/greetings/{id}/reply': {
    access: 'user',
    summary: 'Send (or, within 10 minutes of the first, edit) my thank-you reply to a greeting I accepted',
    params: GreetingIdParams,
    body: GreetingReplyBody,
    response: GreetingReply,
  },
  'DELETE /api/greetings/accepted/{id}': {
    access: 'user',
    summary: 'Remove a greeting from my accepted list',
    params: z.object({ id: Id }),
    response: Ok,
  },
  'DELETE /api/greetings/received/{id}': {
    access: 'user',
    summary: 'Remove an acceptance of my greeting from my received list',
    params: z.object({ id: Id }),
    response: Ok,
  },
});
