import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, MODERATOR_LOGIN, seedDemo } from '../src/seed';
import { client, createTestApp, type TestApp } from './helpers';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let password: string;
beforeAll(async () => {
  t = await createTestApp({ DEMO_PASSWORD: 'demo-password-1', MEDIA_WORKERS: '2' });
  const res = await seedDemo(t.deps);
  expect(res.seeded).toBe(true);
  password = res.password!;
}, 120_000);
afterAll(() => t.close());

const signIn = async (login: string) => {
  const res = await client(t.app).post('/api/auth/login', { login, password });
  expect(res.statusCode).toBe(200);
  return client(t.app, res.json().access_token);
};

describe('demo content', () => {
  it('fills the public gallery with at least 40 approved postcards, a gif and (with ffmpeg) a video', async () => {
    const items: { media_kind: string; is_approved: boolean; category_id: number | null; image_url: string }[] = [];
    let cursor = '';
    for (;;) {
      const page = (await client(t.app).get(`/api/gallery?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json();
      items.push(...page.items);
      if (!page.has_more) break;
      cursor = page.next_cursor;
    }
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(items.every((p) => p.is_approved)).toBe(true);
    expect(items.filter((p) => p.media_kind === 'gif').length).toBeGreaterThanOrEqual(1);
    expect(items.some((p) => p.media_kind === 'video')).toBe(hasFfmpeg);
    expect(items.filter((p) => p.category_id !== null).length).toBe(items.length);
    // the first page shows the moving ones
    const first = (await client(t.app).get('/api/gallery')).json().items.map((p: { media_kind: string }) => p.media_kind);
    expect(first).toContain('gif');
  });

  it('stores real pictures with previews that decode', async () => {
    const [still] = (await client(t.app).get('/api/gallery?sort=newest')).json().items.filter((p: { media_kind: string }) => p.media_kind === 'image');
    const original = await sharp((await t.app.inject({ method: 'GET', url: still.image_url })).rawPayload).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 768, 1180]);
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: still.thumbnail_url })).rawPayload).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 220]);
    const gif = (await client(t.app).get('/api/gallery')).json().items.find((p: { media_kind: string }) => p.media_kind === 'gif');
    const anim = await sharp((await t.app.inject({ method: 'GET', url: gif.image_url })).rawPayload, { animated: true }).metadata();
    expect(anim.pages).toBe(8);
  });

  it('has several categories in groups, owned by the moderator who owns the gallery', async () => {
    const chips = (await client(t.app).get('/api/gallery/chips')).json();
    expect(chips.groups.length).toBeGreaterThanOrEqual(3);
    expect(chips.groups.every((g: { categories: unknown[] }) => g.categories.length >= 2)).toBe(true);
    expect(chips.groups.every((g: { user_id: number }) => g.user_id === 22)).toBe(true);
    expect((await client(t.app).get('/api/collections/9')).json()).toMatchObject({ user_id: 22, name: 'Галерея' });
  });

  it('leaves a few pending postcards for the sandbox and gives the demo user a channel, a subscription and bookmarks', async () => {
    const moderator = await signIn(MODERATOR_LOGIN);
    const all = (await moderator.get('/api/collections/9/postcards?limit=500')).json();
    expect(all.counts.pending).toBeGreaterThanOrEqual(3);
    const demo = await signIn(DEMO_LOGIN);
    const channels = (await demo.get('/api/collections')).json();
    const own = channels.find((c: { is_owner: boolean }) => c.is_owner);
    expect(own.postcards_count).toBeGreaterThanOrEqual(3);
    expect(channels.find((c: { id: number }) => c.id === 9)).toMatchObject({ is_subscribed: true });
    expect((await demo.get('/api/bookmarks')).json().length).toBeGreaterThanOrEqual(3);
    expect((await demo.get('/api/subscriptions/postcards')).json().items.length).toBeGreaterThan(0);
    expect((await demo.get('/api/uploads')).json().length).toBeGreaterThanOrEqual(7);
  });

  it('runs only once, on an empty database', async () => {
    expect((await seedDemo(t.deps)).seeded).toBe(false);
  });
});
