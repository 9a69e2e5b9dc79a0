/** Sandbox and moderator panel constants. Zod-free, so the web app may import it at run time. */
export const MODERATION = {
  /** cards in the moderator's list */
  queueSize: 9,
  /** the list refreshes this often (and on window focus) */
  refreshMs: 30_000,
  /** at most this many postcards per sandbox list page */
  sandboxListMax: 100,
  /** at most this many postcards per moderation page */
  pageMax: 100,
} as const;
