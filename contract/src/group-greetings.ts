import { z } from 'zod';

/**
 * A group card: one organiser, many signatures, one card (docs/PRODUCT-RULES.md, group cards).
 * This file holds the contributions' routes and shapes; the greeting's own `group` field is below.
 */

/** What the greeting itself says of its group (null on a greeting of one sender). */
export const GreetingGroup = z.object({
  /** the invite token of `/greeting/{id}/join/{invite}`: the organiser only (null for anyone else) */
  invite: z.string().nullable(),
  /** how many have signed (the organiser's own message is the card's text, not counted) */
  signed_count: z.number().int(),
  /** delivered to the recipient (null: still collecting) */
  delivered_at: z.string().nullable(),
});
export type GreetingGroup = z.infer<typeof GreetingGroup>;
