import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_PARAM, startParamPath } from '@otkrytka/contract';
import { createBot, startTarget } from '../src/platform/bot';
import { createAppBot } from '../src/modules/share/bot';
import { makeCategory, makeChannel } from './factories/collection';
import { makeGreeting, makeStoredPostcard } from './factories/share';
import { FAKE_BOT_INFO, startFakeBotApi, type FakeBotApi } from './fakes/bot-api';
import { client, createTestApp, signUp, signUpAs, TEST_BOT_TOKEN, type TestApp } from './helpers';
import { signInitData } from '../src/platform/telegram';

/**
 * The bot against a local fake Bot API (grammY's apiRoot points at it): updates go in through
 * handleUpdate, and the test reads which methods the bot called, with which parameters.
 */
let fake: FakeBotApi;
let t: TestApp;
const PUBLIC_URL = 'https://o.example';

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({ PUBLIC_URL, BOT_USERNAME: 'otkrytka_test_bot', BOT_API_ROOT: fake.url });
  const mod = await signUpAs(t, 22);
  await makeChannel(t, mod.user.id, { id: 9, name: 'Галерея' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let updateId = 0;
const from = (lang = 'ru', id = 7) => ({ id, is_bot: false as const, first_name: 'Аня', language_code: lang });

function command(text: string, lang = 'ru') {
  updateId += 1;
  const cmd = text.split(' ')[0]!;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: 7, type: 'private' as const, first_name: 'Аня' },
      from: from(lang),
      text,
      entities: [{ type: 'bot_command' as const, offset: 0, length: cmd.length }],
    },
  };
}

function inlineQuery(query: string, o: { lang?: string; userId?: number; offset?: string } = {}) {
  updateId += 1;
  return { update_id: updateId, inline_query: { id: `q${updateId}`, from: from(o.lang, o.userId), query, offset: o.offset ?? '' } };
}

/** Runs one update through the bot and returns the Bot API calls it made. */
async function handle(bot: ReturnType<typeof createBot>, update: object) {
  const before = fake.calls.length;
  await bot.handleUpdate(update as never);
  return fake.calls.slice(before);
}

