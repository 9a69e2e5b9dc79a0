import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParams, QueryCount } from './common';
import { MODERATION } from './rules/moderation';
import { Postcard } from './postcards';
import { VoteResult, VoteTypeSchema } from './votes';

export * from './rules/moderation';

/** A pending postcard in the sandbox list, with the signed-in user's vote on it. */
export const SandboxPostcard = Postcard.extend({
  /** the signed-in user's vote on it */
  user_vote: VoteTypeSchema.nullable(),
});
export type SandboxPostcard = z.infer<typeof SandboxPostcard>;

export const SandboxNext = z.object({
  success: z.literal(true),
  postcard: Postcard.nullable(),
  /** why there is no postcard (English; the web app shows its own text) */
  message: z.string().nullable(),
});
export type SandboxNext = z.infer<typeof SandboxNext>;

export const SandboxList = z.object({
  items: z.array(SandboxPostcard),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type SandboxList = z.infer<typeof SandboxList>;

/** Author credit of a postcard. */
export const Author = z.object({
  name: z.string().nullable(),
  source_site: z.string().nullable(),
  profile_url: z.string().nullable(),
  pinterest_url: z.string().nullable(),
  tiktok_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
});
export type Author = z.infer<typeof Author>;

export const AuthorLookup = z.object({
  success: z.boolean(),
  author: Author.nullable(),
  message: z.string().nullable(),
});
export type AuthorLookup = z.infer<typeof AuthorLookup>;

export const SandboxListQuery = z.object({
  offset: QueryCount.default(0),
  limit: z.coerce.number().int().min(1).max(MODERATION.sandboxListMax).default(MODERATION.sandboxListMax),
  user_id: z.string().optional(),
});

export const sandboxRoutes = defineRoutes({
  'GET /api/sandbox/next': {
    access: 'user',
    summary: 'The next pending postcard the signed-in user has not voted on (never their own), oldest first',
    query: z.object({ user_id: z.string().optional() }),
    response: SandboxNext,
  },
  'GET /api/sandbox': {
    access: 'user',
    summary: "Pending postcards of other users, oldest first, with the signed-in user's vote",
    query: SandboxListQuery,
    response: SandboxList,
  },
  'POST /api/sandbox/{id}/approve': {
    access: 'user',
    summary: 'One-shot sandbox vote for a pending postcard (400 "already voted" on a second vote)',
    params: IdParams,
    response: VoteResult,
  },
  'POST /api/sandbox/{id}/reject': {
    access: 'user',
    summary: 'One-shot sandbox vote against a pending postcard (400 "already voted" on a second vote)',
    params: IdParams,
    response: VoteResult,
  },
  'GET /api/image_relations/sandbox/{id}/author': {
    access: 'optional',
    summary: 'Author credit of a postcard (as used by the sandbox)',
    params: IdParams,
    response: AuthorLookup,
  },
  'GET /api/authors/by-relation/{id}': {
    access: 'optional',
    summary: 'Author credit of a postcard',
    params: IdParams,
    response: AuthorLookup,
  },
});
