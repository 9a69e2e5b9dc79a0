import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeChannel, makePostcard } from './factories/collection';
import { uploadFile } from './factories/uploads';
import { fixtures } from './fixtures';
import { client, createTestApp, signUp, signUpAs, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: User;
let other: User;
let mod: Awaited<ReturnType<typeof signUpAs>>;
let channel: { id: number };
let upload: { id: number; cloud_url: string; hash: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  other = await signUp(t.app);
  mod = await signUpAs(t, 22);
  channel = (await owner.post('/api/collections', { name: 'Открытки' })).json();
  upload = (await uploadFile(owner, fixtures.png, 'Весна.png')).json();
});
afterAll(() => t.close());

const save = (u: User | ReturnType<typeof client>, body: Record<string, unknown>) =>
  u.post('/api/image_relations', { upload_id: upload.id, collection_id: channel.id, description: 'С праздником весны!', ...body });

describe('saving a postcard from an upload', () => {
  it('creates a pending postcard with every field of the spec', async () => {
    const res = await save(owner, { user_id: 12345, url: 'ignored', short_url: 'ignored', category_id: null });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    const dir = upload.cloud_url.slice(0, upload.cloud_url.lastIndexOf('/'));
    expect(p).toMatchObject({
      user_id: owner.user.id,
      collection_id: channel.id,
      category_id: null,
      title: 'С праздником весны!',
      description: 'С праздником весны!',
      file_name: 'Весна.png',
      media_kind: 'image',
      image_url: upload.cloud_url,
      imageUrl: upload.cloud_url,
      preview_78x101_url: `${dir}/preview/78x101/${upload.hash}.webp`,
      preview_36_url: `${dir}/preview/36/${upload.hash}.webp`,
      thumbnail_url: `${dir}/preview/160x220/${upload.hash}.webp`,
      viewer_url: `${dir}/preview/768x1180/${upload.hash}.webp`,
      width: 600,
      height: 900,
      is_approved: false,
      is_banned: false,
      likes_count: 0,
      rejects_count: 0,
      stats: { views: 0, reposts: 0, bookmarks: 0 },
      username: owner.login,
      author: null,
      source_url: null,
      source: null,
    });
    expect((await t.app.inject({ method: 'GET', url: p.preview_36_url })).statusCode).toBe(200);
    // readable by anyone, pending as it is
    // pending: its owner reads it, a visitor does not (moderation gates distribution)
    expect((await owner.get(`/api/image_relations/${p.id}`)).json()).toMatchObject({ id: p.id, is_approved: false });
    expect((await client(t.app).get(`/api/image_relations/${p.id}`)).statusCode).toBe(404);
  });

  it('keeps a given title and files the postcard under one of the channel owner’s categories', async () => {
    const cat = await makeCategory(t, owner.user.id);
    const p = (await save(owner, { title: 'Весенняя', category_id: cat.id })).json();
    expect(p).toMatchObject({ title: 'Весенняя', category_id: cat.id });
  });

  it('refuses a category of someone else, or one that does not exist, with 422', async () => {
    const foreign = await makeCategory(t, other.user.id);
    const res = await save(owner, { category_id: foreign.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'category_id', detail: 'category_id: Unknown category' });
    expect((await save(owner, { category_id: 999999 })).statusCode).toBe(422);
  });

  it('checks the description: required, 10 to 500 characters after trimming', async () => {
    const detail = async (description: unknown) => (await save(owner, { description })).json().detail;
    expect(await detail(undefined)).toBe('description: channels.errors.descriptionRequired');
    expect(await detail('   ')).toBe('description: channels.errors.descriptionRequired');
    expect(await detail('123456789')).toBe('description: channels.errors.descriptionTooShort');
    expect(await detail('  123456789  ')).toBe('description: channels.errors.descriptionTooShort');
    expect(await detail('x'.repeat(501))).toBe('description: channels.errors.descriptionTooLong');
    expect((await save(owner, { description: '1234567890' })).statusCode).toBe(201);
    expect((await save(owner, { description: 'ж'.repeat(500) })).statusCode).toBe(201);
  });

  it('requires an upload (noImageUrl) that is mine', async () => {
    const missing = await owner.post('/api/image_relations', { collection_id: channel.id, description: 'Без картинки совсем' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('upload_id');
    expect((await save(owner, { upload_id: 999999 })).statusCode).toBe(404);
    const othersUpload = (await uploadFile(other, fixtures.webp, 'чужая.webp')).json();
    const res = await save(owner, { upload_id: othersUpload.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You can only use your own uploads');
  });

  it('lets only the channel owner add postcards (anonymous 401, other 403)', async () => {
    expect((await save(client(t.app), {})).statusCode).toBe(401);
    const othersUpload = (await uploadFile(other, fixtures.webp, 'моя.webp')).json();
    const res = await save(other, { upload_id: othersUpload.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Only the channel owner can add postcards to it');
    expect((await save(owner, { collection_id: 999999 })).statusCode).toBe(404);
  });

  it('marks gifs and videos by their media kind', async () => {
    const gif = (await uploadFile(owner, fixtures.gif, 'anim.gif')).json();
    expect((await save(owner, { upload_id: gif.id })).json().media_kind).toBe('gif');
    const mp4 = (await uploadFile(owner, fixtures.mp4, 'clip.mp4')).json();
    const video = (await save(owner, { upload_id: mp4.id })).json();
    expect(video.media_kind).toBe('video');
    expect(video.image_url).toMatch(/\.mp4$/);
  });
});

describe('reading a postcard', () => {
  it('hides banned postcards from everyone but the owner, the channel owner and the moderator', async () => {
    const author = await signUp(t.app);
    const ch = await makeChannel(t, owner.user.id);
    const banned = await makePostcard(t, { userId: author.user.id, collectionId: ch.id, banned: true });
    expect((await client(t.app).get(`/api/image_relations/${banned.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/image_relations/${banned.id}`)).statusCode).toBe(404);
    expect((await author.get(`/api/image_relations/${banned.id}`)).json().is_banned).toBe(true);
    expect((await owner.get(`/api/image_relations/${banned.id}`)).statusCode).toBe(200);
    expect((await mod.get(`/api/image_relations/${banned.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await client(t.app).get('/api/image_relations/999999')).statusCode).toBe(404);
  });
});

describe('deleting a postcard', () => {
  it('only its owner may (anonymous 401, other 403, even the moderator 403)', async () => {
    const p = (await save(owner, {})).json();
    await t.db.updateTable('image_relations').set({ is_approved: 1 }).where('id', '=', p.id).execute();
    expect((await client(t.app).delete(`/api/image_relations/${p.id}`)).statusCode).toBe(401);
    const denied = await other.delete(`/api/image_relations/${p.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe("Only the postcard's owner can delete it");
    expect((await mod.delete(`/api/image_relations/${p.id}`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/image_relations/${p.id}`)).json()).toEqual({ success: true });
    expect((await owner.get(`/api/image_relations/${p.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/image_relations/${p.id}`)).statusCode).toBe(404);
  });

  it('the stored file stays for other postcards made from the same bytes', async () => {
    const a = (await save(owner, {})).json();
    const b = (await save(owner, {})).json();
    await owner.delete(`/api/image_relations/${a.id}`);
    expect((await t.app.inject({ method: 'GET', url: b.image_url })).statusCode).toBe(200);
  });
});
