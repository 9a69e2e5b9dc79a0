import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppBot } from '../src/modules/share/bot';
import { BOT_PROFILE, formatBotSetupReport, MENU_BUTTON_TEXT, setUpBot } from '../src/modules/share/bot-setup';
import { BOT_RETRY } from '../src/platform/bot';
import { signInitData } from '../src/platform/telegram';
import { makeChannel } from './factories/collection';
import { makeGreeting, makeStoredPostcard } from './factories/share';
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { client, createTestApp, signUpAs, TEST_BOT_TOKEN, type TestApp } from './helpers';
import { startFront } from './support/bot-front';

/**
 * The server's calls to the Bot API, against the recording fake: the bot's registration
 * (`npm run bot:setup` and at start), the retry of a call Telegram's flood control turned away,
 * and what a Telegram sign-in keeps of the launch data.
 */


const PUBLIC_URL = 'https://o.example';
const FLOOD = { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } };

let fake: FakeBotApi;
let front: Awaited<ReturnType<typeof startFront>>;
let t: TestApp;
let waits: number[];

beforeAll(async () => {
  fake = await startFakeBotApi();
  front = await startFront(fake.url);
  t = await createTestApp({ PUBLIC_URL, BOT_USERNAME: 'otkrytka_test_bot', BOT_APP_NAME: 'app', BOT_API_ROOT: front.url });
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
});
afterAll(async () => {
  await t.close();
  await front.close();
  await fake.close();
});
beforeEach(() => {
  waits = [];
  vi.spyOn(BOT_RETRY, 'sleep').mockImplementation(async (ms) => void waits.push(ms));
});

const callsSince = (n: number) => fake.calls.slice(n).map((c) => ({ method: c.method, payload: c.payload }));

describe('bot set-up', () => {
  it('registers the commands, name, descriptions (default, ru, en) and the menu button opening the Mini App, and lists what is left by hand', async () => {
    const before = fake.calls.length;
    const report = await setUpBot(t.config, { checkProfile: true });
    const sets = callsSince(before).filter((c) => c.method.startsWith('set'));
    const profile = (code: string | undefined, lang: 'ru' | 'en') => {
      const other = code ? { language_code: code } : {};
      const p = BOT_PROFILE[lang];
      return [
        { method: 'setMyCommands', payload: { commands: p.commands, ...other } },
        { method: 'setMyName', payload: { name: p.name, ...other } },
        { method: 'setMyDescription', payload: { description: p.description, ...other } },
        { method: 'setMyShortDescription', payload: { short_description: p.shortDescription, ...other } },
      ];
    };
    expect(sets).toEqual([
      ...profile(undefined, 'en'),
      ...profile('ru', 'ru'),
      ...profile('en', 'en'),
      { method: 'setChatMenuButton', payload: { menu_button: { type: 'web_app', text: MENU_BUTTON_TEXT, web_app: { url: `${PUBLIC_URL}/telegram/` } } } },
    ]);
    // each is read first (the fake answers no profile, so each is set)
    expect(callsSince(before).filter((c) => c.method.startsWith('get')).map((c) => c.method)).toEqual([
      ...Array.from({ length: 3 }, () => ['getMyCommands', 'getMyName', 'getMyDescription', 'getMyShortDescription']).flat(),
      'getChatMenuButton',
      'getMe',
    ]);
    for (const lang of ['ru', 'en'] as const) {
      expect(BOT_PROFILE[lang].description.length).toBeLessThanOrEqual(512);
      expect(BOT_PROFILE[lang].shortDescription.length).toBeLessThanOrEqual(120);
    }
    expect(report.failed).toEqual([]);
    expect(report.done).toHaveLength(13);
    // what the Bot API cannot do: BotFather's Mini App URL, and how updates come
    expect(report.manual).toEqual([
      `BotFather → /myapps → app → Edit Web App URL: it must be ${PUBLIC_URL}/telegram/ (no API reads it back)`,
      'the bot gets no updates: set BOT_WEBHOOK_SECRET on every instance (webhook), or BOT_POLLING=true on exactly one',
    ]);
    expect(formatBotSetupReport(report)).toContain('Still to do by hand:');
  });

  it('sets nothing that is already as it should be, and reports what Telegram refused without stopping', async () => {
    front.answerNext('getMyCommands', 200, { ok: true, result: BOT_PROFILE.en.commands });
    front.answerNext('getMyName', 200, { ok: true, result: { name: BOT_PROFILE.en.name } });
    front.answerNext('setMyDescription', 400, { ok: false, error_code: 400, description: 'Bad Request: description is too long' });
    const before = fake.calls.length;
    const report = await setUpBot(t.config);
    const sets = callsSince(before).filter((c) => c.method.startsWith('set')).map((c) => `${c.method} ${String(c.payload.language_code ?? '')}`.trim());
    expect(sets).not.toContain('setMyCommands');
    expect(sets).not.toContain('setMyName');
    expect(sets).toContain('setMyCommands ru');
    expect(report.done).toContain('commands [default]: already set');
    expect(report.failed).toEqual(['description [default]: Call to \'setMyDescription\' failed! (400: Bad Request: description is too long)']);
    expect(report.done).toContain(`menu button → ${PUBLIC_URL}/telegram/: set`);
  });
});

