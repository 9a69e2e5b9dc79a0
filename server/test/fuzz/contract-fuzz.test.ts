import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteDef, routes } from '@otkrytka/contract';
import { makeChannel, makePostcard } from '../factories/collection';
import { createTestApp, signUp, signUpAs, type TestApp } from '../helpers';
import { type FuzzRequest, requestsFor } from './arbitraries';

/**
 * Schema-driven fuzzing of every route of the contract: wrong types, edge numbers (2^31, 2^53),
 * NUL and control characters, huge strings, bad JSON, wrong content types, cut-off multipart.
 * Every answer must be below 500 and, when an error, `{detail, code}`; anonymous calls to
 * signed-in routes get 401. CI runs FUZZ_RUNS (3,000) seeded requests; `npm run fuzz` runs long.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** streams never end; logging out would end the fuzzer's own session */
const SKIPPED = new Set(['GET /api/notifications/stream', 'POST /api/auth/logout']);

let t: TestApp;
let tokens: Record<'user' | 'moderator', string>;
beforeAll(async () => {
  t = await createTestApp();
  const u = await signUp(t.app);
  const mod = await signUpAs(t, 22);
  tokens = { user: u.token!, moderator: mod.token! };
  // something for ids 1, 2… to find
  const ch = await makeChannel(t, u.user.id);
  await makePostcard(t, { userId: u.user.id, collectionId: ch.id, approved: true });
  await makePostcard(t, { userId: u.user.id, collectionId: ch.id });
});
afterAll(() => t?.close());

const entries = Object.entries(routes as Record<string, RouteDef>).filter(([k]) => !SKIPPED.has(k));
const anyRequest = fc.oneof(...entries.map(([key, def]) => requestsFor(key, def).map((r) => ({ ...r, def }))));

/** What is wrong with one answer, or null. */
function problemWith(r: FuzzRequest & { def: RouteDef }, status: number, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status >= 400) {
    let json: { detail?: unknown; code?: unknown };
    try {
      json = JSON.parse(body) as typeof json;
    } catch {
      return `error body is not JSON: ${body.slice(0, 200)}`;
    }
    const detailOk = typeof json.detail === 'string' || (typeof json.detail === 'object' && json.detail !== null);
    if (!detailOk || typeof json.code !== 'string') return `error is not {detail, code}: ${body.slice(0, 200)}`;
  }
  const signedInRoute = r.def.access === 'user' || r.def.access === 'moderator';
  if (r.who === 'anonymous' && signedInRoute && r.routable && status !== 401) return `anonymous got ${status}, not 401`;
  return null;
}

describe('contract fuzz', () => {
  it(`${RUNS} seeded requests over ${entries.length} routes: no 5xx, every error {detail, code}, anonymous → 401`, async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(anyRequest, async (r) => {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: { ...r.headers, ...(r.who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[r.who]}` }) },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        const problem = problemWith(r, res.statusCode, res.body);
        if (problem) {
          failures.push(`${problem} ← ${r.who} ${r.method} ${r.url.slice(0, 300)} [${r.kind}] ${String(r.payload ?? '').slice(0, 200)}`);
        }
        return problem === null;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    ).catch((e: unknown) => {
      throw new Error(`${failures.slice(0, 5).join('\n')}\n${String(e).slice(0, 2000)}`);
    });
    expect(failures).toEqual([]);
  }, 1_800_000);
});
