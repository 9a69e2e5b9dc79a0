import { z } from 'zod';
import { IsoDate } from './common';
import { GREETING_STATUSES } from './rules/greetings';
import { trimInvisible } from './rules/text';
import { GROUP_GREETING } from './rules/group-greetings';

/**
 * A group card: one organiser, many signatures, one card, one gift paid once (docs/PRODUCT-RULES.md,
 * group cards). This file holds the shapes of the group and its contributions; their routes are in
 * `greetings.ts` (`greetingsRoutes`), beside the greeting's own.
 *
 * Who sees what:
 * - the organiser (the greeting's sender): everything, at any time, incl. every gift and who wrote what;
 * - a contributor, and anyone signed in with the invite: the card, the organiser's message, the
 *   others' messages (never the others' gifts), their own contribution;
 * - the recipient and everyone without the invite: nothing until delivery (404, as a greeting that
 *   does not exist); once delivered, the greeting as usual with the board of notes and the total gift.
 */

/** Numbers of a group card: in rules/, where the web app reads them too. */
export { GROUP_GREETING };

/** The unguessable invite token of `/greeting/{id}/join/{invite}` (128 random bits, base64url). */
export const GroupInvite = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'not an invite' });

/** Where one contribution's gift is: held in escrow, paid to the recipient, or given back to its author. */
export const CONTRIBUTION_GIFT_STATES = ['none', 'held', 'paid', 'refunded'] as const;
export const ContributionGiftState = z.enum(CONTRIBUTION_GIFT_STATES);
export type ContributionGiftState = z.infer<typeof ContributionGiftState>;

/** One signed note on the board: what everyone allowed to see the card sees (never a gift). */
export const GroupNote = z.object({
  /** the contribution's id (for reporting it: `POST /api/greetings/{id}/contributions/{contribution_id}/report`) */
  id: z.number().int(),
  from_whom: z.string(),
  message: z.string(),
  created_at: IsoDate,
});
export type GroupNote = z.infer<typeof GroupNote>;

/** What the greeting itself says of its group (`Greeting.group`; null on a greeting of one sender). */
export const GreetingGroup = z.object({
  /** the invite token of `/greeting/{id}/join/{invite}`: the organiser only (null for anyone else) */
  invite: z.string().nullable(),
  /** how many have signed (the organiser's own message is the card's text, not counted) */
  signed_count: z.number().int(),
  /** delivered to the recipient (null: still collecting) */
  delivered_at: z.string().nullable(),
  /**
   * The board of signed notes, oldest first: for the organiser always, for anyone else once
   * delivered (empty before). The organiser's own message is the greeting's `greeting`, not here.
   */
  notes: z.array(GroupNote),
  /**
   * The whole gift: the organiser's `energy` plus every contribution's gift not given back. The
   * organiser always; anyone else once delivered (null before). Accepting pays exactly this (once).
   */
  gift_total: z.number().int().nullable(),
  /** how many gave a gift (the organiser counted when their own `energy` > 0); null when `gift_total` is */
  givers: z.number().int().nullable(),
  /** contributions' gifts were given back (nobody accepted within 30 days of delivery); organiser only, else false */
  expired: z.boolean(),
});
export type GreetingGroup = z.infer<typeof GreetingGroup>;

