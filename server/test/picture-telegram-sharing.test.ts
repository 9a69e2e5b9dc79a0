import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../src/platform/telegram';
import { makeChannel, makePostcard } from './factories/collection';
import { momentIn, sendGreeting } from './factories/greetings';
import { startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { fixtures } from './fixtures';
import { client, createTestApp, signUp, TEST_BOT_TOKEN, type TestApp } from './helpers';

const PUBLIC_URL = 'https://otkrytka.example';
const LINK = (id: string) => `https://t.me/otkrytka_bot/app?startapp=card_${id}`;
const caption = { text: 'С днём рождения, мама! 🌷', font: 'marck-script', color: '#ffffff', size: 0.08, align: 'center', x: 0.5, y: 0.75, effect: 'shadow' };

/** A Bot API call as it went over the wire: its body's bytes too (a file upload is multipart). */
interface WireCall {
  method: string;
  contentType: string;
  body: Buffer;
}

/**
 * The parts of a multipart body as grammY writes it (`content-disposition:form-data;name="…";filename=…`,
 * which undici's FormData parser refuses): each part's name, file name and bytes.
 */
function partsOf(contentType: string, body: Buffer) {
  const boundary = Buffer.from(`--${/boundary=(\S+)/.exec(contentType)![1]!}`);
  const parts: { name: string; filename?: string; bytes: Buffer }[] = [];
  let at = body.indexOf(boundary);
  while (at >= 0) {
    const next = body.indexOf(boundary, at + boundary.length);
    if (next < 0) break;
    const part = body.subarray(at + boundary.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const filename = /filename="?([^"\r\n;]*)/.exec(head)?.[1];
    parts.push({ name: /name="([^"]*)"/.exec(head)![1]!, ...(filename ? { filename } : {}), bytes: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/**
 * The fields of an upload: text fields as strings, a file (sent as `attach://<part>` and the part
 * itself) as its name and bytes.
 */
function formOf(call: WireCall) {
  const parts = partsOf(call.contentType, call.body);
  const out: Record<string, string | { name: string; bytes: Buffer }> = {};
  for (const p of parts) {
    const text = p.bytes.toString('utf8');
    const file = text.startsWith('attach://') ? parts.find((x) => x.name === text.slice('attach://'.length)) : undefined;
    if (file) out[p.name] = { name: file.filename ?? '', bytes: file.bytes };
    else if (!p.filename) out[p.name] = text;
  }
  return out;
}

/**
 * In front of the recording fake: keeps each call's bytes, passes it on (an upload written again
 * as a standard form, which the fake reads), and `refuseNext` answers a method's next call with
 * Telegram's 403 (a user who blocked the bot).
 */
async function startWire(target: string) {
  const calls: WireCall[] = [];
  const refusals = new Set<string>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const method = /\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const contentType = req.headers['content-type'] ?? '';
      const body = Buffer.concat(chunks);
      calls.push({ method, contentType, body });
      if (refusals.delete(method)) {
        res.writeHead(403, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }));
      }
      let passed: Response;
      if (contentType.startsWith('multipart/form-data')) {
        const form = new FormData();
        for (const p of partsOf(contentType, body)) {
          if (p.filename) form.append(p.name, new Blob([p.bytes], { type: 'application/octet-stream' }), p.filename);
          else form.append(p.name, p.bytes.toString('utf8'));
        }
        passed = await fetch(`${target}${req.url}`, { method: 'POST', body: form });
      } else {
        passed = await fetch(`${target}${req.url}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      }
      res.writeHead(passed.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await passed.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    refuseNext: (method: string) => void refusals.add(method),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let fake: FakeBotApi;
let wire: Awaited<ReturnType<typeof startWire>>;

beforeAll(async () => {
  fake = await startFakeBotApi();
  wire = await startWire(fake.url);
  t = await createTestApp({ PUBLIC_URL, BOT_USERNAME: 'otkrytka_bot', BOT_APP_NAME: 'app', BOT_API_ROOT: wire.url });
});
afterAll(async () => {
  await t.close();
  await wire.close();
  await fake.close();
});

/** Signs in through the Mini App's launch data; `allowsWrite`: the user lets the bot write to them. */
async function telegramUser(id: number, allowsWrite = true) {
  const initData = signInitData({ user: { id, first_name: 'Аня', ...(allowsWrite ? { allows_write_to_pm: true } : {}) } }, TEST_BOT_TOKEN, t.clock.now());
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
  expect(res.statusCode).toBe(200);
  return client(t.app, (res.json() as { access_token: string }).access_token);
}

/** An approved postcard whose file is stored: a still card, the GIF or the video fixture. */
async function storedCard(kind: 'image' | 'gif' | 'video') {
  const owner = await signUp(t.app);
  const channel = await makeChannel(t, owner.user.id);
  const card = await makePostcard(t, { userId: owner.user.id, collectionId: channel.id, approved: true });
  const bytes = kind === 'gif' ? fixtures.gif : kind === 'video' ? fixtures.mp4 : await sharp({ create: { width: 600, height: 800, channels: 3, background: '#cc6688' } }).jpeg().toBuffer();
  const key = card.storage_key.replace(/\.jpg$/, { image: '.jpg', gif: '.gif', video: '.mp4' }[kind]);
  await t.deps.storage.put(key, bytes);
  await t.db.updateTable('image_relations').set({ storage_key: key, media_kind: kind }).where('id', '=', card.id).execute();
  return card;
}

const since = (from: number) => wire.calls.slice(from);
/** The address Telegram fetches, as a path on this server. */
const local = (url: string) => url.slice(PUBLIC_URL.length);

describe('«Отправить в чат»: the picture as a prepared Telegram media message', () => {
  it("a sealed greeting's photo, by its sender: exact payload; Telegram fetches it by a signed link no one else can use", async () => {
    const sender = await telegramUser(777001);
    const g = await sendGreeting(t, sender, { image_relations_id: (await storedCard('image')).id, caption, opens_at: momentIn(t, 7 * 24 * 3600_000) });
    const from = wire.calls.length;
    const res = await sender.post(`/api/greetings/${g.id}/picture/telegram-message`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ prepared_message_id: expect.stringMatching(/^prepared-/), link: LINK(g.id) });
    expect(since(from).map((c) => c.method)).toEqual(['savePreparedInlineMessage']);
    const url = expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/greetings/${g.id}/picture\\?v=[0-9a-f]{16}&t=\\d+\\.[\\w-]{32}$`));
    const payload = JSON.parse(since(from)[0]!.body.toString('utf8')) as { result: { photo_url: string } };
    expect(payload).toEqual({
      user_id: 777001,
      result: {
        type: 'photo',
        id: `pic_${g.id}`,
        caption: 'С днём рождения, мама! 🌷',
        reply_markup: { inline_keyboard: [[{ text: '🎉 Открыть поздравление', url: LINK(g.id) }]] },
        photo_url: url,
        thumbnail_url: url,
      },
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
      allow_bot_chats: false,
    });
    // Telegram, signed in as no one, gets the JPEG by the signed link; without it, or with another's, nothing
    const photo = await client(t.app).get(local(payload.result.photo_url));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals((await sender.get(g.picture_url!)).rawPayload)).toBe(true);
    expect((await client(t.app).get(g.picture_url!)).statusCode).toBe(404);
    const other = await sendGreeting(t, sender, { image_relations_id: (await storedCard('image')).id, opens_at: momentIn(t, 3 * 3600_000) });
    const borrowed = `/api/greetings/${other.id}/picture?${new URL(payload.result.photo_url).searchParams.toString()}`;
    expect((await client(t.app).get(borrowed)).statusCode).toBe(404);
    // the Mini App's downloadFile gets a signed address of its own
    const download = await sender.post(`/api/greetings/${g.id}/picture/download-link`);
    expect(download.json()).toEqual({ url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/greetings/${g.id}/picture\\?v=[0-9a-f]{16}&t=`)), file_name: `otkrytka-${g.id.slice(0, 8)}.jpg` });
    expect((await client(t.app).get(local(download.json().url))).statusCode).toBe(200);
    // two days later the link no longer opens it (the greeting is still sealed)
    t.clock.advance(49 * 3600_000);
    expect((await client(t.app).get(local(payload.result.photo_url))).statusCode).toBe(404);
  });

  it('a GIF card goes as its MP4 (mpeg4_gif), a video card as a video; without a caption the words are the invite line', async () => {
    const sender = await telegramUser(777002);
    const gif = await sendGreeting(t, sender, { image_relations_id: (await storedCard('gif')).id, caption, to_whom: 'Бабушке' });
    const video = await sendGreeting(t, sender, { image_relations_id: (await storedCard('video')).id, to_whom: 'Бабушке' });
    const from = wire.calls.length;
    expect((await sender.post(`/api/greetings/${gif.id}/picture/telegram-message`)).statusCode).toBe(200);
    expect((await sender.post(`/api/greetings/${video.id}/picture/telegram-message`)).statusCode).toBe(200);
    const [a, b] = since(from).map((c) => JSON.parse(c.body.toString('utf8')) as { result: Record<string, string> });
    const mp4 = expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/greetings/${gif.id}/picture\\?v=[0-9a-f]{16}&format=mp4&t=[\\w.-]+$`));
    expect(a!.result).toEqual({
      type: 'mpeg4_gif',
      id: `pic_${gif.id}`,
      caption: 'С днём рождения, мама! 🌷',
      reply_markup: { inline_keyboard: [[{ text: '🎉 Открыть поздравление', url: LINK(gif.id) }]] },
      mpeg4_url: mp4,
      thumbnail_url: mp4,
      thumbnail_mime_type: 'video/mp4',
    });
    expect(b!.result).toEqual({
      type: 'video',
      id: `pic_${video.id}`,
      caption: '💌 Бабушке! Открой, чтобы посмотреть',
      reply_markup: { inline_keyboard: [[{ text: '🎉 Открыть поздравление', url: LINK(video.id) }]] },
      video_url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/greetings/${video.id}/picture\\?v=`)),
      mime_type: 'video/mp4',
      thumbnail_url: `${PUBLIC_URL}/og/greeting/${video.id}/wide.jpg`,
      title: 'Моё поздравление — Бабушке',
    });
    const file = await client(t.app).get(local(a!.result.mpeg4_url!));
    expect(file.headers['content-type']).toBe('video/mp4');
  }, 30_000);

  it('is refused to a visitor (401) and, for a sealed greeting, to anyone but its sender (404), with no call to Telegram', async () => {
    const sender = await telegramUser(777003);
    const stranger = await telegramUser(777004);
    const g = await sendGreeting(t, sender, { image_relations_id: (await storedCard('image')).id, caption, opens_at: momentIn(t, 3600_000) });
    const from = wire.calls.length;
    expect((await client(t.app).post(`/api/greetings/${g.id}/picture/telegram-message`)).statusCode).toBe(401);
    expect((await stranger.post(`/api/greetings/${g.id}/picture/telegram-message`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/greetings/${g.id}/picture/download-link`)).statusCode).toBe(404);
    expect(since(from)).toEqual([]);
  });
});

