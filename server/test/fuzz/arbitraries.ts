import fc from 'fast-check';
import { z } from 'zod';
import type { RouteDef } from '@otkrytka/contract';

/** A JSON Schema node as zod writes it (the subset the contract uses). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  maxItems?: number;
}

export const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | null =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;

/** Text that has broken servers before: NUL and other control characters, huge, odd Unicode, escapes. */
export const nastyString = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u0007\u001b[31m', '\r\n', '%', '%25', '%00', '../../etc/passwd', '\uD800', '😀'.repeat(50), "'; drop table users; --", '<script>', 'null', '[]', '{}'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 100, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers at and around every boundary a column or a schema has. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e300, -1e300, 0.5, 1.5, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of a wrong shape. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nastyNumber,
  nastyString,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyNumber, nastyString), { maxLength: 4 }),
  fc.dictionary(nastyString, fc.oneof(nastyNumber, nastyString), { maxKeys: 4 }),
);

/** A value for a schema node: mostly the right type at its edges, sometimes anything at all. */
export function valueFor(node: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!node || depth > 4) return anyJson;
  const wrong = anyJson;
  const alts = node.anyOf ?? node.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => valueFor(a, depth + 1)), wrong);
  if (node.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...node.enum) }, { weight: 1, arbitrary: wrong });
  if (node.const !== undefined) return fc.oneof(fc.constant(node.const), wrong);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const lo = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -(2 ** 31));
      const hi = node.maximum ?? 2 ** 31;
      const edges = [lo, hi, lo - 1, hi + 1].filter((n) => Number.isFinite(n));
      // a number between fractional bounds (a caption's size, 0.04–0.16) is any double there
      const inRange =
        type === 'integer' || (Number.isInteger(lo) && Number.isInteger(hi))
          ? fc.integer({ min: Math.max(Math.ceil(lo), -(2 ** 31)), max: Math.min(Math.floor(hi), 2 ** 31) })
          : fc.double({ min: lo, max: hi, noNaN: true });
      return fc.oneof(
        { weight: 3, arbitrary: inRange },
        { weight: 2, arbitrary: fc.constantFrom(...edges) },
        { weight: 2, arbitrary: nastyNumber },
        { weight: 1, arbitrary: wrong },
      );
    }
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: Math.min(node.maxLength ?? 30, 30) }) },
        { weight: 1, arbitrary: fc.constant('y'.repeat((node.maxLength ?? 1000) + 1)) },
        { weight: 3, arbitrary: nastyString },
        { weight: 1, arbitrary: wrong },
      );
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: wrong });
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(valueFor(node.items, depth + 1), { maxLength: 5 }) },
        { weight: 1, arbitrary: wrong },
      );
    case 'object':
      return fc.oneof({ weight: 4, arbitrary: objectFor(node, depth) }, { weight: 1, arbitrary: wrong });
    default:
      return wrong;
  }
}

/** An object with some of the schema's keys (each right, edgy or wrong) and sometimes an unknown key. */
export function objectFor(node: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(node.properties ?? {});
  const model = Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, depth + 1)]));
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(fc.dictionary(nastyString, anyJson, { maxKeys: 2 }), { nil: undefined }))
    .map(([o, extra]) => ({ ...extra, ...o }));
}

/** Percent-encoding that never throws (a lone surrogate becomes U+FFFD, as a browser would send it). */
export const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => (isPaired(s, i) ? c : '\uFFFD')));
const isPaired = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  if (c <= 0xdbff) return i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
  return i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff;
};

/** Query values are text: a typed value as a string, or nasty text. */
const asQueryText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

/** One request to a route: where it goes, who sends it, and what it carries. */
export interface FuzzRequest {
  method: string;
  url: string;
  /** the route's parameters were sent as plain, short, routable text (so the access rule must answer) */
  routable: boolean;
  who: 'anonymous' | 'user' | 'moderator';
  payload?: string | Buffer;
  headers: Record<string, string>;
  kind: string;
}

const pathParam = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '0', '-1', '2147483647', '2147483648', String(2 ** 53), String(2 ** 53 + 2), '1e3', '1.5', 'abc', 'null', ' 1') },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 2 ** 31 + 10 }).map(String) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
  { weight: 1, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 2000) },
);

/** A cut-off or broken multipart body. */
const multipartBody = fc
  .tuple(fc.constantFrom('file', 'other'), fc.uint8Array({ maxLength: 2000 }), fc.nat({ max: 3000 }), fc.boolean())
  .map(([field, bytes, cut, gif]) => {
    const boundary = 'fuzzboundary123';
    const data = gif ? Buffer.concat([Buffer.from('GIF89a'), Buffer.from(bytes)]) : Buffer.from(bytes);
    const whole = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.gif"\r\nContent-Type: image/gif\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: whole.subarray(0, Math.min(whole.length, cut)), contentType: `multipart/form-data; boundary=${boundary}` };
  });

/** Requests for one route, built from its contract schemas. */
export function requestsFor(key: string, def: RouteDef): fc.Arbitrary<FuzzRequest> {
  const [method, path] = key.split(' ') as [string, string];
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const querySchema = jsonSchemaOf(def.query);
  const bodySchema = def.body && !def.multipart ? jsonSchemaOf(def.body) : null;
  const query = querySchema
    ? fc.option(
        objectFor(querySchema).map((o) => Object.entries(o).map(([k, v]) => `${encode(k)}=${encode(asQueryText(v))}`).join('&')),
        { nil: undefined },
      )
    : fc.option(fc.constantFrom('x=1', 'a=%00', `id=${2 ** 53}`), { nil: undefined });
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; kind: string }> = def.multipart
    ? fc.oneof(
        multipartBody.map((m) => ({ ...m, kind: 'multipart' })),
        fc.constant({ payload: '{"file": 1}', contentType: 'application/json', kind: 'json-instead-of-multipart' }),
        fc.constant({ kind: 'no-body' }),
      )
    : fc.oneof(
        { weight: 6, arbitrary: (bodySchema ? objectFor(bodySchema) : anyJson).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json', kind: 'schema-json' })) },
        { weight: 1, arbitrary: anyJson.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', kind: 'any-json' })) },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"__proto__": {"x": 1}}', '"\\u0000"', '\u0000').map((p) => ({ payload: p, contentType: 'application/json', kind: 'bad-json' })) },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1').map((ct) => ({ payload: 'a=1&b=2', contentType: ct, kind: 'wrong-content-type' })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'no-body' }) },
      );
  return fc
    .record({
      params: fc.tuple(...names.map(() => pathParam)),
      query,
      body,
      who: fc.constantFrom('anonymous' as const, 'user' as const, 'moderator' as const),
    })
    .map(({ params, query: q, body: b, who }): FuzzRequest => {
      let url = path;
      let routable = true;
      names.forEach((name, i) => {
        const v = params[i] ?? '1';
        const encoded = encode(v);
        if (!v || encoded.length > 100) routable = false;
        url = url.replace(`{${name}}`, encoded);
      });
      if (q) url += `?${q}`;
      const withBody = method !== 'GET' && method !== 'DELETE' ? b : { kind: 'no-body' as const };
      return {
        method,
        url,
        routable,
        who,
        kind: withBody.kind,
        ...('payload' in withBody && withBody.payload !== undefined ? { payload: withBody.payload } : {}),
        headers: ('contentType' in withBody && withBody.contentType ? { 'content-type': withBody.contentType } : {}) as Record<string, string>,
      };
    });
}
