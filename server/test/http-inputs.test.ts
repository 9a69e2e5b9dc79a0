import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../src/platform/telegram';
import { makeChannel, makePostcard } from './factories/collection';
import { multipartFile } from './factories/uploads';
import { client, createTestApp, signUp, TEST_BOT_TOKEN, type TestApp } from './helpers';

/** input the schema let through, or Fastify answered itself. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const isApiError = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string' && typeof (body as { code?: unknown }).code === 'string';

/** A raw request over a socket: the HTTP parser's own refusals never reach app.inject. */
function rawHttp(request: string): Promise<{ status: number; body: string }> {
  const { port, hostname } = new URL(base);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), hostname, () => s.write(request));
    let data = '';
    s.on('data', (c) => (data += c.toString()));
    s.on('error', reject);
    s.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('finding 2: ids and text the columns cannot hold', () => {
  it('refuses ids past the 32-bit column with 422 (2^31 and 2^53), not a database error', async () => {
    const u = await signUp(t.app);
    for (const id of [2 ** 31, 2 ** 53, 2 ** 53 + 2]) {
      for (const url of [`/api/image_relations/${id}`, `/api/collections/${id}`, `/api/gallery?category=${id}`]) {
        const res = await u.get(url);
        expect(res.statusCode, url).toBe(422);
        expect(isApiError(res.json())).toBe(true);
      }
      const body = await u.post('/api/bookmarks', { image_relation_id: id });
      expect(body.statusCode).toBe(422);
    }
    expect((await u.get(`/api/image_relations/${2 ** 31 - 1}`)).statusCode).toBe(404);
  });

  it('refuses a NUL character in any text field, body or query, with 422 naming the field', async () => {
    const u = await signUp(t.app);
    const ch = await u.post('/api/collections', { name: 'Канал\u0000 с нулём', description: 'x' });
    expect(ch.statusCode).toBe(422);
    expect(ch.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
    const search = await u.get('/api/uploads?search=a%00b');
    expect(search.statusCode).toBe(422);
    expect(search.json().field).toBe('search');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul@example.com', login: 'nul\u0000user', password: 'correct-horse-9', agreement: true },
    });
    expect(reg.statusCode).toBe(422);
  });

  it('refuses half of a UTF-16 pair in a text field with 422 naming it, and keeps a whole pair (an emoji)', async () => {
    const u = await signUp(t.app);
    for (const name of ['Канал\ud800', '\udc00Канал']) {
      const res = await u.post('/api/collections', { name, description: 'x' });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
    }
    const ok = await u.post('/api/collections', { name: 'Канал 🎉', description: 'x' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().name).toBe('Канал 🎉');
  });
});

describe('finding 4: inputs that reached a 500', () => {
  it('answers GET /media/%25 with 404, decoding the path once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/%25' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/media/ab%2F..%2F..%2Fetc' })).statusCode).toBe(404);
  });

  it('answers a cut-off multipart upload with 400', async () => {
    const u = await signUp(t.app);
    const whole = multipartFile(Buffer.alloc(4000, 7), 'x.png');
    const cut = whole.payload.subarray(0, whole.payload.length - 600);
    const res = await u.raw('POST', '/api/uploads/upload', cut, whole.headers);
    expect(res.statusCode, res.body).toBe(400);
    expect(isApiError(res.json())).toBe(true);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('refuses signed initData whose user is null, an array, or has a non-string username, with 401', async () => {
    for (const user of [null, [], 'text', { id: 5, username: 123 }, { id: 5, first_name: { a: 1 } }, { id: '5' }]) {
      const init = signInitData({ user: user as never }, TEST_BOT_TOKEN, t.clock.now());
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: init } });
      expect(res.statusCode, JSON.stringify(user)).toBe(401);
      expect(res.json().code).toBe('INVALID_INIT_DATA');
    }
  });
});

describe("finding 5: Fastify's own errors in the {detail, code} shape", () => {
  it('bad %-encoding → 400 {detail, code}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/image_relations/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('a path segment over 100 characters → 414 {detail, code}', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/image_relations/${'1'.repeat(150)}` });
    expect(res.statusCode).toBe(414);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('headers too large → 431 {detail, code}; a malformed request → 400 {detail, code}', async () => {
    const big = await rawHttp(`GET /api/gallery?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(isApiError(JSON.parse(big.body))).toBe(true);
    const bad = await rawHttp('NOT A REQUEST\r\n\r\n');
    expect(bad.status).toBe(400);
    expect(isApiError(JSON.parse(bad.body))).toBe(true);
  });

  it('an unknown route → 404 {detail, code}; bad JSON → 400 {detail, code}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(isApiError(res.json())).toBe(true);
    const u = await signUp(t.app);
    const bad = await u.raw('POST', '/api/collections', '{"name": ', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(isApiError(bad.json())).toBe(true);
  });
});

describe('finding 6: sign-in is checked before the body', () => {
  it('an anonymous call with a bad body to a signed-in route gets 401, not a schema description', async () => {
    const anon = client(t.app);
    for (const [method, url] of [
      ['POST', '/api/collections'],
      ['POST', '/api/greetings'],
      ['PUT', '/api/categories/order'],
      ['POST', '/api/bookmarks'],
    ] as const) {
      const res = await anon.raw(method, url, { nonsense: [1, 2, 3] });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
      const badJson = await anon.raw(method, url, '{', { 'content-type': 'application/json' });
      expect(badJson.statusCode, url).toBe(401);
    }
    expect((await anon.get(`/api/image_relations/${2 ** 53}`)).statusCode).toBe(422);
  });
});

describe('finding 7: an optional body may be left out', () => {
  it('POST /api/greetings/{id}/accept without any body is accepted', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ch = await makeChannel(t, a.user.id);
    const p = await makePostcard(t, { userId: a.user.id, collectionId: ch.id, approved: true });
    const g = (await a.post('/api/greetings', { image_relations_id: p.id })).json();
    const headers = { authorization: `Bearer ${b.token}` };
    const bare = await t.app.inject({ method: 'POST', url: `/api/greetings/${g.id}/accept`, headers });
    expect(bare.statusCode, bare.body).toBe(200);
    const typedEmpty = await t.app.inject({
      method: 'POST',
      url: `/api/greetings/${g.id}/accept`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(typedEmpty.statusCode, typedEmpty.body).toBe(200);
    expect(typedEmpty.json().already_accepted).toBe(true);
  });
});
