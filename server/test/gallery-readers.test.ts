import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDb } from '../src/db';
import { JsonBytes, registerRoutes } from '../src/http/routes';
import { installErrorHandler } from '../src/http/error-handler';
import { galleryService } from '../src/modules/gallery/service';
import { readPage } from '../src/modules/gallery/page-read';
import { pageReaders } from '../src/modules/gallery/readers';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { createTestApp, onPostgres, signUp, signUpAs, type TestApp } from './helpers';

type Page = { items: { id: number; likes_count: number }[]; next_cursor: string | null; has_more: boolean };

// reader threads read SQLite files; on PostgreSQL the server has none
describe.skipIf(onPostgres)('gallery pages read by reader threads (SQLite)', () => {
  let withReaders: TestApp;
  let mainThread: TestApp;
  let categoryId: number;
  let groupId: number;

  beforeAll(async () => {
    withReaders = await createTestApp({ GALLERY_READERS: '2' });
    // a second app on the same database whose main thread reads every page itself
    mainThread = await createTestApp({ DATA_DIR: withReaders.config.dataDir, GALLERY_READERS: '0' });
    const mod = await signUpAs(withReaders, 22);
    await makeChannel(withReaders, mod.user.id, { id: 9 });
    const group = await makeGroup(withReaders, mod.user.id);
    const inGroup = await makeCategory(withReaders, mod.user.id, { groupId: group.id });
    const other = await makeCategory(withReaders, mod.user.id, { groupId: group.id });
    [categoryId, groupId] = [inGroup.id, group.id];
    const start = withReaders.clock.now().getTime();
    for (let i = 0; i < 24; i++) {
      const p = await makePostcard(withReaders, {
        userId: mod.user.id,
        collectionId: 9,
        approved: true,
        categoryId: [inGroup.id, other.id, null][i % 3]!,
        createdAt: new Date(start - i * 3600_000 * 3).toISOString(),
      });
      await withReaders.db.updateTable('image_relations').set({ likes_count: (i * 7) % 5 }).where('id', '=', p.id).execute();
    }
  });
  afterAll(async () => {
    await mainThread?.close();
    await withReaders?.close();
  });

  it('answers every sort and filter, page after page, with the pages the main thread reads', async () => {
    // both started when the app was ready, and none failed (a failed one is started again)
    expect(galleryService(withReaders.deps).readerThreads()).toBe(2);
    for (const sort of ['newest', 'popular', 'newest24h', 'popular24h']) {
      for (const filter of ['', `&category=${categoryId}`, `&group=${groupId}`]) {
        let url = `/api/gallery?sort=${sort}&limit=5${filter}`;
        for (let pageNo = 0; pageNo < 6; pageNo++) {
          const fromReader = await withReaders.app.inject(url);
          const fromMain = await mainThread.app.inject(url);
          expect(fromReader.statusCode, url).toBe(200);
          expect(fromReader.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(fromReader.json(), url).toEqual(fromMain.json());
          const page = fromReader.json() as Page;
          if (!page.next_cursor) break;
          url = `/api/gallery?sort=${sort}&limit=5${filter}&cursor=${page.next_cursor}`;
        }
      }
    }
    expect(galleryService(withReaders.deps).readerThreads()).toBe(2);
  });

  it('shows a like on the next page read, as soon as it is acknowledged', async () => {
    const liker = await signUp(withReaders.app);
    const before = (await liker.get(`/api/gallery?sort=popular&category=${categoryId}`)).json() as Page;
    const last = before.items[before.items.length - 1]!;
    for (let i = 0; i < 6; i++) {
      // a like from six different users moves the least liked card of the category to the top
      const u = i ? await signUp(withReaders.app) : liker;
      expect((await u.post(`/api/image_relations/${last.id}/approve`)).statusCode).toBe(200);
      const after = (await liker.get(`/api/gallery?sort=popular&category=${categoryId}`)).json() as Page;
      expect(after.items.find((p) => p.id === last.id)?.likes_count).toBe(last.likes_count + i + 1);
    }
    const top = (await liker.get(`/api/gallery?sort=popular&category=${categoryId}`)).json() as Page;
    expect(top.items[0]?.id).toBe(last.id);
  });

  it('refuses a bad cursor before any reader is asked', async () => {
    const res = await withReaders.app.inject('/api/gallery?sort=newest&cursor=bm90LWEtY3Vyc29y');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.stringContaining('Invalid cursor') });
  });

  it('a reader writes the same JSON as the page reader on the main thread', async () => {
    const readers = pageReaders(withReaders.config.sqlitePath, 1);
    try {
      const ask = { filter: { collectionId: 9, sort: 'newest' as const, groupId }, offset: 0, limit: 7 };
      const bytes = await readers.read(ask);
      expect(bytes.toString()).toBe(JSON.stringify(await readPage(withReaders.db, withReaders.deps.storage, ask)));
    } finally {
      await readers.close();
    }
  });

  it('a reader that cannot open its database fails the read, and is started again for the next one', async () => {
    const readers = pageReaders(`${withReaders.config.dataDir}/missing.sqlite`, 1);
    const ask = { filter: { collectionId: 9, sort: 'newest' as const }, offset: 0, limit: 5 };
    try {
      await expect(readers.read(ask)).rejects.toThrow();
      await expect(readers.read(ask)).rejects.toThrow();
      expect(readers.started()).toBe(2);
    } finally {
      await readers.close();
    }
  });

  it('closing the readers fails what waits on them instead of leaving it waiting', async () => {
    const readers = pageReaders(withReaders.config.sqlitePath, 1);
    const waiting = readers.read({ filter: { collectionId: 9, sort: 'popular' }, offset: 0, limit: 5 });
    await readers.close();
    await expect(waiting).rejects.toThrow();
    await expect(readers.read({ filter: { collectionId: 9, sort: 'popular' }, offset: 0, limit: 5 })).rejects.toThrow(/closed/);
  });

  it("a reader's connection cannot write", async () => {
    const { db } = createDb({ sqlitePath: withReaders.config.sqlitePath, readonly: true });
    try {
      await expect(db.updateTable('image_relations').set({ likes_count: 999 }).execute()).rejects.toThrow(/readonly/);
    } finally {
      await db.destroy();
    }
  });
});

describe('a route that answers with JSON it wrote itself', () => {
  async function appAnswering(json: string, checksResponses: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('resolveUser', async () => null);
    app.decorate('checksResponses', checksResponses);
    installErrorHandler(app);
    const table = { 'GET /api/x': { access: 'public', summary: 'x', response: z.object({ id: z.number().int() }) } } as const;
    registerRoutes(app, table, { 'GET /api/x': () => new JsonBytes(Buffer.from(json)) });
    await app.ready();
    return app;
  }

  it('is sent as it is, as JSON', async () => {
    const app = await appAnswering('{"id":1}', true);
    const res = await app.inject('/api/x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"id":1}');
    await app.close();
  });

  it('fails outside production when it breaks the contract', async () => {
    const app = await appAnswering('{"id":"one"}', true);
    const res = await app.inject('/api/x');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    await app.close();
  });
});
