import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GALLERY_EAGER_THUMBS, GALLERY_FIRST_REQUESTS } from '@otkrytka/contract/rules/postcards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { makeGreeting, makeStoredPostcard } from './factories/share';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

const INDEX = '<!doctype html><html lang="ru"><head><title>Открытка</title></head><body><div id="root"></div></body></html>';
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist });
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
  for (let i = 0; i < GALLERY_EAGER_THUMBS + 3; i++) await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: true });
  await makePostcard(t, { userId: mod.user.id, collectionId: 9 }); // pending: never hinted
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The app's HTML at `url`; 404 where the app has no such page (it still comes, to say so). */
const html = async (url: string, status = 200) => {
  const res = await client(t.app).get(url);
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};
const preloads = (body: string) => [...body.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the web app page', () => {
  it('the gallery page preloads its first requests and the thumbnails of its first rows, inside <head>', async () => {
    const gallery = (await (await client(t.app).get('/api/gallery')).json()) as { items: { thumbnail_url: string }[] };
    const expected = [
      ...GALLERY_FIRST_REQUESTS.map((href) => `fetch ${href}`),
      ...gallery.items.slice(0, GALLERY_EAGER_THUMBS).map((p) => `image ${p.thumbnail_url}`),
    ];
    for (const url of ['/gallery', '/', '/telegram', '/telegram/gallery']) {
      const body = await html(url);
      expect(preloads(body), url).toEqual(expected);
      expect(body.indexOf('<link rel="preload"')).toBeLessThan(body.indexOf('</head>'));
    }
  });

  it('a theme chosen on this device (the darkMode cookie) is on <html> from the first byte; without a choice there is none', async () => {
    const page = async (cookie?: string) => (await t.app.inject({ method: 'GET', url: '/gallery', headers: cookie ? { cookie } : {} })).body.match(/<html[^>]*>/)?.[0];
    expect(await page('darkMode=true')).toBe('<html lang="ru" class="dark">');
    expect(await page('darkMode=false; language=ru')).toBe('<html lang="ru" class="light">');
    expect(await page()).toBe('<html lang="ru">');
    expect(await page('darkMode="><script>')).toBe('<html lang="ru">');
  });

  it('a greeting page does not preload its API request (the answer depends on who asks)', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const greeting = await makeGreeting(sender, postcard.id);
    expect(preloads(await html(`/greeting/${greeting.id}`))).toEqual([]);
  });

  it('other pages, and the gallery with a filter, preload nothing', async () => {
    for (const url of ['/mychannels', '/gallery?category=1', '/sandbox', '/settings']) {
      const body = await html(url);
      expect(preloads(body), url).toEqual([]);
      expect(body).toContain('<div id="root"></div>');
    }
  });

  it('a greeting link pasted with punctuation after it redirects to the greeting', async () => {
    for (const [url, to] of [
      ['/greeting/qIUBwEwys1gEjhlwQAZg9A.', '/greeting/qIUBwEwys1gEjhlwQAZg9A'],
      ['/greeting/qIUBwEwys1gEjhlwQAZg9A)%C2%BB', '/greeting/qIUBwEwys1gEjhlwQAZg9A'],
      ['/telegram/greeting/a-b_c1234567890123!?view=true', '/telegram/greeting/a-b_c1234567890123?view=true'],
      // the whole query is kept, a second "?" in it too
      ['/greeting/qIUBwEwys1gEjhlwQAZg9A.?view=true&utm=a?b', '/greeting/qIUBwEwys1gEjhlwQAZg9A?view=true&utm=a?b'],
    ]) {
      const res = await client(t.app).get(url!);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('an encoded id character at the end of a greeting link is part of the id, not stripped as punctuation', async () => {
    // not redirected: the app opens it, and says there is no such greeting (404)
    expect(await html('/greeting/qIUBwEwys1gEjhlwQAZg9A%2D', 404)).toContain('<div id="root"></div>');
  });

  it('a page path ending in a dot is still the app (its not-found page, 404), not a JSON 404', async () => {
    for (const url of ['/gallery.', '/settings.']) expect(await html(url, 404)).toContain('<div id="root"></div>');
    expect(await html('/mychannels/9/3.')).toContain('<div id="root"></div>');
    expect((await client(t.app).get('/missing.js')).statusCode).toBe(404);
  });

  it('unknown API paths stay JSON 404s', async () => {
    const res = await client(t.app).get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('compression', () => {
  it('JSON answers are compressed for clients that accept it, and decode to the same page', async () => {
    const plain = await client(t.app).get('/api/gallery');
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/gallery', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('small answers and clients without accept-encoding get plain JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(res.headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

it('/favicon.ico points to the app icon', async () => {
  const res = await client(t.app).get('/favicon.ico');
  expect(res.statusCode).toBe(301);
  expect(res.headers.location).toBe('/favicon.svg');
});

describe('a page address with broken %-encoding', () => {
  it('is sent on to the same page with the broken segment made literal, which the app opens; the API keeps its 400 {detail, code}', async () => {
    for (const [url, literal, status] of [
      ['/mychannels/%E0%A4%A', '/mychannels/%25E0%25A4%25A', 200],
      // the app has no such page: it opens to say so
      ['/gallery%?sort=new', '/gallery%25?sort=new', 404],
      ['/greeting/abc%E0', '/greeting/abc%25E0', 404],
      // never on to another site
      ['//elsewhere.example/%E0', '/elsewhere.example/%25E0', 404],
    ] as const) {
      const res = await client(t.app).get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(literal);
      expect(await html(literal, status)).toContain('<div id="root"></div>');
    }
    const api = await client(t.app).get('/api/collections/%E0%A4%A');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await client(t.app).get('/media/%E0.jpg')).statusCode).toBe(400);
  });
});
