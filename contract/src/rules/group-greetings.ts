/** Group card rules shared by the server and the web app (zod-free, so the web app may import it at run time). */

/** Numbers of a group card (zod-free values; the server enforces them). */
export const GROUP_GREETING = {
  /** contributions per card (the organiser's own message is the card's text, not one of them) */
  maxContributions: 100,
  /** a contribution's message, after trimming */
  messageMin: 1,
  messageMax: 1000,
  /** a contribution's signature, after trimming (empty: the contributor's display name) */
  fromWhomMax: 100,
  /** the largest gift of one contribution (the contributor's yang limits it too) */
  energyMax: 1_000_000,
  /** a delivered card nobody accepted within this many days gives every contributor's gift back */
  expireAfterDays: 30,
} as const;
