import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChannel, makePostcard } from './factories/collection';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { client, createTestApp, signUp, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: User;
let other: User;
let channel: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
  channel = (await owner.post('/api/collections', { name: 'Открытки' })).json();
});
afterAll(() => t.close());

async function save(body: Record<string, unknown>) {
  const upload = (await uploadFile(owner, fixtures.png, 'Весна.png')).json();
  return owner.post('/api/image_relations', { upload_id: upload.id, collection_id: channel.id, description: 'С праздником весны!', ...body });
}

const DAY = 24 * 3600_000;

describe('author and source of a postcard', () => {
  it('saves the credited author and the link to the original, apart from the uploader', async () => {
    const res = await save({ author_name: '  Анна Петрова ', source_url: ' https://www.pinterest.com/pin/123/ ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      username: owner.login,
      author: 'Анна Петрова',
      source_url: 'https://www.pinterest.com/pin/123/',
      source: 'pinterest.com',
    });
    const author = (await owner.get(`/api/authors/by-relation/${res.json().id}`)).json();
    expect(author).toMatchObject({ success: true, author: { name: 'Анна Петрова', source_site: 'pinterest.com' } });
  });

  it('leaves the author empty when none is given: the uploader is not passed off as the author', async () => {
    const res = await save({ author_name: '   ', source_url: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: owner.login, author: null, source_url: null, source: null });
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/a.png', 'example.com/picture', 'https://', 'https://exa mple.com'])(
    'refuses the source %s with 422 naming source_url',
    async (source_url) => {
      const res = await save({ source_url });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ field: 'source_url', detail: 'source_url: channels.errors.sourceUrlInvalid' });
      expect(res.json().code).toBeTruthy();
    },
  );

  it('refuses an author name over 100 characters with 422 naming author_name', async () => {
    const res = await save({ author_name: 'А'.repeat(101) });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('author_name');
  });

  it("lets the owner change the credit later; nobody else may, and a bad link is refused", async () => {
    const p = (await save({})).json();
    const res = await owner.patch(`/api/image_relations/${p.id}`, { author_name: 'Иван', source_url: 'http://example.org/original' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ author: 'Иван', source_url: 'http://example.org/original', source: 'example.org', description: p.description });
    expect((await owner.get(`/api/image_relations/${p.id}`)).json()).toMatchObject({ author: 'Иван', source: 'example.org' });

    const bad = await owner.patch(`/api/image_relations/${p.id}`, { source_url: 'data:text/html,hi' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('source_url');

    // clearing the link clears the site
    const cleared = (await owner.patch(`/api/image_relations/${p.id}`, { source_url: null })).json();
    expect(cleared).toMatchObject({ author: 'Иван', source_url: null, source: null });

    await t.db.updateTable('image_relations').set({ is_approved: 1 }).where('id', '=', p.id).execute();
    const foreign = await other.patch(`/api/image_relations/${p.id}`, { author_name: 'Вор' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: expect.any(String) });
    expect((await client(t.app).patch(`/api/image_relations/${p.id}`, { author_name: 'Гость' })).statusCode).toBe(401);
    expect((await owner.get(`/api/image_relations/${p.id}`)).json().author).toBe('Иван');
  });
});

describe("a postcard's title when its description changes", () => {
  it('follows the description it was made from, and stays when it was given on its own', async () => {
    const made = (await save({ description: 'Первое описание\nи вторая строка' })).json();
    expect(made.title).toBe('Первое описание');
    const edited = (await owner.patch(`/api/image_relations/${made.id}`, { description: 'Новое описание' })).json();
    expect(edited).toMatchObject({ title: 'Новое описание', description: 'Новое описание' });
    expect((await owner.get(`/api/image_relations/${made.id}`)).json().title).toBe('Новое описание');

    const given = (await save({ title: 'Весна', description: 'С праздником весны!' })).json();
    const kept = (await owner.patch(`/api/image_relations/${given.id}`, { description: 'Другое описание' })).json();
    expect(kept).toMatchObject({ title: 'Весна', description: 'Другое описание' });
  });
});

describe('postcard stats', () => {
  const approved = async () => makePostcard(t, { userId: owner.user.id, collectionId: (await makeChannel(t, owner.user.id)).id, approved: true });
  const views = async (id: number) => (await client(t.app).get(`/api/image_relations/${id}`)).json().stats.views;

  it('has no comments counter: there are no comments', async () => {
    const p = await approved();
    expect(Object.keys((await other.get(`/api/image_relations/${p.id}`)).json().stats).sort()).toEqual(['bookmarks', 'reposts', 'views']);
  });

  it('counts a view once per user per day, again the next day, and once per visitor address', async () => {
    const p = await approved();
    const first = await other.post(`/api/image_relations/${p.id}/view`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ views: 1, reposts: 0, bookmarks: 0 });
    expect((await other.post(`/api/image_relations/${p.id}/view`)).json().views).toBe(1);
    expect((await owner.post(`/api/image_relations/${p.id}/view`)).json().views).toBe(2);
    // reading the postcard or listing the channel does not count
    await other.get(`/api/image_relations/${p.id}`);
    await other.get(`/api/image_relations?collection_id=${p.collection_id}`);
    expect(await views(p.id)).toBe(2);

    const visitor = (ip: string) => t.app.inject({ method: 'POST', url: `/api/image_relations/${p.id}/view`, remoteAddress: ip });
    expect((await visitor('10.0.0.1')).json().views).toBe(3);
    expect((await visitor('10.0.0.1')).json().views).toBe(3);
    expect((await visitor('10.0.0.2')).json().views).toBe(4);

    t.clock.advance(DAY);
    expect((await other.post(`/api/image_relations/${p.id}/view`)).json().views).toBe(5);
    expect(await views(p.id)).toBe(5);
  });

  it('does not count views of a postcard the viewer may not see', async () => {
    const pending = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id });
    expect((await other.post(`/api/image_relations/${pending.id}/view`)).statusCode).toBe(404);
    expect((await client(t.app).post('/api/image_relations/99999999/view')).statusCode).toBe(404);
    expect((await owner.get(`/api/image_relations/${pending.id}`)).json().stats.views).toBe(0);
  });

  it('counts reposts as the greetings made from the postcard', async () => {
    const p = await approved();
    for (const sender of [other, other, owner]) {
      const res = await sender.post('/api/greetings', { image_relations_id: p.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.deps.jobs.runDue();
    expect((await client(t.app).get(`/api/image_relations/${p.id}`)).json().stats.reposts).toBe(3);
    // and the channel's list carries the same counters without computing them per row
    const list = (await owner.get(`/api/image_relations?collection_id=${p.collection_id}`)).json();
    expect(list.items.find((i: { id: number }) => i.id === p.id).stats).toMatchObject({ reposts: 3 });
  });
});

describe("moving a postcard to another category (a category in use cannot be deleted otherwise)", () => {
  it('the owner moves it to another of their categories or out of any; then the old category can go', async () => {
    const spring = (await owner.post('/api/categories', { name: 'Весна' })).json();
    const summer = (await owner.post('/api/categories', { name: 'Лето' })).json();
    const p = (await save({ category_id: spring.id })).json();
    expect((await owner.delete(`/api/categories/${spring.id}`)).json()).toMatchObject({ code: 'CATEGORY_IN_USE' });

    const moved = await owner.patch(`/api/image_relations/${p.id}`, { category_id: summer.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ category_id: summer.id, description: p.description });
    const inSummer = (await owner.get(`/api/image_relations?collection_id=${channel.id}&category_id=${summer.id}`)).json();
    expect(inSummer.items.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await owner.delete(`/api/categories/${spring.id}`)).statusCode).toBe(200);

    expect((await owner.patch(`/api/image_relations/${p.id}`, { category_id: null })).json().category_id).toBeNull();
  });

  it("refuses someone else's category (422 naming category_id), an unknown one, and a move by anyone but the owner", async () => {
    const p = (await save({})).json();
    const theirs = (await other.post('/api/categories', { name: 'Чужая' })).json();
    for (const category_id of [theirs.id, 999_999]) {
      const res = await owner.patch(`/api/image_relations/${p.id}`, { category_id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'category_id' });
    }
    await t.db.updateTable('image_relations').set({ is_approved: 1 }).where('id', '=', p.id).execute();
    const mine = (await other.post('/api/categories', { name: 'Моя' })).json();
    expect((await other.patch(`/api/image_relations/${p.id}`, { category_id: mine.id })).statusCode).toBe(403);
    expect((await client(t.app).patch(`/api/image_relations/${p.id}`, { category_id: null })).statusCode).toBe(401);
    expect((await owner.get(`/api/image_relations/${p.id}`)).json().category_id).toBeNull();
  });
});
