import { z } from 'zod';

/** Largest value an id column holds (32-bit signed integer on PostgreSQL); larger ids are refused, not looked up. */
export const MAX_ID = 2_147_483_647;
/** An id in a path or query (coerced from text), within the column's range. */
export const Id = z.coerce.number().int().positive().max(MAX_ID);
/** An id in a JSON body. */
export const BodyId = z.number().int().positive().max(MAX_ID);
/** A count or offset a client may send (page offsets, skips): bounded like a 32-bit column. */
export const QueryCount = z.coerce.number().int().min(0).max(MAX_ID);
export const IdParams = z.object({ id: Id });
export const Ok = z.object({ success: z.literal(true) });
export const IsoDate = z.string();
/** Optional boolean in a query string: "true"/"false"/"1"/"0". */
export const QueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');