describe('bot /start and /help', () => {
  const bot = () => createBot({ token: TEST_BOT_TOKEN, publicUrl: PUBLIC_URL, botInfo: FAKE_BOT_INFO, apiRoot: fake.url });

  it('maps both start parameter forms to the greeting and anything else to the gallery', () => {
    for (const p of ['card_Ab_9-xAAAAAAAAAAAAAAAA', 'card=Ab_9-xAAAAAAAAAAAAAAAA']) {
      expect(startTarget(p, PUBLIC_URL)).toEqual({ url: `${PUBLIC_URL}/telegram/greeting/Ab_9-xAAAAAAAAAAAAAAAA?view=true`, isGreeting: true, greetingId: 'Ab_9-xAAAAAAAAAAAAAAAA' });
    }
    expect(startTarget('card=../../evil', PUBLIC_URL).isGreeting).toBe(false);
    expect(startTarget('card_short', PUBLIC_URL).isGreeting).toBe(false);
    expect(startTarget('', PUBLIC_URL).url).toBe(`${PUBLIC_URL}/telegram/gallery`);
  });

  it('/start card_<id> and the old /start card=<id> answer with a button opening the greeting in the Mini App', async () => {
    const id = 'Zm9vYmFyZm9vYmFyZm9vYg';
    for (const payload of [`card_${id}`, `card=${id}`]) {
      const calls = await handle(bot(), command(`/start ${payload}`));
      expect(calls.map((c) => c.method)).toEqual(['sendMessage']);
      expect(calls[0]!.payload).toMatchObject({ chat_id: 7, text: '💌 Вам пришло поздравление! Нажмите кнопку, чтобы открыть его.' });
      expect((calls[0]!.payload.reply_markup as any).inline_keyboard).toEqual([
        [{ text: '🎉 Открыть поздравление', web_app: { url: `${PUBLIC_URL}/telegram/greeting/${id}?view=true` } }],
      ]);
    }
  });

  it('/start with a link to a greeting that is no more says so and opens the gallery', async () => {
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    const gone = await handle(bot, command('/start card_AAAAAAAAAAAAAAAAAAAAAA'));
    expect(gone[0]!.payload.text).toBe('Такого поздравления нет — возможно, его удалили. Зато в галерее много открыток!');
    expect((gone[0]!.payload.reply_markup as any).inline_keyboard[0][0]).toEqual({ text: '✨ Открыть галерею', web_app: { url: `${PUBLIC_URL}/telegram/gallery` } });
    // one that exists still opens
    const sender = await signUp(t.app);
    const g = await makeGreeting(sender, (await makeStoredPostcard(t, 22, 9)).id);
    const there = await handle(bot, command(`/start card_${g.id}`));
    expect(there[0]!.payload.text).toBe('💌 Вам пришло поздравление! Нажмите кнопку, чтобы открыть его.');
  });

  it('/start without a payload opens the gallery; in English for an English-speaking user', async () => {
    const ru = await handle(bot(), command('/start'));
    expect((ru[0]!.payload.reply_markup as any).inline_keyboard[0][0]).toEqual({ text: '✨ Открыть галерею', web_app: { url: `${PUBLIC_URL}/telegram/gallery` } });
    const en = await handle(bot(), command('/start', 'en'));
    expect(en[0]!.payload.text).toBe('Otkrytka — postcards and greetings for your loved ones. Open the gallery!');
    expect((en[0]!.payload.reply_markup as any).inline_keyboard[0][0].text).toBe('✨ Open the gallery');
  });

  it('in a group chat the button is a t.me link to the Mini App (Telegram takes web_app buttons in private chats only)', async () => {
    const id = 'Zm9vYmFyZm9vYmFyZm9vYg';
    const inGroup = (text: string) => {
      const u = command(text) as { message: { chat: Record<string, unknown> } };
      u.message.chat = { id: -100123, type: 'group', title: 'Семья' };
      return u;
    };
    const withApp = createBot({ token: TEST_BOT_TOKEN, publicUrl: PUBLIC_URL, botInfo: FAKE_BOT_INFO, apiRoot: fake.url, appName: 'app' });
    const greeting = await handle(withApp, inGroup(`/start card_${id}`));
    expect(greeting[0]!.payload.chat_id).toBe(-100123);
    expect((greeting[0]!.payload.reply_markup as any).inline_keyboard).toEqual([
      [{ text: '🎉 Открыть поздравление', url: `https://t.me/otkrytka_test_bot/app?startapp=card_${id}` }],
    ]);
    const help = await handle(withApp, inGroup('/help'));
    expect((help[0]!.payload.reply_markup as any).inline_keyboard[0][0]).toEqual({ text: '✨ Открыть галерею', url: 'https://t.me/otkrytka_test_bot/app' });
    // without a Mini App name: the bot's own chat, with the same start
    const plain = await handle(bot(), inGroup(`/start card_${id}`));
    expect((plain[0]!.payload.reply_markup as any).inline_keyboard[0][0].url).toBe(`https://t.me/otkrytka_test_bot?start=card_${id}`);
  });

  it('/help explains inline mode with the bot name', async () => {
    const calls = await handle(bot(), command('/help'));
    expect(calls.map((c) => c.method)).toEqual(['sendMessage']);
    expect(calls[0]!.payload.text).toContain('@otkrytka_test_bot день рождения');
    const en = await handle(bot(), command('/help', 'en'));
    expect(en[0]!.payload.text).toContain('@otkrytka_test_bot birthday');
  });
});

