import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import Fastify from 'fastify';
import { setTelegramWebhook, TELEGRAM_WEBHOOK_PATH, telegramWebhookRoute, UPDATE_CLAIM_STALE_MS } from '../src/modules/share/webhook';
import { startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { makeChannel } from './factories/collection';
import { makeGreeting, makeStoredPostcard } from './factories/share';
import { createTestApp, signUp, signUpAs, TEST_BOT_TOKEN, type TestApp } from './helpers';

/**
 * The bot by webhook (BOT_WEBHOOK_SECRET): Telegram posts updates to /api/telegram/webhook with the
 * secret in a header; the bot's answers go to the fake Bot API, which records them.
 */
const SECRET = 'webhook-secret-0123456789abcdef';
const PUBLIC_URL = 'https://o.example';
let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({ PUBLIC_URL, BOT_USERNAME: 'otkrytka_test_bot', BOT_API_ROOT: fake.url, BOT_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let updateId = 100;
const start = (payload = '') => {
  updateId += 1;
  const text = payload ? `/start ${payload}` : '/start';
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: 7, type: 'private', first_name: 'Аня' },
      from: { id: 7, is_bot: false, first_name: 'Аня', language_code: 'ru' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  };
};

const post = (body: unknown, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(secret !== null ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the bot by webhook', () => {
  it('registers the webhook with Telegram: the public URL, the secret and the kinds of update (messages, inline mode, pre-checkout queries)', async () => {
    const before = fake.calls.length;
    await setTelegramWebhook(t.deps);
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.method)).toEqual(['setWebhook']);
    expect(calls[0]!.token).toBe(TEST_BOT_TOKEN);
    expect(calls[0]!.payload).toEqual({
      url: `${PUBLIC_URL}/api/telegram/webhook`,
      secret_token: SECRET,
      allowed_updates: ['message', 'inline_query', 'pre_checkout_query'],
    });
  });

  it('answers /start posted by Telegram with the greeting button', async () => {
    const sender = await signUp(t.app);
    await makeChannel(t, (await signUpAs(t, 22)).user.id, { id: 9, name: 'Галерея' });
    const { id } = await makeGreeting(sender, (await makeStoredPostcard(t, 22, 9)).id);
    const before = fake.calls.length;
    const res = await post(start(`card_${id}`));
    expect(res.statusCode).toBe(200);
    const sent = fake.calls.slice(before).filter((c) => c.method === 'sendMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({ chat_id: 7, text: '💌 Вам пришло поздравление! Нажмите кнопку, чтобы открыть его.' });
    expect((sent[0]!.payload.reply_markup as { inline_keyboard: unknown }).inline_keyboard).toEqual([
      [{ text: '🎉 Открыть поздравление', web_app: { url: `${PUBLIC_URL}/telegram/greeting/${id}?view=true` } }],
    ]);
  });

  it('refuses a post without the secret or with another one, before reading the body, and sends nothing', async () => {
    const before = fake.calls.length;
    for (const secret of [null, '', 'webhook-secret-0123456789abcdeX', `${SECRET}x`]) {
      const res = await post(start(), secret);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'A valid webhook secret token is required', code: 'AUTH_REQUIRED' });
      // not even broken JSON is looked at without the secret
      expect((await post('{not json', secret)).statusCode).toBe(401);
    }
    expect(fake.calls.slice(before)).toEqual([]);
  });

  it('answers a body that is not an update with 422, and broken JSON with 400, never a 5xx', async () => {
    for (const body of [{}, { update_id: 'x' }, [], { update_id: 1.5 }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const broken = await post('{not json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('code');
  });

  it('answers 200 when the bot fails on an update, so Telegram does not send it again and again', async () => {
    fake.failNext('sendMessage', 'Bad Request: chat not found');
    const res = await post(start());
    expect(res.statusCode).toBe(200);
    // the next update is answered as usual
    const before = fake.calls.length;
    expect((await post(start())).statusCode).toBe(200);
    expect(fake.calls.slice(before).map((c) => c.method)).toEqual(['sendMessage']);
  });
});

describe('the bot by webhook: an update Telegram sends again', () => {
  const replies = (from: number) => fake.calls.slice(from).filter((c) => c.method === 'sendMessage');
  /** a second instance: its own route and bot, the same database */
  const otherInstance = (answerWithinMs?: number) => {
    const app = Fastify();
    telegramWebhookRoute(app, t.deps, answerWithinMs);
    return app;
  };
  const postTo = (app: ReturnType<typeof Fastify>, body: unknown) =>
    app.inject({ method: 'POST', url: TELEGRAM_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET }, payload: JSON.stringify(body) });

  it('is answered once: the repeat gets 200 and no second reply, on this instance or another', async () => {
    const other = otherInstance();
    try {
      const update = start();
      const before = fake.calls.length;
      expect((await post(update)).statusCode).toBe(200);
      expect((await post(update)).statusCode).toBe(200);
      expect((await postTo(other, update)).statusCode).toBe(200);
      expect(replies(before)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is answered once when it reaches two instances at the same moment', async () => {
    const other = otherInstance();
    try {
      for (let round = 0; round < 5; round++) {
        const update = start();
        const before = fake.calls.length;
        const answers = await Promise.all([post(update), postTo(other, update)]);
        // the one that came second is told to wait (Telegram sends it again later) or finds it answered
        expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([200]));
        for (const a of answers) expect([200, 409]).toContain(a.statusCode);
        expect(replies(before)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it('while the first delivery is still being answered gets 409 {detail, code}, and 200 once it has been', async () => {
    const slow = otherInstance(300);
    try {
      const update = start();
      const before = fake.calls.length;
      fake.delayNext('sendMessage', 2000);
      expect((await postTo(slow, update)).statusCode).toBe(200);
      expect(fake.held()).toBe(1);
      const meanwhile = await post(update);
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json()).toMatchObject({ code: 'CONFLICT', detail: expect.any(String) });
      await expect.poll(() => fake.held(), { timeout: 8000 }).toBe(0);
      await expect.poll(async () => (await post(update)).statusCode, { timeout: 5000 }).toBe(200);
      expect(replies(before)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('is taken over when the instance that claimed it went away without answering, after a minute', async () => {
    const now = t.deps.clock.now().getTime();
    const lost = start();
    const fresh = start();
    await t.db.insertInto('telegram_updates').values({ update_id: lost.update_id, claimed_at: new Date(now - UPDATE_CLAIM_STALE_MS - 1000).toISOString() }).execute();
    await t.db.insertInto('telegram_updates').values({ update_id: fresh.update_id, claimed_at: new Date(now - 10_000).toISOString() }).execute();
    const before = fake.calls.length;
    expect((await post(fresh)).statusCode).toBe(409);
    expect(replies(before)).toHaveLength(0);
    expect((await post(lost)).statusCode).toBe(200);
    expect(replies(before).map((c) => c.payload.chat_id)).toEqual([7]);
  });
});

describe('the bot by webhook: a slow Telegram', () => {
  it('answers the update within its limit while the bot still waits on Telegram, and the reply still goes out', async () => {
    const app = Fastify();
    telegramWebhookRoute(app, t.deps, 300);
    try {
      fake.delayNext('sendMessage', 3000);
      const before = fake.calls.length;
      const res = await app.inject({
        method: 'POST',
        url: TELEGRAM_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: JSON.stringify(start()),
      });
      expect(res.statusCode).toBe(200);
      // answered while Telegram still holds the bot's reply, which then goes out all the same
      expect(fake.held()).toBe(1);
      expect(fake.calls.slice(before).filter((c) => c.method === 'sendMessage')).toHaveLength(1);
      await expect.poll(() => fake.held(), { timeout: 8000 }).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('the bot by webhook: configuration', () => {
  it('has no webhook route without BOT_WEBHOOK_SECRET', async () => {
    const plain = await createTestApp({ BOT_API_ROOT: fake.url });
    try {
      const res = await plain.app.inject({ method: 'POST', url: TELEGRAM_WEBHOOK_PATH, payload: start() });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a secret Telegram would not take, a secret without a token, and webhook with polling', () => {
    expect(() => loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_WEBHOOK_SECRET: 'short' })).toThrow(/16–256 characters/);
    expect(() => loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_WEBHOOK_SECRET: 'has spaces in it, which is wrong' })).toThrow(/BOT_WEBHOOK_SECRET/);
    expect(() => loadConfig({ BOT_WEBHOOK_SECRET: SECRET })).toThrow('BOT_WEBHOOK_SECRET needs BOT_TOKEN');
    expect(() => loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_WEBHOOK_SECRET: SECRET, BOT_POLLING: 'true' })).toThrow(/exclude each other/);
    expect(loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_WEBHOOK_SECRET: SECRET }).botWebhookSecret).toBe(SECRET);
  });
});
