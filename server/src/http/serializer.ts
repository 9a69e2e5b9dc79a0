import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Production responses: each route's response schema (zod, from the contract) is turned into JSON
 * Schema once and compiled by fast-json-stringify into a function that writes exactly the declared
 * fields. Checking every answer against zod at run time cost more than the query behind a gallery
 * page; tests and development keep the checking serializer, so a handler that answers the wrong
 * shape still fails there. A schema JSON Schema cannot express falls back to the checking one.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // compiled on a route's first answer, not at start: compiling all of them took a second and a half
  // of every cold start, before the port opened
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) => (write ??= compileSerializer(route))(data);
};

export function compileSerializer(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  try {
    const json = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return zodSerializerCompiler(route as never) as (data: unknown) => string;
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']` or `nullable`:
 * fast-json-stringify settles an anyOf by validating each branch for every value, a type list it
 * settles with a typeof.
 *
 * A record's `propertyNames: {type: 'string'}` (zod's `z.record(z.string(), …)`) is dropped: the
 * keys of a JSON object are strings anyway, and fast-json-stringify hands it to Ajv rewritten as
 * `type: ['string', 'object']`, which Ajv's strict mode reports («type "object" not allowed by
 * context "string"») when it compiles the schema to settle a union: once per such route, on its
 * first answer (settings, notification counts, the game's stats).
 */
export function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'propertyNames' && isObject(v) && v.type === 'string' && Object.keys(v).length === 1) continue;
    out[k] = simplify(v);
  }
  const any = out.anyOf;
  if (Array.isArray(any) && any.length === 2) {
    const nullAt = any.findIndex((b) => isObject(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other = any[1 - nullAt];
    if (nullAt >= 0 && isObject(other) && typeof other.type === 'string') {
      delete out.anyOf;
      const primitive = other.type !== 'object' && other.type !== 'array';
      // a nullable enum keeps null among its values: inside an anyOf/oneOf the branch is validated
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...out, ...other, ...(primitive ? { type: [other.type, 'null'] } : { nullable: true }), ...values };
    }
  }
  return out;
}