describe('bot inline mode', () => {
  it('lists gallery postcards matching title, description or category, with a button to make a greeting', async () => {
    const cat = await makeCategory(t, 22, { name: 'День рождения' });
    const byTitle = await makeStoredPostcard(t, 22, 9, { title: 'С днём рождения, мама!' });
    const byCategory = await makeStoredPostcard(t, 22, 9, { title: 'Тортик' });
    await t.db.updateTable('image_relations').set({ category_id: cat.id }).where('id', '=', byCategory.id).execute();
    const unrelated = await makeStoredPostcard(t, 22, 9, { title: 'С Новым годом' });
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    const calls = await handle(bot, inlineQuery('день рождения'));
    expect(calls.map((c) => c.method)).toEqual(['answerInlineQuery']);
    const results = calls[0]!.payload.results as any[];
    const ids = results.map((r) => r.id);
    expect(ids).toContain(`p_${byCategory.id}`);
    expect(ids).not.toContain(`p_${unrelated.id}`);
    const rodit = await handle(bot, inlineQuery('рождения'));
    expect((rodit[0]!.payload.results as any[]).map((r) => r.id)).toEqual(expect.arrayContaining([`p_${byTitle.id}`, `p_${byCategory.id}`]));
    const card = results.find((r) => r.id === `p_${byCategory.id}`);
    expect(card).toMatchObject({
      type: 'photo',
      title: 'Тортик',
      photo_url: `${PUBLIC_URL}/og/postcard/${byCategory.id}/wide.jpg?lang=ru`,
      reply_markup: { inline_keyboard: [[{ text: '✨ Поздравить этой открыткой', url: `${PUBLIC_URL}/mychannels/9/${byCategory.id}/create-congratulation` }]] },
    });
    expect(card.description).toContain('День рождения');
    for (const r of results) expect(r.id).toMatch(START_PARAM);
  });

  it("with a Mini App (BOT_APP_NAME) a postcard's button opens its greeting wizard in the Mini App, by a start parameter", async () => {
    const postcard = await makeStoredPostcard(t, 22, 9, { title: 'Подсолнухи' });
    const bot = createAppBot({ ...t.deps, config: { ...t.deps.config, botAppName: 'app' } });
    bot.botInfo = FAKE_BOT_INFO;
    const calls = await handle(bot, inlineQuery('подсолнухи'));
    const card = (calls[0]!.payload.results as any[]).find((r) => r.id === `p_${postcard.id}`);
    const startapp = `post_9_${postcard.id}`;
    expect(card.reply_markup).toEqual({ inline_keyboard: [[{ text: '✨ Поздравить этой открыткой', url: `https://t.me/otkrytka_test_bot/app?startapp=${startapp}` }]] });
    expect(startapp).toMatch(START_PARAM);
    // the Mini App opens there, and a signed-in launch is told so
    expect(startParamPath(startapp)).toBe(`/mychannels/9/${postcard.id}/create-congratulation`);
    const initData = signInitData({ user: { id: 777002, first_name: 'Аня' }, start_param: startapp }, TEST_BOT_TOKEN, t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    expect(res.json()).toMatchObject({ start_path: `/mychannels/9/${postcard.id}/create-congratulation` });
    expect(startParamPath('post_9_x')).toBeNull();
  });

  it('a signed-in sender also gets their recent greetings, with a button opening each', async () => {
    const initData = signInitData({ user: { id: 777001, first_name: 'Аня' } }, TEST_BOT_TOKEN, t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { init_data: initData } });
    const sender = client(t.app, (res.json() as { access_token: string }).access_token);
    const postcard = await makeStoredPostcard(t, 22, 9, { title: 'Весна' });
    const g = await makeGreeting(sender, postcard.id, { to_whom: 'Бабушке' });
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    const mine = await handle(bot, inlineQuery('', { userId: 777001 }));
    const results = mine[0]!.payload.results as any[];
    expect(results[0]).toMatchObject({
      id: `g_${g.id}`,
      type: 'photo',
      // the name as typed: a dash, so a «для» never asks for a case the sender did not type
      title: 'Моё поздравление — Бабушке',
      caption: '💌 Бабушке! Открой, чтобы посмотреть',
      reply_markup: { inline_keyboard: [[{ text: '🎉 Открыть поздравление', url: `https://t.me/otkrytka_test_bot?start=card_${g.id}` }]] },
    });
    // the pictures carry their version (Telegram keeps a picture per address): an edit changes it
    expect(results[0].photo_url).toMatch(new RegExp(`/og/greeting/${g.id}/wide\\.jpg\\?lang=ru&v=[\\w-]{12}$`));
    expect((await sender.patch(`/api/greetings/${g.id}`, { to_whom: 'Бабуле' })).statusCode).toBe(200);
    const edited = ((await handle(bot, inlineQuery('', { userId: 777001 })))[0]!.payload.results as any[])[0];
    expect(edited.photo_url).not.toBe(results[0].photo_url);
    // somebody else sees no greetings of hers
    const theirs = await handle(bot, inlineQuery('', { userId: 777002 }));
    expect((theirs[0]!.payload.results as any[]).some((r) => r.id.startsWith('g_'))).toBe(false);
    expect(theirs[0]!.payload.is_personal).toBe(true);
  });

  it('an English query finds postcards by their category’s English name, described in English', async () => {
    const cat = await makeCategory(t, 22, { name: 'Юбилей' });
    await t.db.updateTable('categories').set({ name_en: 'Anniversary' }).where('id', '=', cat.id).execute();
    const card = await makeStoredPostcard(t, 22, 9, { title: 'Торт со свечами', description: 'Пятьдесят лет!' });
    await t.db.updateTable('image_relations').set({ category_id: cat.id }).where('id', '=', card.id).execute();
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    const results = (await handle(bot, inlineQuery('anniversary', { lang: 'en' })))[0]!.payload.results as any[];
    expect(results.find((r) => r.id === `p_${card.id}`)).toMatchObject({ description: 'Anniversary · Пятьдесят лет!' });
    const ru = (await handle(bot, inlineQuery('anniversary', { lang: 'ru' })))[0]!.payload.results as any[];
    expect(ru.find((r) => r.id === `p_${card.id}`)).toMatchObject({ description: 'Юбилей · Пятьдесят лет!' });
  });

  it("nothing found: a button that opens the Mini App's gallery instead of an empty list", async () => {
    const bot = createAppBot(t.deps);
    bot.botInfo = FAKE_BOT_INFO;
    const calls = await handle(bot, inlineQuery('zzzz-nothing', { lang: 'en' }));
    expect(calls[0]!.payload).toEqual({
      inline_query_id: expect.any(String),
      results: [],
      cache_time: 30,
      is_personal: true,
      next_offset: '',
      button: { text: 'Nothing found — open the gallery', web_app: { url: `${PUBLIC_URL}/telegram/gallery` } },
    });
  });
});
