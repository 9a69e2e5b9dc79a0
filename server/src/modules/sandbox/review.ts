import type { SelectQueryBuilder } from 'kysely';

/**
 * What community review (sandbox) and moderation share: the pending rule. Postcards themselves are
 * read with `selectPostcards` and shaped with `toPostcard` of the postcards module.
 */

/** Pending: neither approved nor banned (spec 001 §4). For queries over `image_relations as ir`. */
export const pendingOnly = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
  qb.where('ir.is_approved', '=', 0).where('ir.is_banned', '=', 0) as QB;
