import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_IMAGE } from '@otkrytka/contract';
import { makeChannel } from './factories/collection';
import { makeChannelWithPostcard, makeGreeting, makeStoredPostcard } from './factories/share';
import { startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { client, createTestApp, signUp, signUpAs, TEST_BOT_TOKEN, type TestApp } from './helpers';
import { signInitData } from '../src/platform/telegram';

/** The link-preview fetchers of the messengers people share greetings in. */
const FETCHERS = {
  telegram: 'TelegramBot (like TwitterBot)',
  whatsapp: 'WhatsApp/2.23.20.0 A',
  vk: 'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)',
  twitter: 'Twitterbot/1.0',
};
const INDEX =
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><meta name="description" content="Открытка — открытки и поздравления для близких" /><title>Открытка</title></head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'https://otkrytka.example';

let t: TestApp;
let dist: string;
let fake: FakeBotApi;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fake = await startFakeBotApi();
  t = await createTestApp({
    WEB_DIST_DIR: dist,
    PUBLIC_URL,
    BOT_USERNAME: 'otkrytka_bot',
    BOT_APP_NAME: 'app',
    BOT_API_ROOT: fake.url,
  });
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Reads the page as a fetcher: its meta tags by property/name. */
async function fetchAs(ua: string, url: string, status = 200) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  const meta: Record<string, string[]> = {};
  for (const m of res.body.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) (meta[m[1]!] ??= []).push(m[2]!);
  const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1];
  return { body: res.body, meta, title, canonical };
}

/** Downloads og:image the way a fetcher does (a path on our server) and checks what it got. */
async function downloadImage(url: string, ua: string) {
  expect(url.startsWith(PUBLIC_URL)).toBe(true);
  const res = await t.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length).replace(/&amp;/g, '&'), headers: { 'user-agent': ua } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const bytes = res.rawPayload;
  expect(bytes.length).toBeLessThanOrEqual(SHARE_IMAGE.maxBytes);
  const info = await sharp(bytes).metadata();
  expect(info.format).toBe('jpeg');
  return { bytes, width: info.width, height: info.height };
}

