import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makeGroup, makePostcard } from './factories/collection';
import Database from 'better-sqlite3';
import pg from 'pg';
import { client, createTestApp, onPostgres, signUp, signUpAs, type TestApp } from './helpers';
import { listingVersion } from '../src/modules/gallery/repo';
import { loadConfig } from '../src/config';

let t: TestApp;
let mod: Awaited<ReturnType<typeof signUpAs>>;
const anon = () => client(t.app);
beforeAll(async () => {
  t = await createTestApp();
  mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
});
afterAll(() => t.close());

type Page = { items: { id: number; is_approved: boolean }[]; next_cursor: string | null; has_more: boolean };
const page = async (q = ''): Promise<Page> => {
  const res = await anon().get(`/api/gallery${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every id of a sort, following next_cursor to the end. */
async function walk(q: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const p = await page(`${q}${q ? '&' : '?'}${cursor ? `cursor=${cursor}` : ''}`);
    ids.push(...p.items.map((x) => x.id));
    if (!p.has_more) {
      expect(p.next_cursor).toBeNull();
      return ids;
    }
    cursor = p.next_cursor;
  }
  throw new Error('too many pages');
}

describe('GET /api/gallery', () => {
  const at = (h: number) => new Date(t.clock.now().getTime() - h * 3600_000).toISOString();
  const approved: { id: number; created_at: string; likes_count: number }[] = [];
  let catA: { id: number };
  let catB: { id: number };
  let grp: { id: number };

  beforeAll(async () => {
    grp = await makeGroup(t, mod.user.id, { name: 'Праздники' });
    catA = await makeCategory(t, mod.user.id, { name: 'Новый год', groupId: grp.id });
    catB = await makeCategory(t, mod.user.id, { name: 'Весна' });
    // 45 approved postcards, one per hour going back; likes vary
    for (let i = 0; i < 45; i++) {
      const p = await makePostcard(t, {
        userId: mod.user.id,
        collectionId: 9,
        approved: true,
        categoryId: i % 3 === 0 ? catA.id : i % 3 === 1 ? catB.id : null,
        createdAt: at(i + 0.5),
      });
      const likes = (i * 7) % 11;
      await t.db.updateTable('image_relations').set({ likes_count: likes }).where('id', '=', p.id).execute();
      approved.push({ ...p, likes_count: likes });
    }
    // never shown: pending, banned, and postcards of other channels
    await makePostcard(t, { userId: mod.user.id, collectionId: 9, createdAt: at(0.1) });
    await makePostcard(t, { userId: mod.user.id, collectionId: 9, approved: true, banned: true, createdAt: at(0.1) });
    const u = await signUp(t.app);
    const other = await makeChannel(t, u.user.id);
    await makePostcard(t, { userId: u.user.id, collectionId: other.id, approved: true, createdAt: at(0.1) });
  });

  const newest = () => [...approved].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  const popular = () => [...approved].sort((a, b) => b.likes_count - a.likes_count || b.id - a.id);

  it('is public, sorted newest first by default, 20 per page, approved and not banned only', async () => {
    const first = await page();
    expect(first.items).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.items.map((x) => x.id)).toEqual(newest().slice(0, 20).map((x) => x.id));
    expect(first.items.every((x) => x.is_approved)).toBe(true);
  });

  it('pages through every postcard exactly once by cursor (newest, popular)', async () => {
    expect(await walk('?sort=newest')).toEqual(newest().map((x) => x.id));
    expect(await walk('?sort=popular')).toEqual(popular().map((x) => x.id));
  });

  it('also pages by offset', async () => {
    const second = await page('?offset=20');
    expect(second.items.map((x) => x.id)).toEqual(newest().slice(20, 40).map((x) => x.id));
    const last = await page('?offset=40');
    expect(last.items).toHaveLength(5);
    expect(last.has_more).toBe(false);
    expect((await anon().get('/api/gallery?offset=10001')).statusCode).toBe(422);
  });

  it('the 24-hour sorts keep only postcards of the last 24 hours', async () => {
    const recent = approved.filter((p) => p.created_at >= at(24));
    expect(recent).toHaveLength(24);
    expect(await walk('?sort=newest24h')).toEqual(newest().filter((p) => p.created_at >= at(24)).map((x) => x.id));
    expect(await walk('?sort=popular24h')).toEqual(popular().filter((p) => p.created_at >= at(24)).map((x) => x.id));
    const dayPopular = popular().filter((p) => p.created_at >= at(24));
    expect((await page('?sort=popular24h&offset=5&limit=4')).items.map((x) => x.id)).toEqual(dayPopular.slice(5, 9).map((x) => x.id));
    expect(await walk(`?sort=popular24h&category=${catB.id}`)).toEqual(dayPopular.filter((p) => approvedCat(p.id) === catB.id).map((x) => x.id));
    expect(await walk(`?sort=popular24h&group=${grp.id}`)).toEqual(dayPopular.filter((p) => approvedCat(p.id) === catA.id).map((x) => x.id));
    expect(await walk(`?sort=newest24h&group=${grp.id}`)).toEqual(
      newest()
        .filter((p) => p.created_at >= at(24) && approvedCat(p.id) === catA.id)
        .map((x) => x.id),
    );
  });

  it('filters by category and by group', async () => {
    expect(await walk(`?category=${catB.id}`)).toEqual(newest().filter((p) => approvedCat(p.id) === catB.id).map((x) => x.id));
    expect(await walk(`?group=${grp.id}`)).toEqual(newest().filter((p) => approvedCat(p.id) === catA.id).map((x) => x.id));
    expect((await page('?category=999999')).items).toEqual([]);
  });
  const approvedCat = (id: number) => {
    const i = approved.findIndex((p) => p.id === id);
    return i % 3 === 0 ? catA.id : i % 3 === 1 ? catB.id : null;
  };

  it('refuses an unknown sort and a forged cursor', async () => {
    expect((await anon().get('/api/gallery?sort=random')).statusCode).toBe(422);
    const bad = await anon().get('/api/gallery?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    const newestCursor = (await page()).next_cursor!;
    expect((await anon().get(`/api/gallery?sort=popular&cursor=${newestCursor}`)).statusCode).toBe(400);
    // well-formed, but no page ever gave it
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const [sort, v] of [
      ['newest', ['not a date', 3]],
      ['newest', ['-1--1--1T-1:-1:-1.-1Z', -1]],
      ['newest', ['2026-13-45T99:00:00.000Z', 3]],
      ['newest', ['2026-03-10T10:00:00.000Z', 0]],
      ['popular', [-5, 3]],
      ['popular', [10, 1.5]],
    ] as const) {
      const res = await anon().get(`/api/gallery?sort=${sort}&cursor=${forged(v)}`);
      expect(res.statusCode, JSON.stringify(v)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('gallery answers are never older than the data', () => {
  it('shows a change made right after a read (the page cache is dropped on any write)', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const a = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true });
      const ids = async () => (await client(t2.app).get('/api/gallery')).json().items.map((p: { id: number }) => p.id);
      expect(await ids()).toEqual([a.id]);
      expect(await ids()).toEqual([a.id]);
      const b = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true, createdAt: new Date(Date.now() + 1000).toISOString() });
      expect(await ids()).toEqual([b.id, a.id]);
      await t2.db.updateTable('image_relations').set({ likes_count: 5 }).where('id', '=', a.id).execute();
      expect((await client(t2.app).get('/api/gallery')).json().items.find((p: { id: number }) => p.id === a.id).likes_count).toBe(5);
      await t2.db.updateTable('image_relations').set({ is_banned: 1 }).where('id', '=', b.id).execute();
      expect(await ids()).toEqual([a.id]);
    } finally {
      await t2.close();
    }
  });

  it('shows a change committed through another database connection (another server process)', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const a = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true });
      const titles = async () => (await client(t2.app).get('/api/gallery')).json().items.map((p: { title: string }) => p.title);
      expect(await titles()).toEqual([a.title]);
      if (onPostgres) {
        const other = new pg.Client({ connectionString: t2.config.databaseUrl });
        await other.connect();
        await other.query('update image_relations set title = $1 where id = $2', ['Изменено другим процессом', a.id]);
        await other.end();
      } else {
        const other = new Database(t2.config.sqlitePath);
        other.prepare('update image_relations set title = ? where id = ?').run('Изменено другим процессом', a.id);
        other.close();
      }
      expect(await titles()).toEqual(['Изменено другим процессом']);
    } finally {
      await t2.close();
    }
  });
});

describe('gallery listings by group and the per-listing cache', () => {
  it('merges the categories of a group in every sort, by cursor and by offset', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const g = await makeGroup(t2, m.user.id, { name: 'Семья' });
      const cats = [await makeCategory(t2, m.user.id, { name: 'a', groupId: g.id }), await makeCategory(t2, m.user.id, { name: 'b', groupId: g.id })];
      const outside = await makeCategory(t2, m.user.id, { name: 'c' });
      const made: { id: number; created_at: string; likes: number; cat: number }[] = [];
      for (let i = 0; i < 50; i++) {
        const cat = i % 5 === 0 ? outside.id : cats[i % 2]!.id;
        const p = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true, categoryId: cat, createdAt: new Date(Date.now() - i * 60_000).toISOString() });
        const likes = (i * 7) % 4;
        await t2.db.updateTable('image_relations').set({ likes_count: likes }).where('id', '=', p.id).execute();
        made.push({ id: p.id, created_at: p.created_at, likes, cat });
      }
      const inGroup = made.filter((p) => p.cat !== outside.id);
      const newest = [...inGroup].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id)).map((p) => p.id);
      const popular = [...inGroup].sort((a, b) => b.likes - a.likes || b.id - a.id).map((p) => p.id);
      const walkGroup = async (sort: string) => {
        const ids: number[] = [];
        let cursor = '';
        for (;;) {
          const p = (await client(t2.app).get(`/api/gallery?group=${g.id}&sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`)).json();
          ids.push(...p.items.map((x: { id: number }) => x.id));
          if (!p.next_cursor) return ids;
          cursor = p.next_cursor;
        }
      };
      expect(await walkGroup('newest')).toEqual(newest);
      expect(await walkGroup('popular')).toEqual(popular);
      const byOffset = (await client(t2.app).get(`/api/gallery?group=${g.id}&sort=popular&offset=10&limit=5`)).json();
      expect(byOffset.items.map((x: { id: number }) => x.id)).toEqual(popular.slice(10, 15));
    } finally {
      await t2.close();
    }
  });

  it('a like bumps only the listings its postcard is in (its channel, category and group)', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const g = await makeGroup(t2, m.user.id, { name: 'Семья' });
      const a = await makeCategory(t2, m.user.id, { name: 'a', groupId: g.id });
      const b = await makeCategory(t2, m.user.id, { name: 'b' });
      const p = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true, categoryId: a.id });
      await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true, categoryId: b.id });
      const scopes = ['c9', `c9:k${a.id}`, `c9:g${g.id}`, `c9:k${b.id}`];
      const versions = async () => Promise.all(scopes.map((s) => listingVersion(t2.db, s)));
      const before = await versions();
      const liker = await signUp(t2.app);
      const res = await liker.post(`/api/image_relations/${p.id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      const after = await versions();
      expect(after.slice(0, 3).every((v, i) => v !== before[i])).toBe(true);
      expect(after[3]).toBe(before[3]);
      // and the category's page shows the like at once
      const page = (await client(t2.app).get(`/api/gallery?category=${a.id}`)).json();
      expect(page.items[0].likes_count).toBe(1);
    } finally {
      await t2.close();
    }
  });

  it('a renamed author shows on cached pages at once', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true });
      const author = async () => (await client(t2.app).get('/api/gallery')).json().items[0].username;
      const first = await author();
      expect(await author()).toBe(first);
      await t2.db.updateTable('users').set({ username: 'Новое имя' }).where('id', '=', m.user.id).execute();
      expect(await author()).toBe('Новое имя');
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/gallery/chips', () => {
  it('lists the gallery owner’s groups with their categories and at most 20 categories in all', async () => {
    const t2 = await createTestApp();
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const g = await makeGroup(t2, m.user.id, { name: 'Семья' });
      for (let i = 0; i < 25; i++) await makeCategory(t2, m.user.id, { name: `c${i}`, groupId: i < 2 ? g.id : null, position: 25 - i });
      const u = await signUp(t2.app);
      await makeCategory(t2, u.user.id, { name: 'чужая' });
      const chips = (await client(t2.app).get('/api/gallery/chips')).json();
      expect(chips.categories).toHaveLength(20);
      expect(chips.categories[0].name).toBe('c24');
      expect(chips.categories.map((c: { name: string }) => c.name)).not.toContain('чужая');
      expect(chips.groups).toHaveLength(1);
      expect(chips.groups[0].categories.map((c: { name: string }) => c.name)).toEqual(['c1', 'c0']);
    } finally {
      await t2.close();
    }
  });

  it('is empty while there is no gallery', async () => {
    const t2 = await createTestApp();
    try {
      expect((await client(t2.app).get('/api/gallery/chips')).json()).toEqual({ groups: [], categories: [] });
      expect((await client(t2.app).get('/api/gallery')).json()).toEqual({ items: [], next_cursor: null, has_more: false });
    } finally {
      await t2.close();
    }
  });
});

