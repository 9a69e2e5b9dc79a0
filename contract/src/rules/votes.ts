/** Votes on postcards. Zod-free, so the web app may import it at run time. */
export const VOTE_TYPES = ['like', 'reject'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** What a vote request did: the toggle endpoints answer one of these. */
export const VOTE_ACTIONS = ['liked', 'unliked', 'rejected', 'unrejected'] as const;
export type VoteAction = (typeof VOTE_ACTIONS)[number];

/**
 * The 400 detail the spec's like button matches on. The toggles answer it when a concurrent request
 * of the same user stored a vote first; the one-shot sandbox votes when the user already voted.
 */
export const ALREADY_VOTED = 'already voted';
