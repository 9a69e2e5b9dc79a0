import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from '../factories/collection';
import { createTestApp, signUp, type TestApp } from '../helpers';
import { nastyNumber, nastyString } from './arbitraries';

/**
 * The page and preview routes outside the API: a page's HTML with its meta (`/mychannels/…`,
 * `/telegram/…`, `/greeting/…`) and the preview pictures (`/og/{kind}/{id}/{variant}.jpg`). Ids
 * at and past every column bound (2^31 on PostgreSQL), and text of every kind, never get a 5xx.
 * CI runs PAGES_FUZZ_RUNS requests (on PostgreSQL too: `npm run test:pg`); `npm run fuzz` runs long.
 */
const RUNS = Number(process.env.PAGES_FUZZ_RUNS ?? (process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) / 10 : 400));
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

let t: TestApp;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-pages-fuzz-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><title>Открытка</title></head><body></body></html>');
  t = await createTestApp({ WEB_DIST_DIR: dist });
  const u = await signUp(t.app);
  const ch = await makeChannel(t, u.user.id);
  await makePostcard(t, { userId: u.user.id, collectionId: ch.id, approved: true });
});
afterAll(() => t?.close());

const idText = fc.oneof(
  fc.constantFrom('2147483647', '2147483648', '4294967296', '999999999999', '9007199254740993', '0', '00000000001', '1', '2'),
  nastyNumber.map((n) => String(n)),
  nastyString,
);
/** As a link carries it; a lone surrogate cannot be encoded, so it travels as the bytes a client would send. */
const segment = idText.map((s) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
});
const pagePath = fc.oneof(
  fc.tuple(fc.constantFrom('', '/telegram'), segment).map(([p, a]) => `${p}/mychannels/${a}`),
  fc.tuple(fc.constantFrom('', '/telegram'), segment, segment).map(([p, a, b]) => `${p}/mychannels/${a}/${b}`),
  fc.tuple(fc.constantFrom('', '/telegram'), segment).map(([p, a]) => `${p}/greeting/${a}`),
  fc.tuple(fc.constantFrom('greeting', 'postcard', 'channel', 'site', 'x'), segment, fc.constantFrom('wide.jpg', 'square.jpg', 'x.png', 'wide')).map(
    ([kind, id, file]) => `/og/${kind}/${id}/${file}`,
  ),
);
const query = fc.option(fc.constantFrom('?lang=en', '?lang=ru', '?view=true', '?lang=%00', `?v=${'x'.repeat(300)}`), { nil: '' });

describe('pages and previews fuzz', () => {
  it(`${RUNS} seeded page and /og requests with ids past every bound: no 5xx, errors {detail, code}`, async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(pagePath, query, async (p, q) => {
        const res = await t.app.inject({ method: 'GET', url: p + q });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${p}${q}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
          const body = JSON.parse(res.body) as { detail?: unknown; code?: unknown };
          if (typeof body.code !== 'string' || body.detail === undefined) failures.push(`${res.statusCode} ${p}${q}: not {detail, code}`);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);

  it.each(['/mychannels/2147483648', '/mychannels/9/2147483648', '/telegram/mychannels/1/2147483648', '/og/postcard/2147483648/wide.jpg', '/og/channel/999999999999/square.jpg'])(
    '%s names nothing and answers as a missing page or the neutral picture, not 500',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      expect([200, 404]).toContain(res.statusCode);
    },
  );
});
