import { z } from 'zod';
import { defineRoutes } from './route';
import { Id, IdParams, QueryCount } from './common';
import { MODERATION } from './rules/moderation';
import { ReportReasonSchema } from './reports';
import { Postcard } from './postcards';

/** A postcard in the moderator's views: the postcard plus its open reports and credited author. */
export const ModerationCard = Postcard.extend({
  reports_count: z.number().int(),
  /** the author credited on the work itself, when recorded (not the uploader) */
  credited_author: z.string().nullable(),
});
export type ModerationCard = z.infer<typeof ModerationCard>;

export const ModerationQueue = z.object({
  items: z.array(ModerationCard),
  total: z.number().int(),
});
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const ModerationStats = z.object({
  /** pending postcards (not approved, not banned) */
  on_moderation: z.number().int(),
  /** pending postcards with at least one like */
  with_positive_votes: z.number().int(),
  /** pending postcards with at least one reject */
  with_negative_votes: z.number().int(),
  /** postcards with open reports */
  reported: z.number().int(),
});
export type ModerationStats = z.infer<typeof ModerationStats>;

export const ModerationDecision = z.object({
  success: z.literal(true),
  postcard: z.object({
    id: z.number().int(),
    is_approved: z.boolean(),
    is_banned: z.boolean(),
    moderated_at: z.string().nullable(),
  }),
  /** open reports of the postcard closed by this decision */
  reports_resolved: z.number().int(),
});
export type ModerationDecision = z.infer<typeof ModerationDecision>;

/** Open reports of one postcard, grouped. */
export const ReportedPostcard = z.object({
  postcard: ModerationCard,
  reports_count: z.number().int(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  comments: z.array(z.object({ comment: z.string(), created_at: z.string() })),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ReportedPostcard = z.infer<typeof ReportedPostcard>;

export const ReportedPostcards = z.object({
  items: z.array(ReportedPostcard),
  total: z.number().int(),
});
export type ReportedPostcards = z.infer<typeof ReportedPostcards>;

const Page = (defaultLimit: number) =>
  z.object({
    offset: QueryCount.default(0),
    limit: z.coerce.number().int().min(1).max(MODERATION.pageMax).default(defaultLimit),
  });

export const moderationRoutes = defineRoutes({
  'GET /api/moderation/queue': {
    access: 'moderator',
    summary: 'Pending postcards in order of submission (9 by default)',
    query: Page(MODERATION.queueSize),
    response: ModerationQueue,
  },
  'GET /api/moderation/next': {
    access: 'moderator',
    summary: 'A random pending postcard (optionally not the one just shown)',
    query: z.object({ exclude: Id.optional() }),
    response: z.object({
      success: z.literal(true),
      postcard: ModerationCard.nullable(),
      message: z.string().nullable(),
    }),
  },
  'GET /api/moderation/stats': {
    access: 'moderator',
    summary: 'Counters of the moderator panel',
    response: ModerationStats,
  },
  'GET /api/moderation/postcards/{id}': {
    access: 'moderator',
    summary: 'One postcard in any moderation state',
    params: IdParams,
    response: ModerationCard,
  },
  'POST /api/moderation/{id}/approve': {
    access: 'moderator',
    summary: 'Approve a postcard: it shows in the gallery and in its channel',
    params: IdParams,
    response: ModerationDecision,
  },
  'POST /api/moderation/{id}/ban': {
    access: 'moderator',
    summary: 'Ban a postcard: it disappears; its open reports are closed as banned',
    params: IdParams,
    response: ModerationDecision,
  },
  'GET /api/moderation/complaints': {
    access: 'moderator',
    summary: 'Open reports grouped by postcard, most reported first',
    query: Page(50),
    response: ReportedPostcards,
  },
  'POST /api/moderation/complaints/{id}/dismiss': {
    access: 'moderator',
    summary: 'Dismiss every open report of a postcard (the postcard stays as it is)',
    params: IdParams,
    response: z.object({ success: z.literal(true), dismissed: z.number().int() }),
  },
});
