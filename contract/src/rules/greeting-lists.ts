/**
 * Page sizes of the greeting lists (created, received, accepted); the spec shows none, these are
 * ours. Apart from greetings.ts: the app asks for a list on start, and its first load need not
 * carry the rest of the greeting's rules.
 */
export const GREETING_PAGE = { default: 30, max: 100 } as const;