describe('a visitor who is not signed in may get a kept page up to GALLERY_STALE_MS old', () => {
  const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((p) => p.id);

  /** A gallery of one approved postcard `a`; `addNewer()` adds an approved postcard newer than it. */
  async function withGallery(staleMs: string, fn: (g: { t2: TestApp; m: Awaited<ReturnType<typeof signUpAs>>; a: { id: number }; addNewer(): Promise<{ id: number }> }) => Promise<void>) {
    const t2 = await createTestApp({ GALLERY_STALE_MS: staleMs });
    try {
      const m = await signUpAs(t2, 22);
      await makeChannel(t2, m.user.id, { id: 9 });
      const a = await makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true });
      const addNewer = () => makePostcard(t2, { userId: m.user.id, collectionId: 9, approved: true, createdAt: new Date(t2.clock.now().getTime() + 1000).toISOString() });
      await fn({ t2, m, a, addNewer });
    } finally {
      await t2.close();
    }
  }

  it('keeps the page for visitors within the bound, while signed-in readers and the writer see the write at once', () =>
    withGallery('60000', async ({ t2, m, a, addNewer }) => {
      for (const sort of ['newest&limit=10', 'newest24h']) expect(ids(await client(t2.app).get(`/api/gallery?sort=${sort}`))).toEqual([a.id]);
      expect(ids(await client(t2.app).get('/api/gallery?sort=newest'))).toEqual([a.id]);
      const b = await addNewer();
      const liker = await signUp(t2.app);
      expect((await liker.post(`/api/image_relations/${a.id}/approve`)).statusCode).toBe(200);
      // the page the gallery's HTML preloads goes out without the reader's token, and a signed-in
      // app uses it as its own answer: it is never older than the data, for anyone
      for (const url of ['/api/gallery?sort=newest', '/api/gallery']) expect(ids(await client(t2.app).get(url))).toEqual([b.id, a.id]);
      for (const sort of ['newest&limit=10', 'newest24h']) {
        // the visitor: the kept page, without b
        expect(ids(await client(t2.app).get(`/api/gallery?sort=${sort}`))).toEqual([a.id]);
        // anyone signed in: b at once, and the liker sees their own like
        expect(ids(await m.get(`/api/gallery?sort=${sort}`))).toEqual([b.id, a.id]);
        const mine = await liker.get(`/api/gallery?sort=${sort}`);
        expect(mine.json().items.find((p: { id: number }) => p.id === a.id).likes_count).toBe(1);
      }
    }));

  it('gives the visitor a new page once the kept one is older than the bound', () =>
    withGallery('40', async ({ t2, a, addNewer }) => {
      const sorts = ['newest&limit=10', 'popular24h'];
      for (const sort of sorts) expect(ids(await client(t2.app).get(`/api/gallery?sort=${sort}`))).toEqual([a.id]);
      const b = await addNewer();
      await t2.db.updateTable('image_relations').set({ likes_count: 3 }).where('id', '=', b.id).execute();
      await new Promise((resolve) => setTimeout(resolve, 80));
      for (const sort of sorts) expect(ids(await client(t2.app).get(`/api/gallery?sort=${sort}`))).toEqual([b.id, a.id]);
    }));

  it('is 1 s in production and 0 (never older than the data) elsewhere', () => {
    const at = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/otkrytka-config-test', ...env }).galleryStaleMs;
    expect(at({ NODE_ENV: 'production' })).toBe(1000);
    expect(at({ NODE_ENV: 'test' })).toBe(0);
    expect(at({ NODE_ENV: 'development' })).toBe(0);
    expect(at({ NODE_ENV: 'production', GALLERY_STALE_MS: '0' })).toBe(0);
  });
});
