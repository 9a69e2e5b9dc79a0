import { Api, Bot, GrammyError, InlineKeyboard } from 'grammy';
import type { InlineQueryResult, InlineQueryResultPhoto, UserFromGetMe } from 'grammy/types';
import { greetingIdFromStartParam, START_PARAM, telegramGreetingLink } from '@otkrytka/contract/rules/share';
import { telegramUserLanguage } from '@otkrytka/contract/rules/telegram';

/** The bot's two languages: Russian for Russian-speaking users (and by default), English otherwise. */
export type BotLang = 'ru' | 'en';
export const botLang = (code: string | undefined): BotLang => telegramUserLanguage(code);

export const BOT_TEXTS = {
  ru: {
    greetingArrived: '💌 Вам пришло поздравление! Нажмите кнопку, чтобы открыть его.',
    welcome: 'Открытка — открытки и поздравления для близких. Откройте галерею!',
    noGreeting: 'Такого поздравления нет — возможно, его удалили. Зато в галерее много открыток!',
    openGreeting: '🎉 Открыть поздравление',
    openGallery: '✨ Открыть галерею',
    makeGreeting: '✨ Поздравить этой открыткой',
    invite: (to: string) => `💌 ${to}! Открой, чтобы посмотреть`,
    myGreeting: (to: string) => `Моё поздравление — ${to}`,
    help: [
      'Я помогаю поздравлять открытками.',
      '',
      '• /start — открыть галерею открыток',
      '• В любом чате наберите @{bot} и слова, например «@{bot} день рождения», — и выберите открытку или своё поздравление.',
      '• Ссылка на поздравление открывает его прямо в приложении.',
    ].join('\n'),
    noResults: 'Ничего не нашлось — откройте галерею',
  },
  en: {
    greetingArrived: '💌 You have a greeting! Tap the button to open it.',
    welcome: 'Otkrytka — postcards and greetings for your loved ones. Open the gallery!',
    noGreeting: 'There is no such greeting — it may have been deleted. The gallery has plenty of postcards!',
    openGreeting: '🎉 Open the greeting',
    openGallery: '✨ Open the gallery',
    makeGreeting: '✨ Make a greeting with it',
    invite: (to: string) => `💌 ${to}! Open it to see`,
    myGreeting: (to: string) => `My greeting for ${to}`,
    help: [
      'I help you send greetings with postcards.',
      '',
      '• /start — open the postcard gallery',
      '• In any chat type @{bot} and some words, e.g. "@{bot} birthday", then pick a postcard or one of your greetings.',
      '• A greeting link opens it right in the app.',
    ].join('\n'),
    noResults: 'Nothing found — open the gallery',
  },
} as const;

/**
 * How long a call the server makes itself may take before it is given up: well inside a job's
 * lease (a minute), so a notice's job is not taken over by another worker while its message is on
 * its way (grammY's own default is over eight minutes).
 */
export const BOT_API_TIMEOUT_S = 30;

/** A Bot API client (no polling) for calls the server makes itself, e.g. savePreparedInlineMessage. */
export function botApi(config: { botToken?: string; botApiRoot: string }): Api {
  if (!config.botToken) throw new Error('BOT_TOKEN is not set');
  return new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: BOT_API_TIMEOUT_S });
}

/**
 * What a failed Bot API call says about making it again:
 * - `wait`: Telegram's flood control (429) asks to wait `ms` first;
 * - `refused`: Telegram answered that the call itself is wrong (another 4xx: a user who blocked
 *   the bot or never started it, a message that is gone or already says that): again, it fails again;
 * - `failed`: no answer, or Telegram's own failure (5xx): a later try may pass.
 */
export type BotCallFailure = { kind: 'wait'; ms: number } | { kind: 'refused'; description: string } | { kind: 'failed' };

export function botCallFailure(err: unknown): BotCallFailure {
  if (!(err instanceof GrammyError)) return { kind: 'failed' };
  if (err.error_code === 429) return { kind: 'wait', ms: Math.max(1, err.parameters.retry_after ?? 1) * 1000 };
  if (err.error_code >= 400 && err.error_code < 500) return { kind: 'refused', description: err.description };
  return { kind: 'failed' };
}

/** A greeting as a chat message: its picture, the invite line, a button that opens it. */
export function greetingMessage(g: { id: string; toWhom: string; photoUrl: string; thumbnailUrl: string; link: string; lang: BotLang }): InlineQueryResultPhoto {
  const t = BOT_TEXTS[g.lang];
  return {
    type: 'photo',
    // inline result ids are 1–64 bytes; a public id is at most 58
    id: `g_${g.id}`.slice(0, 64),
    photo_url: g.photoUrl,
    thumbnail_url: g.thumbnailUrl,
    photo_width: 1200,
    photo_height: 630,
    title: t.myGreeting(g.toWhom),
    caption: t.invite(g.toWhom),
    reply_markup: new InlineKeyboard().url(t.openGreeting, g.link),
  };
}