describe("Telegram's flood control (429 with retry_after), waited out and tried again", () => {
  it('an inline answer', async () => {
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    front.answerNext('answerInlineQuery', 429, FLOOD);
    const before = fake.calls.length;
    await bot.handleUpdate({ update_id: 1, inline_query: { id: 'q1', from: { id: 7, is_bot: false, first_name: 'Аня', language_code: 'ru' }, query: 'zzzz-nothing', offset: '', chat_type: 'private' } } as never);
    expect(waits).toEqual([1000]);
    // the first call was turned away in front of the fake: the fake got the retry, as it was
    expect(callsSince(before)).toEqual([
      {
        method: 'answerInlineQuery',
        payload: {
          inline_query_id: 'q1',
          results: [],
          cache_time: 30,
          is_personal: true,
          next_offset: '',
          // nothing found: the button opens the Mini App's gallery
          button: { text: 'Ничего не нашлось — откройте галерею', web_app: { url: `${PUBLIC_URL}/telegram/gallery` } },
        },
      },
    ]);
  });

  it('a prepared message', async () => {
    const initData = signInitData({ user: { id: 555101, first_name: 'Аня' } }, TEST_BOT_TOKEN, t.clock.now());
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    const sender = client(t.app, (signIn.json() as { access_token: string }).access_token);
    const g = await makeGreeting(sender, (await makeStoredPostcard(t, 22, 9)).id, { to_whom: 'Маше' });
    front.answerNext('savePreparedInlineMessage', 429, FLOOD);
    const before = fake.calls.length;
    const res = await sender.post(`/api/greetings/${g.id}/telegram-message`);
    expect(res.statusCode, res.body).toBe(200);
    expect(waits).toEqual([1000]);
    const calls = callsSince(before);
    expect(calls.map((c) => c.method)).toEqual(['savePreparedInlineMessage']);
    expect(calls[0]!.payload).toMatchObject({ user_id: 555101, allow_user_chats: true, result: { caption: '💌 Маше! Открой, чтобы посмотреть' } });
  });

  it('not a wait longer than 5 s, nor more than three tries', async () => {
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    front.answerNext('answerInlineQuery', 429, { ...FLOOD, parameters: { retry_after: 30 } });
    await expect(bot.api.answerInlineQuery('q2', [])).rejects.toMatchObject({ error_code: 429 });
    for (let i = 0; i < 3; i++) front.answerNext('answerInlineQuery', 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    await expect(bot.api.answerInlineQuery('q3', [])).rejects.toMatchObject({ error_code: 502 });
    expect(waits).toEqual([500, 1000]);
  });
});

describe('Telegram sign-in', () => {
  it('takes launch data with or without a signature, lasts until the launch data expires, and keeps whether the bot may write', async () => {
    const at = new Date(t.clock.now().getTime() - 3600_000);
    for (const [id, signature, allows] of [
      [555201, undefined, true],
      [555202, 'c2lnbmF0dXJl', false],
    ] as const) {
      const initData = signInitData({ user: { id, first_name: 'Аня', ...(allows ? { allows_write_to_pm: true } : {}) }, ...(signature ? { signature } : {}) }, TEST_BOT_TOKEN, at);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { expires_at: string; user: { id: number } };
      // 24 hours from the launch data's auth_date, not from now
      expect(body.expires_at).toBe(new Date(Math.floor(at.getTime() / 1000) * 1000 + 24 * 3600_000).toISOString());
      const kept = await t.db.selectFrom('settings').select('value').where('user_id', '=', body.user.id).where('key', '=', 'telegram_allows_write_to_pm').executeTakeFirst();
      expect(kept?.value).toBe(String(allows));
    }
  });

  it('logs why launch data was refused', async () => {
    const warn = vi.spyOn(t.deps.log, 'warn');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: 'user=%7B%7D&auth_date=1&hash=00' } });
    expect(res.statusCode).toBe(401);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: 'initData signature is invalid' }), 'telegram sign-in refused');
    warn.mockRestore();
  });

  it('the bot hears that a user let it write to them (write_access_allowed), and keeps it', async () => {
    const initData = signInitData({ user: { id: 555301, first_name: 'Аня' } }, TEST_BOT_TOKEN, t.clock.now());
    const signIn = (await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } })).json() as { user: { id: number } };
    const kept = () => t.db.selectFrom('settings').select('value').where('user_id', '=', signIn.user.id).where('key', '=', 'telegram_allows_write_to_pm').executeTakeFirst();
    expect((await kept())?.value).toBe('false');
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    await bot.handleUpdate({
      update_id: 2,
      message: { message_id: 1, date: 1_700_000_000, chat: { id: 555301, type: 'private', first_name: 'Аня' }, from: { id: 555301, is_bot: false, first_name: 'Аня' }, write_access_allowed: { web_app_name: 'app' } },
    } as never);
    expect((await kept())?.value).toBe('true');
  });
});
