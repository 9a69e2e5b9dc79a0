import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeChannel } from './factories/collection';
import { momentIn } from './factories/greetings';
import { makeChannelWithPostcard, makeGreeting, makeStoredPostcard } from './factories/share';
import { createTestApp, signUp, signUpAs, type TestApp } from './helpers';

/**
 * Link previews as a shared link keeps them: the address in the reader's language, a sealed
 * greeting at its own address, titles a Twitter card shows whole, one drawing of a picture however
 * many fetchers ask for it at once, and the story pictures.
 */
const INDEX =
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><meta name="description" content="Открытка" /><title>Открытка</title></head><body></body></html>';
const PUBLIC_URL = 'https://otkrytka.example';
const TELEGRAM = 'TelegramBot (like TwitterBot)';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL });
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, status = 200) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': TELEGRAM } });
  expect(res.statusCode, url).toBe(status);
  const meta: Record<string, string> = {};
  for (const m of res.body.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) meta[m[1]!] ??= m[2]!.replace(/&amp;/g, '&');
  return { meta, canonical: /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1]?.replace(/&amp;/g, '&'), body: res.body };
}

async function picture(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const info = await sharp(res.rawPayload).metadata();
  return { bytes: res.rawPayload, width: info.width, height: info.height, format: info.format };
}

describe('link previews', () => {
  it('keep the language in og:url and the canonical address (?lang=en), Russian without it', async () => {
    const sender = await signUp(t.app);
    const { channel, postcard } = await makeChannelWithPostcard(t, sender.user.id);
    const g = await makeGreeting(sender, postcard.id);
    for (const [url, address] of [
      [`/greeting/${g.id}`, `${PUBLIC_URL}/greeting/${g.id}`],
      [`/mychannels/${channel.id}/${postcard.id}`, `${PUBLIC_URL}/mychannels/${channel.id}/${postcard.id}`],
      ['/gallery', `${PUBLIC_URL}/gallery`],
    ] as const) {
      const en = await page(`${url}?lang=en`);
      expect(en.meta['og:url']).toBe(`${address}?lang=en`);
      expect(en.canonical).toBe(`${address}?lang=en`);
      const ru = await page(url);
      expect(ru.meta['og:url']).toBe(address);
      expect(ru.canonical).toBe(address);
    }
  });

  it('a sealed greeting keeps its own address, with nothing of it in the preview', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Секретной Маше', opens_at: momentIn(t, 2 * 86_400_000), opens_tz: 'Europe/Moscow' });
    const p = await page(`/greeting/${g.id}?lang=en`);
    expect(p.canonical).toBe(`${PUBLIC_URL}/greeting/${g.id}?lang=en`);
    expect(p.meta['og:url']).toBe(`${PUBLIC_URL}/greeting/${g.id}?lang=en`);
    expect(p.meta['og:title']).toBe('Otkrytka');
    expect(p.body).not.toContain('Маше');
  });

  it('twitter:title is at most 70 characters (cut with «…»); og:title and the page title stay whole', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const name = 'Дорогой и любимой бабушке Марии Ивановне от всех внуков и правнуков с любовью';
    const g = await makeGreeting(sender, postcard.id, { to_whom: name });
    const p = await page(`/greeting/${g.id}`);
    expect(p.meta['og:title']).toBe(`Поздравление — ${name}`);
    expect([...p.meta['twitter:title']!]).toHaveLength(70);
    expect(p.meta['twitter:title']).toMatch(/^Поздравление — Дорогой и любимой бабушке .*…$/);
    const short = await makeGreeting(sender, postcard.id, { to_whom: 'Оле' });
    expect((await page(`/greeting/${short.id}`)).meta['twitter:title']).toBe('Поздравление — Оле');
  });

  it('ten fetchers asking at once for a picture not drawn yet get the same picture, drawn once', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id);
    const image = (await page(`/greeting/${g.id}`)).meta['og:image']!;
    const put = vi.spyOn(t.deps.storage, 'put');
    try {
      const url = image.slice(PUBLIC_URL.length);
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      for (const a of answers) expect(a.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(put.mock.calls.filter(([key]) => String(key).startsWith(`og/greeting/${g.id}/`))).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
  });
});

describe('story pictures', () => {
  it('a greeting and a postcard have a 1080×1920 JPEG in the language asked for; a sealed greeting shows nothing of it', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9, { title: 'Букет' });
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Маше' });
    const greeting = await picture(`/og/greeting/${g.id}/story.jpg?lang=ru`);
    expect(greeting).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    const en = await picture(`/og/postcard/${postcard.id}/story.jpg?lang=en`);
    expect(en).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });

    const sealed = await makeGreeting(sender, postcard.id, { to_whom: 'Маше', opens_at: momentIn(t, 2 * 86_400_000), opens_tz: 'Europe/Moscow' });
    const hidden = await picture(`/og/greeting/${sealed.id}/story.jpg?lang=ru`);
    expect(hidden).toMatchObject({ width: 1080, height: 1920 });
    expect(hidden.bytes.equals(greeting.bytes)).toBe(false);
    // the neutral story: the same picture as one of a greeting that does not exist
    const none = await picture(`/og/greeting/AAAAAAAAAAAAAAAAAAAAAA/story.jpg?lang=ru`);
    expect(hidden.bytes.equals(none.bytes)).toBe(true);
    // a channel has no story picture
    expect((await t.app.inject({ method: 'GET', url: '/og/channel/9/story.jpg' })).statusCode).toBe(404);
  });
});