/** What the inline mode lists for a query: gallery postcards and, for a known sender, their greetings. */
export type InlineSource = (q: { query: string; offset: string; telegramId: number; lang: BotLang }) => Promise<{ results: InlineQueryResult[]; nextOffset: string }>;

export interface BotOptions {
  token: string;
  publicUrl: string;
  /** Bot API server (tests: a local fake) */
  apiRoot?: string;
  /** given in tests so the bot does not ask Telegram who it is */
  botInfo?: UserFromGetMe;
  inline?: InlineSource;
  /** the Mini App's short name (BotFather /newapp): group chats get a t.me link to it */
  appName?: string | undefined;
  /** whether a greeting of this public id exists (a /start link to a deleted one leads to the gallery) */
  greetingExists?: (publicId: string) => Promise<boolean>;
}

/** Where a /start payload leads inside the Mini App. */
export function startTarget(payload: string, publicUrl: string): { url: string; isGreeting: boolean; greetingId: string | null } {
  const p = payload.trim();
  const id = START_PARAM.test(p) || p.startsWith('card=') ? greetingIdFromStartParam(p) : null;
  if (id) return { url: `${publicUrl}/telegram/greeting/${id}?view=true`, isGreeting: true, greetingId: id };
  return { url: `${publicUrl}/telegram/gallery`, isGreeting: false, greetingId: null };
}

/**
 * The button that opens the Mini App. Telegram takes a `web_app` button only in a private chat; in
 * a group the same place opens by a t.me link (the Mini App by its short name, else the bot's chat).
 */
function openButton(ctx: { chat?: { type: string } | undefined; me: { username: string } }, appName: string | undefined, text: string, url: string, greetingId: string | null) {
  if (!ctx.chat || ctx.chat.type === 'private') return new InlineKeyboard().webApp(text, url);
  const bot = { username: ctx.me.username, ...(appName ? { appName } : {}) };
  const link = greetingId ? telegramGreetingLink(bot, greetingId)! : appName ? `https://t.me/${bot.username}/${appName}` : `https://t.me/${bot.username}?start=gallery`;
  return new InlineKeyboard().url(text, link);
}

/**
 * The Telegram bot. /start opens the Mini App (on the greeting when the link carried one, on the
 * gallery otherwise), /help explains, and inline mode (`@bot день рождения` in any chat) offers
 * postcards and the sender's own greetings. Texts follow the user's Telegram language.
 */
export function createBot(opts: BotOptions): Bot {
  const bot = new Bot(opts.token, { ...(opts.botInfo ? { botInfo: opts.botInfo } : {}), client: { apiRoot: opts.apiRoot ?? 'https://api.telegram.org' } });
  bot.command('start', async (ctx) => {
    const t = BOT_TEXTS[botLang(ctx.from?.language_code)];
    let target = startTarget(String(ctx.match ?? ''), opts.publicUrl);
    const missing = target.greetingId !== null && opts.greetingExists !== undefined && !(await opts.greetingExists(target.greetingId));
    if (missing) target = startTarget('', opts.publicUrl);
    const text = target.isGreeting ? t.greetingArrived : missing ? t.noGreeting : t.welcome;
    const button = target.isGreeting ? t.openGreeting : t.openGallery;
    await ctx.reply(text, { reply_markup: openButton(ctx, opts.appName, button, target.url, target.greetingId) });
  });
  bot.command('help', async (ctx) => {
    const t = BOT_TEXTS[botLang(ctx.from?.language_code)];
    await ctx.reply(t.help.replaceAll('{bot}', ctx.me.username), {
      reply_markup: openButton(ctx, opts.appName, t.openGallery, `${opts.publicUrl}/telegram/gallery`, null),
    });
  });
  bot.on('inline_query', async (ctx) => {
    const lang = botLang(ctx.from.language_code);
    const { results, nextOffset } = opts.inline
      ? await opts.inline({ query: ctx.inlineQuery.query, offset: ctx.inlineQuery.offset, telegramId: ctx.from.id, lang })
      : { results: [], nextOffset: '' };
    await ctx.answerInlineQuery(results, {
      cache_time: 30,
      is_personal: true,
      next_offset: nextOffset,
      ...(results.length === 0 ? { button: { text: BOT_TEXTS[lang].noResults, start_parameter: 'gallery' } } : {}),
    });
  });
  return bot;
}