/** A contribution as its author and the organiser see it (`energy` null: another's gift, hidden). */
export const Contribution = z.object({
  id: z.number().int(),
  /** the greeting's public id */
  greeting_id: z.string(),
  from_whom: z.string(),
  message: z.string(),
  /** the gift in yang: the author's own and, for the organiser, everyone's; null for another's gift */
  energy: z.number().int().nullable(),
  /** where the gift is now; null with `energy` */
  gift_state: ContributionGiftState.nullable(),
  /** the author's account name (name, else login): the organiser and the author only, else null */
  author: z.string().nullable(),
  /** the caller wrote it */
  is_own: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Contribution = z.infer<typeof Contribution>;

/** `GET /api/greetings/{id}/contributions`: for the organiser and the contributors. */
export const GroupContributions = z.object({
  /** oldest first; a contributor sees everyone's message but only their own gift */
  items: z.array(Contribution),
  signed_count: z.number().int(),
  /** as `GreetingGroup.gift_total`: the organiser only (null for a contributor) */
  gift_total: z.number().int().nullable(),
  givers: z.number().int().nullable(),
});
export type GroupContributions = z.infer<typeof GroupContributions>;

/**
 * A new contribution (`POST /api/greetings/{id}/contributions`): the invite, a message (1–1,000
 * characters after trimming), a signature (≤ 100; empty or missing: the contributor's display
 * name) and a gift in yang (0 by default; escrowed from the contributor's yang at once: 409
 * INSUFFICIENT_BALANCE when short). One per person (409 ALREADY_CONTRIBUTED), at most 100 per card
 * (409 GROUP_FULL), only before delivery (409 GROUP_DELIVERED), never the organiser (403).
 */
export const ContributionBody = z.object({
  invite: GroupInvite,
  message: z
    .string()
    .overwrite(trimInvisible)
    .min(GROUP_GREETING.messageMin, { error: 'required' })
    .max(GROUP_GREETING.messageMax),
  from_whom: z
    .string()
    .overwrite(trimInvisible)
    .max(GROUP_GREETING.fromWhomMax)
    .nullish()
    .transform((v) => v || null),
  energy: z.number().int().min(0).max(GROUP_GREETING.energyMax).default(0),
});
export type ContributionBody = z.input<typeof ContributionBody>;

/**
 * The author edits their contribution until delivery (409 GROUP_DELIVERED after). A changed gift
 * takes (or gives back) only the difference. The invite is not needed: the author is known.
 */
export const UpdateContributionBody = z.object({
  invite: GroupInvite.optional(),
  message: z
    .string()
    .overwrite(trimInvisible)
    .min(GROUP_GREETING.messageMin, { error: 'required' })
    .max(GROUP_GREETING.messageMax)
    .optional(),
  from_whom: z.string().overwrite(trimInvisible).min(1, { error: 'required' }).max(GROUP_GREETING.fromWhomMax).optional(),
  energy: z.number().int().min(0).max(GROUP_GREETING.energyMax).optional(),
});
export type UpdateContributionBody = z.input<typeof UpdateContributionBody>;

/** The answer of withdrawing or removing a contribution: its gift went back to its author. */
export const ContributionRemoved = z.object({
  success: z.literal(true),
  /** yang given back to the contribution's author (0: no gift) */
  refunded_energy: z.number().int(),
});

/** `POST /api/greetings/{id}/invite`: a new invite; the old one stops working at once. */
export const GroupInviteAnswer = z.object({
  invite: z.string(),
  /** the join page's path: `/greeting/{id}/join/{invite}` */
  path: z.string(),
});

/** A row of «Подписанные»: a group card I signed, with its status. `id` is my contribution. */
export const SignedGreeting = z.object({
  id: z.number().int(),
  /** the greeting's public id (the join page while collecting, the greeting once delivered) */
  greeting_id: z.string(),
  to_whom: z.string(),
  /** the organiser's signature on the card */
  organiser: z.string(),
  /** the card's status as its organiser sees it: collecting, scheduled, sent, opened, accepted */
  status: z.enum(GREETING_STATUSES),
  /** my note */
  from_whom: z.string(),
  message: z.string(),
  energy: z.number().int(),
  gift_state: ContributionGiftState,
  image_relations_id: z.number().int(),
  image_url: z.string().nullable(),
  preview_36_url: z.string().nullable(),
  preview_78x101_url: z.string().nullable(),
  signed_at: IsoDate,
  delivered_at: IsoDate.nullable(),
  accepted_at: IsoDate.nullable(),
  /** the join page with the card's current invite while it collects (a signer comes back to change their note from any device); null once delivered */
  join_path: z.string().nullable(),
});
export type SignedGreeting = z.infer<typeof SignedGreeting>;

/** In the organiser's created list (`CreatedGreeting.group`): how many signed, and who. */
export const CreatedGreetingGroup = z.object({
  signed_count: z.number().int(),
  /** the signatures (`from_whom`), oldest first */
  signers: z.array(z.string()),
  delivered_at: IsoDate.nullable(),
});
export type CreatedGreetingGroup = z.infer<typeof CreatedGreetingGroup>;

/** A reported contribution in the moderator's panel, its open reports grouped. */
export const ReportedContribution = z.object({
  contribution: z.object({
    id: z.number().int(),
    greeting_id: z.string(),
    from_whom: z.string(),
    message: z.string(),
    energy: z.number().int(),
    /** the author's account name; null if gone */
    author: z.string().nullable(),
    author_id: z.number().int(),
    created_at: IsoDate,
  }),
  /** the card it is on */
  to_whom: z.string(),
  reports_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  comments: z.array(z.object({ comment: z.string(), created_at: IsoDate })),
  first_reported_at: IsoDate,
  last_reported_at: IsoDate,
});
export type ReportedContribution = z.infer<typeof ReportedContribution>;

export const ReportedContributions = z.object({
  items: z.array(ReportedContribution),
  total: z.number().int(),
});
export type ReportedContributions = z.infer<typeof ReportedContributions>;
