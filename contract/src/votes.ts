import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParams } from './common';
import { VOTE_ACTIONS, VOTE_TYPES } from './rules/votes';

export * from './rules/votes';

export const VoteTypeSchema = z.enum(VOTE_TYPES);

/** The signed-in user's vote on a postcard; visitors get no vote. */
export const UserVote = z.object({
  has_vote: z.boolean(),
  vote_type: VoteTypeSchema.nullable(),
});
export type UserVote = z.infer<typeof UserVote>;

/** What a vote did and the postcard's counts right after it (exact, from the same transaction). */
export const VoteResult = z.object({
  success: z.literal(true),
  action: z.enum(VOTE_ACTIONS),
  /** the user's vote after the request */
  vote_type: VoteTypeSchema.nullable(),
  likes_count: z.number().int(),
  rejects_count: z.number().int(),
});
export type VoteResult = z.infer<typeof VoteResult>;

/** The spec's `?user_id=` is accepted and ignored: a vote is always the signed-in user's. */
const IgnoredUserId = z.object({ user_id: z.string().optional() });

export const votesRoutes = defineRoutes({
  'GET /api/image_relations/{id}/user-vote': {
    access: 'optional',
    summary: "The signed-in user's vote on a postcard (none for visitors)",
    params: IdParams,
    query: IgnoredUserId,
    response: UserVote,
  },
  'POST /api/image_relations/{id}/approve': {
    access: 'user',
    summary: 'Like toggle: no vote → like, like → none, reject → like',
    params: IdParams,
    query: IgnoredUserId,
    response: VoteResult,
  },
  'POST /api/image_relations/{id}/reject': {
    access: 'user',
    summary: 'Reject toggle: no vote → reject, reject → none, like → reject',
    params: IdParams,
    query: IgnoredUserId,
    response: VoteResult,
  },
});
