import type { SelectQueryBuilder } from 'kysely';

/**
 * Pending: neither approved nor banned (docs/PRODUCT-RULES.md, visibility): what the sandbox and
 * moderation review. For queries over `image_relations as ir`.
 */
export const pendingOnly = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB =>
  qb.where('ir.is_approved', '=', 0).where('ir.is_banned', '=', 0) as QB;