describe('«Отправить себе в Telegram»: the bot sends the picture to the user’s own chat', () => {
  it('uploads the JPEG with sendPhoto (a still card) and the MP4 with sendAnimation (a GIF card), with the words and the button', async () => {
    const sender = await telegramUser(777011);
    const still = await sendGreeting(t, sender, { image_relations_id: (await storedCard('image')).id, caption });
    const gif = await sendGreeting(t, sender, { image_relations_id: (await storedCard('gif')).id, caption });
    const from = wire.calls.length;
    const recorded = fake.calls.length;
    const res = await sender.post(`/api/greetings/${still.id}/picture/send-to-me`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message_id: expect.any(Number) });
    expect((await sender.post(`/api/greetings/${gif.id}/picture/send-to-me`)).statusCode).toBe(200);
    const calls = since(from);
    expect(calls.map((c) => c.method)).toEqual(['sendPhoto', 'sendAnimation']);
    expect(fake.calls.slice(recorded).map((c) => [c.method, c.payload.chat_id, c.payload.caption])).toEqual([
      ['sendPhoto', '777011', 'С днём рождения, мама! 🌷'],
      ['sendAnimation', '777011', 'С днём рождения, мама! 🌷'],
    ]);
    const button = JSON.stringify({ inline_keyboard: [[{ text: '🎉 Открыть поздравление', url: LINK(still.id) }]] });
    const photo = formOf(calls[0]!);
    expect(photo).toEqual({ chat_id: '777011', caption: 'С днём рождения, мама! 🌷', reply_markup: button, photo: { name: expect.stringMatching(/\.jpg$/), bytes: expect.any(Buffer) } });
    expect((photo.photo as { bytes: Buffer }).bytes.equals((await sender.get(still.picture_url!)).rawPayload)).toBe(true);
    const animation = formOf(calls[1]!);
    expect(animation).toMatchObject({ chat_id: '777011', caption: 'С днём рождения, мама! 🌷', animation: { name: expect.stringMatching(/\.mp4$/) } });
    expect((animation.animation as { bytes: Buffer }).bytes.equals((await sender.get(`${gif.picture_url!}&format=mp4`)).rawPayload)).toBe(true);
  }, 30_000);

  it('is refused with 409, saying so, when the user does not let the bot write, and when Telegram says they blocked it', async () => {
    const silent = await telegramUser(777021, false);
    const g = await sendGreeting(t, silent, { image_relations_id: (await storedCard('image')).id, caption });
    const from = wire.calls.length;
    const res = await silent.post(`/api/greetings/${g.id}/picture/send-to-me`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TELEGRAM_WRITE_NOT_ALLOWED', detail: expect.stringContaining('may not write to you') });
    expect(since(from)).toEqual([]);

    const blocked = await telegramUser(777022);
    const own = await sendGreeting(t, blocked, { image_relations_id: (await storedCard('image')).id, caption });
    wire.refuseNext('sendPhoto');
    const tried = wire.calls.length;
    expect((await blocked.post(`/api/greetings/${own.id}/picture/send-to-me`)).statusCode).toBe(409);
    expect(since(tried).map((c) => c.method)).toEqual(['sendPhoto']);
    // kept: the next try is refused without asking Telegram
    const again = wire.calls.length;
    expect((await blocked.post(`/api/greetings/${own.id}/picture/send-to-me`)).statusCode).toBe(409);
    expect(since(again)).toEqual([]);
  });

  it('is limited to 5 a minute per user (429 after)', async () => {
    const silent = await telegramUser(777041, false);
    const g = await sendGreeting(t, silent, { image_relations_id: (await storedCard('image')).id, caption });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await silent.post(`/api/greetings/${g.id}/picture/send-to-me`)).statusCode);
    expect(codes).toEqual([409, 409, 409, 409, 409, 429]);
  });

  it('is refused to a visitor (401) and, for a sealed greeting, to anyone but its sender (404)', async () => {
    const sender = await telegramUser(777031);
    const stranger = await telegramUser(777032);
    const g = await sendGreeting(t, sender, { image_relations_id: (await storedCard('image')).id, opens_at: momentIn(t, 3600_000) });
    const from = wire.calls.length;
    expect((await client(t.app).post(`/api/greetings/${g.id}/picture/send-to-me`)).statusCode).toBe(401);
    expect((await stranger.post(`/api/greetings/${g.id}/picture/send-to-me`)).statusCode).toBe(404);
    expect(since(from)).toEqual([]);
  });
});
