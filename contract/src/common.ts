import { z } from 'zod';

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });
export const Ok = z.object({ success: z.literal(true) });
export const IsoDate = z.string();
/** Optional boolean in a query string: "true"/"false"/"1"/"0". */
export const QueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');
