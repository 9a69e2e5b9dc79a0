import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GallerySort } from '@otkrytka/contract';
import type { DB } from '../src/db/schema';
import { kyselySqlite } from '../src/db/sqlite-statements';
import { type GalleryFilter, galleryPage } from '../src/modules/gallery/repo';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import { createTestApp, onPostgres, signUpAs, type TestApp } from './helpers';

/**
 * Every gallery page is an index search, whatever the sort, filter and position: no query of a
 * page reads image_relations by scanning it. (SQLite: its plans are fixed by the named indexes;
 * PostgreSQL plans from statistics, which the benchmark covers.)
 */
describe.skipIf(onPostgres)('gallery query plans (SQLite)', () => {
  let t: TestApp;
  let raw: Database.Database;
  let traced: Kysely<DB>;
  const ran: { sql: string; parameters: readonly unknown[] }[] = [];
  let categoryId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const mod = await signUpAs(t, 22);
    await makeChannel(t, mod.user.id, { id: 9 });
    const group = await makeGroup(t, mod.user.id, { name: 'Праздники' });
    groupId = group.id;
    const a = await makeCategory(t, mod.user.id, { name: 'a', groupId });
    await makeCategory(t, mod.user.id, { name: 'b', groupId });
    categoryId = a.id;
    for (let i = 0; i < 30; i++) {
      await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: true, categoryId: a.id, createdAt: new Date(t.clock.now().getTime() - i * 3600_000).toISOString() });
    }
    // a second connection to the same file, which records every query it runs
    raw = new Database(t.config.sqlitePath);
    traced = new Kysely<DB>({
      dialect: new SqliteDialect({ database: kyselySqlite(raw) }),
      log: (e) => void ran.push({ sql: e.query.sql, parameters: e.query.parameters }),
    });
  });
  afterAll(async () => {
    await traced.destroy();
    await t.close();
  });

  const sorts: GallerySort[] = ['newest', 'popular', 'newest24h', 'popular24h'];
  const filters = { all: {}, category: { categoryId: -1 }, group: { groupId: -1 } } as const;

  for (const sort of sorts) {
    for (const [name, shape] of Object.entries(filters)) {
      it(`sort ${sort}, ${name}: first page and a page after a cursor search indexes`, async () => {
        const f: GalleryFilter = {
          collectionId: 9,
          sort,
          ...('categoryId' in shape ? { categoryId } : {}),
          ...('groupId' in shape ? { groupId } : {}),
          since: sort.endsWith('24h') ? new Date(t.clock.now().getTime() - 24 * 3600_000).toISOString() : undefined,
        };
        ran.length = 0;
        const first = await galleryPage(traced, f, { offset: 0, limit: 6 });
        expect(first.length).toBe(6);
        const last = first.at(-1)!;
        await galleryPage(traced, f, { cursor: [sort.startsWith('popular') ? last.likes_count : last.created_at, last.id], offset: 0, limit: 6 });
        const pages = ran.filter((q) => q.sql.includes('image_relations'));
        expect(pages.length).toBeGreaterThanOrEqual(2);
        for (const q of pages) {
          const plan = (raw.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as { detail: string }[]).map((r) => r.detail);
          const onPostcards = plan.filter((d) => /\b(image_relations|ir)\b/.test(d));
          expect(onPostcards.length, plan.join('\n')).toBeGreaterThan(0);
          for (const step of onPostcards) expect(step, plan.join('\n')).toMatch(/^SEARCH (image_relations|ir) USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY)/);
        }
      });
    }
  }
});