describe('link previews as the messengers fetch them', () => {
  it('a greeting: title with the recipient, OpenGraph and Twitter card, a 1200×630 JPEG and a square one; never the text', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Марии Ивановне' });
    for (const [name, ua] of Object.entries(FETCHERS)) {
      for (const url of [`/greeting/${g.id}`, `/telegram/greeting/${g.id}?view=true`]) {
        const page = await fetchAs(ua, url);
        expect(page.title, name).toBe('Поздравление — Марии Ивановне');
        expect(page.meta['og:title']).toEqual(['Поздравление — Марии Ивановне']);
        expect(page.meta['og:url']).toEqual([`${PUBLIC_URL}/greeting/${g.id}`]);
        expect(page.canonical).toBe(`${PUBLIC_URL}/greeting/${g.id}`);
        expect(page.meta['twitter:card']).toEqual(['summary_large_image']);
        expect(page.meta['og:description']![0]).toBeTruthy();
        expect(page.meta['robots']).toEqual(['noindex']);
        // the greeting text and the sender's name are for the link holder only
        expect(page.body).not.toContain('Секретный текст');
        expect(page.body).not.toContain('Аня');
        const [wide, square] = page.meta['og:image']!;
        expect(page.meta['og:image:width']).toEqual(['1200', '630']);
        expect(page.meta['twitter:image']).toEqual([wide]);
        expect(await downloadImage(wide!, ua)).toMatchObject({ width: 1200, height: 630 });
        expect(await downloadImage(square!, ua)).toMatchObject({ width: 630, height: 630 });
      }
    }
  });

  it('the picture is drawn once, then served from storage; an edit gives a new picture address', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id);
    const first = (await fetchAs(FETCHERS.telegram, `/greeting/${g.id}`)).meta['og:image']![0]!;
    const a = await downloadImage(first, FETCHERS.telegram);
    const cached = await t.deps.storage.exists(
      `og/greeting/${g.id}/${new URL(first.replace(/&amp;/g, '&')).searchParams.get('v')}-ru-wide.jpg`,
    );
    expect(cached).toBe(true);
    const b = await downloadImage(first, FETCHERS.whatsapp);
    expect(b.bytes.equals(a.bytes)).toBe(true);
    await sender.patch(`/api/greetings/${g.id}`, { to_whom: 'Борису' });
    const second = await fetchAs(FETCHERS.telegram, `/greeting/${g.id}`);
    expect(second.title).toBe('Поздравление — Борису');
    expect(second.meta['og:image']![0]).not.toBe(first);
  });

  it('a deleted greeting is not found (404) and gets the neutral preview: no name, the site picture', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Тайному Адресату' });
    expect((await sender.delete(`/api/greetings/${g.id}`)).statusCode).toBe(200);
    const page = await fetchAs(FETCHERS.telegram, `/greeting/${g.id}`, 404);
    expect(page.title).toBe('Открытка');
    expect(page.meta['robots']).toEqual(['noindex']);
    expect(page.body).not.toContain('Тайному');
    expect(page.meta['og:image']![0]).toContain('/og/site/');
    // the old picture address now shows the neutral picture too
    const old = await t.app.inject({ method: 'GET', url: `/og/greeting/${g.id}/wide.jpg` });
    expect(old.statusCode).toBe(200);
    const neutral = await downloadImage(page.meta['og:image']![0]!, FETCHERS.vk);
    expect(old.rawPayload.equals(neutral.bytes)).toBe(true);
  });

  it('a postcard in the viewer and a channel have their own previews', async () => {
    const owner = await signUp(t.app);
    const { channel, postcard } = await makeChannelWithPostcard(t, owner.user.id, 'Дни рождения');
    const pc = await fetchAs(FETCHERS.twitter, `/mychannels/${channel.id}/${postcard.id}`);
    expect(pc.title).toBe(postcard.title);
    expect(pc.canonical).toBe(`${PUBLIC_URL}/mychannels/${channel.id}/${postcard.id}`);
    expect(await downloadImage(pc.meta['og:image']![0]!, FETCHERS.twitter)).toMatchObject({ width: 1200, height: 630 });
    const ch = await fetchAs(FETCHERS.vk, `/telegram/mychannels/${channel.id}`);
    expect(ch.title).toBe('Канал «Дни рождения»');
    expect(await downloadImage(ch.meta['og:image']![1]!, FETCHERS.vk)).toMatchObject({ width: 630, height: 630 });
  });

  it('a greeting stored with a name of invisible characters still gets its pictures', async () => {
    const sender = await signUp(t.app);
    const g = await makeGreeting(sender, (await makeStoredPostcard(t, 22, 9)).id, { to_whom: 'Маме' });
    // written before such names were trimmed on the way in
    await t.db.updateTable('greetings').set({ to_whom: '\u200b\u200b\u200b' }).where('public_id', '=', g.id).execute();
    const page = await fetchAs(FETCHERS.telegram, `/greeting/${g.id}`);
    expect(await downloadImage(page.meta['og:image']![0]!, FETCHERS.telegram)).toMatchObject({ width: 1200, height: 630 });
    expect(await downloadImage(page.meta['og:image']![1]!, FETCHERS.telegram)).toMatchObject({ width: 630, height: 630 });
  });

  it('a pending or banned postcard shows nothing of itself', async () => {
    const owner = await signUp(t.app);
    const channel = await makeChannel(t, owner.user.id, { name: 'Мой' });
    const p = await makeStoredPostcard(t, owner.user.id, channel.id, { title: 'Секретная открытка' });
    await t.db.updateTable('image_relations').set({ is_approved: 0 }).where('id', '=', p.id).execute();
    const page = await fetchAs(FETCHERS.telegram, `/mychannels/${channel.id}/${p.id}`);
    expect(page.body).not.toContain('Секретная');
  });

  it('English when the link asks for it; a browser that only prefers English gets the Russian page the app opens in', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Kate' });
    expect((await fetchAs(FETCHERS.telegram, `/greeting/${g.id}?lang=en`)).title).toBe('A greeting for Kate');
    const linked = await t.app.inject({ method: 'GET', url: `/greeting/${g.id}?lang=en` });
    expect(linked.body).toContain('<html lang="en"');
    const browser = await t.app.inject({ method: 'GET', url: `/greeting/${g.id}`, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(browser.body).toContain('<html lang="ru"');
    expect(browser.body).toContain('<title>Поздравление — Kate');
  });

  it("a reader who chose a language in the app gets the page's title in it, whatever the link asks for", async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Бабушка' });
    const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const chosenRu = await page(`/greeting/${g.id}?lang=en`, { cookie: 'language=ru' });
    expect(chosenRu.body).toContain('<html lang="ru"');
    expect(chosenRu.body).toContain('<title>Поздравление — Бабушка');
    expect(chosenRu.headers.vary).toBe('cookie');
    const chosenEn = await page(`/greeting/${g.id}`, { cookie: 'language=en' });
    expect(chosenEn.body).toContain('<title>A greeting for Бабушка');
  });

  it('a path the app has no page for is not found (404): the app still comes, to show its not-found page, and stays out of search', async () => {
    for (const url of ['/nope/zzz', '/telegram/nope', '/mychannels/9/12/34/56', '/greeting', '/greeting/not%20an%20id']) {
      const page = await fetchAs(FETCHERS.telegram, url, 404);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.meta['robots'], url).toEqual(['noindex']);
      expect(page.meta['og:title'], url).toEqual(['Открытка']);
    }
    // every page of the app is there, with any id in it
    for (const url of ['/', '/gallery', '/sandbox/5', '/moderator', '/game-data', '/telegram/', '/telegram/mychannels/9/12/create-congratulation', '/Gallery/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it("a page path the static files refuse (NUL in it) answers in our shape, with the code of its status", async () => {
    for (const url of ['/%00', '/g/%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: expect.any(String), code: 'FORBIDDEN' });
    }
  });

  it('HEAD answers on every app route and on the pictures, without a body', async () => {
    for (const url of ['/', '/gallery', '/telegram/gallery', '/mychannels/9', '/og/site/-/wide.jpg']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('');
    }
    for (const url of ['/greeting/abcdefghijklmnopqrstuv', '/nope']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/og/greeting/x/huge.png' })).json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the Telegram message of a greeting', () => {
  async function telegramUser(telegramId: number) {
    const initData = signInitData({ user: { id: telegramId, first_name: 'Аня' } }, TEST_BOT_TOKEN, t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    expect(res.statusCode).toBe(200);
    return client(t.app, (res.json() as { access_token: string }).access_token);
  }

  it('is prepared through savePreparedInlineMessage with the picture, the invite line and a Mini App button', async () => {
    const sender = await telegramUser(555001);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Маше' });
    const before = fake.calls.length;
    const res = await sender.post(`/api/greetings/${g.id}/telegram-message`);
    expect(res.statusCode, res.body).toBe(200);
    const link = `https://t.me/otkrytka_bot/app?startapp=card_${g.id}`;
    expect(res.json()).toEqual({ prepared_message_id: expect.stringMatching(/^prepared-/), link });
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.method)).toEqual(['savePreparedInlineMessage']);
    const { payload, token } = calls[0]!;
    expect(token).toBe(TEST_BOT_TOKEN);
    expect(payload.user_id).toBe(555001);
    expect(payload).toMatchObject({ allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true });
    const result = payload.result as Record<string, any>;
    expect(result.type).toBe('photo');
    expect(result.caption).toBe('💌 Маше! Открой, чтобы посмотреть');
    expect(result.photo_url).toMatch(new RegExp(`^${PUBLIC_URL}/og/greeting/${g.id}/wide\\.jpg`));
    expect(result.reply_markup.inline_keyboard).toEqual([[{ text: '🎉 Открыть поздравление', url: link }]]);
    // the start parameter keeps to Telegram's alphabet
    expect(new URL(link).searchParams.get('startapp')).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(result.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('speaks the sender’s language: an English sender’s message is English, with the English picture', async () => {
    const sender = await telegramUser(555011);
    expect((await sender.put('/api/settings/language', { value: 'en' })).statusCode).toBe(200);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Grandma Val' });
    const before = fake.calls.length;
    expect((await sender.post(`/api/greetings/${g.id}/telegram-message`)).statusCode).toBe(200);
    const result = fake.calls.slice(before)[0]!.payload.result as Record<string, any>;
    expect(result).toMatchObject({ title: 'My greeting for Grandma Val', caption: '💌 Grandma Val! Open it to see' });
    expect(result.reply_markup.inline_keyboard[0][0].text).toBe('🎉 Open the greeting');
    expect(result.photo_url).toMatch(new RegExp(`/og/greeting/${g.id}/wide\\.jpg\\?lang=en&v=[\\w-]{12}$`));
  });

  it('is refused to anyone but the sender, to accounts without Telegram, and says so when Telegram fails', async () => {
    const sender = await telegramUser(555002);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id);
    const other = await telegramUser(555003);
    expect((await other.post(`/api/greetings/${g.id}/telegram-message`)).statusCode).toBe(403);
    expect((await client(t.app).post(`/api/greetings/${g.id}/telegram-message`)).statusCode).toBe(401);
    const local = await signUp(t.app);
    const own = await makeGreeting(local, postcard.id);
    const notLinked = await local.post(`/api/greetings/${own.id}/telegram-message`);
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json()).toMatchObject({ code: 'TELEGRAM_NOT_LINKED' });
    expect((await sender.post('/api/greetings/AAAAAAAAAAAAAAAAAAAAAA/telegram-message')).statusCode).toBe(404);
    fake.failNext('savePreparedInlineMessage', 'Bad Request: PHOTO_INVALID_DIMENSIONS');
    const failed = await sender.post(`/api/greetings/${g.id}/telegram-message`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'TELEGRAM_UNAVAILABLE' });
    expect(failed.body).not.toContain('PHOTO_INVALID');
  });
});

describe('deep links', () => {
  it('a greeting carries a Mini App link with start parameter card_<id>; sign-in with it answers where to open', async () => {
    const sender = await signUp(t.app);
    const postcard = await makeStoredPostcard(t, 22, 9);
    const g = await makeGreeting(sender, postcard.id);
    expect(g.telegram_url).toBe(`https://t.me/otkrytka_bot/app?startapp=card_${g.id}`);
    for (const start_param of [`card_${g.id}`, `card=${g.id}`]) {
      const initData = signInitData({ user: { id: 555100, first_name: 'Оля' }, start_param }, TEST_BOT_TOKEN, t.clock.now());
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
      expect(res.json()).toMatchObject({ start_path: `/greeting/${g.id}?view=true` });
    }
    const plain = signInitData({ user: { id: 555100 } }, TEST_BOT_TOKEN, t.clock.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: plain } })).json().start_path).toBeNull();
  });
});
