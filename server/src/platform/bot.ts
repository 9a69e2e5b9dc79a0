import { Api, Bot, GrammyError, HttpError, InlineKeyboard, type Transformer } from 'grammy';
import type { InlineQueryResult, InlineQueryResultPhoto, UserFromGetMe } from 'grammy/types';
import { greetingIdFromStartParam, START_PARAM, telegramGreetingLink } from '@otkrytka/contract/rules/share';
import { telegramUserLanguage } from '@otkrytka/contract/rules/telegram';

/**
 * Where the Mini App starts: BotFather's Mini App URL (`/newapp`), the menu button and every
 * `web_app` button open PUBLIC_URL + this path.
 */
export const MINI_APP_PATH = '/telegram/';

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
    paySupport: [
      'Поддержка по оплате звёздами Telegram.',
      '',
      'За звёзды в Открытке можно купить подарок Telegram внутри поздравления и пакеты энергии ян для игры.',
      '• Неоплаченный заказ отменяется через час.',
      '• Подарок, который не приняли за 30 дней или не удалось вручить, и подарок из удалённого поздравления возвращаются звёздами автоматически.',
      '',
      'Если что-то пошло не так с оплатой, напишите ответом на это сообщение: номер заказа, дату и что случилось. Мы ответим и при необходимости вернём звёзды.',
      'Поддержка Telegram не рассматривает покупки в ботах.',
    ].join('\n'),
    terms: (url: string) =>
      [
        'Условия покупок в Открытке.',
        '',
        '• Всё, что продаётся в боте и приложении, — цифровые товары, и оплачиваются они только звёздами Telegram.',
        '• Подарок Telegram вручается получателю, когда он примет поздравление в Telegram; до оплаты поздравление никому не видно.',
        '• Энергия ян зачисляется один раз сразу после оплаты.',
        '• Возвраты — по правилам, описанным в /paysupport.',
        '',
        `Полные условия: ${url}`,
      ].join('\n'),
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
    paySupport: [
      'Support for payments in Telegram Stars.',
      '',
      'In Otkrytka, Stars buy a Telegram gift inside a greeting and yang energy packs for the game.',
      '• An unpaid order is cancelled after an hour.',
      '• A gift not accepted within 30 days, one that could not be delivered, or one in a deleted greeting is refunded in Stars automatically.',
      '',
      'If something went wrong with a payment, reply to this message with the order number, the date and what happened. We will answer and refund the Stars when due.',
      'Telegram support does not handle purchases made in bots.',
    ].join('\n'),
    terms: (url: string) =>
      [
        'Terms of purchases in Otkrytka.',
        '',
        '• Everything sold in the bot and the app is a digital good, paid for only in Telegram Stars.',
        '• A Telegram gift reaches its recipient when they accept the greeting in Telegram; until it is paid, nobody else sees the greeting.',
        '• Yang energy is credited once, right after payment.',
        '• Refunds follow the rules in /paysupport.',
        '',
        `Full terms: ${url}`,
      ].join('\n'),
  },
} as const;

/**
 * How long a call the server makes itself may take before it is given up: well inside a job's
 * lease (a minute), so a notice's job is not taken over by another worker while its message is on
 * its way (grammY's own default is over eight minutes).
 */
export const BOT_API_TIMEOUT_S = 30;

/**
 * How every Bot API call of the server and the bot is retried (`retryingCalls`), bounded so that a
 * call made inside a job ends well within the job's one-minute lease:
 * - Telegram's flood control (429) is waited out for `retry_after` seconds when that is at most
 *   `maxWaitS`; a longer wait fails the call at once with the 429, and a durable job (the bot's
 *   notices) waits it out by rescheduling itself instead of holding a worker;
 * - Telegram's own failures (5xx) are tried again after `backoffMs`, doubled each time;
 * - no answer at all (a network error or a timeout) is tried again only for calls that do the same
 *   when repeated (setting, reading, answering, editing): a message may have gone out although its
 *   answer was lost, and sending it again could deliver it twice;
 * - at most `attempts` tries, and none begins once `budgetMs` have passed since the first.
 *
 * Hand-written rather than @grammyjs/auto-retry: that plugin waits out network failures of every
 * method (a sendMessage whose answer was lost would go out twice), its backoff starts at 3 s with
 * no overall budget, and its waits are real timers; here `sleep` is replaceable, so tests run the
 * waits instantly and read them.
 */
export const BOT_RETRY = {
  attempts: 3,
  maxWaitS: 5,
  backoffMs: 500,
  budgetMs: 20_000,
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The updates the bot asks Telegram for, by webhook or by polling: commands and payments
 * (messages: /start, successful_payment), inline mode, and the pre-checkout queries of Stars invoices.
 */
export const BOT_ALLOWED_UPDATES = ['message', 'inline_query', 'pre_checkout_query'] as const;

/** Methods whose repetition after a lost answer does no harm: they set, read, answer or edit. */
const REPEATABLE = /^(get|set|delete|answer|edit|savePrepared|unpin|close|logOut)/;

/** grammY transformer: retries a call as `BOT_RETRY` says. */
export const retryingCalls: Transformer = async (prev, method, payload, signal) => {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= BOT_RETRY.attempts;
    const backoff = BOT_RETRY.backoffMs * 2 ** (attempt - 1);
    const withinBudget = (ms: number) => Date.now() - started + ms < BOT_RETRY.budgetMs;
    let res: Awaited<ReturnType<typeof prev>>;
    try {
      res = await prev(method, payload, signal);
    } catch (err) {
      if (last || !(err instanceof HttpError) || !REPEATABLE.test(method) || signal?.aborted || !withinBudget(backoff)) throw err;
      await BOT_RETRY.sleep(backoff);
      continue;
    }
    if (res.ok || last) return res;
    const retryAfterS = res.error_code === 429 ? (res.parameters?.retry_after ?? 1) : undefined;
    const wait = retryAfterS !== undefined ? (retryAfterS <= BOT_RETRY.maxWaitS ? retryAfterS * 1000 : undefined) : res.error_code >= 500 ? backoff : undefined;
    if (wait === undefined || !withinBudget(wait)) return res;
    await BOT_RETRY.sleep(wait);
  }
};

/** A Bot API client (no polling) for calls the server makes itself, e.g. savePreparedInlineMessage. */
export function botApi(config: { botToken?: string; botApiRoot: string }): Api {
  if (!config.botToken) throw new Error('BOT_TOKEN is not set');
  const api = new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: BOT_API_TIMEOUT_S });
  api.config.use(retryingCalls);
  return api;
}

/**
 * What a failed Bot API call says about making it again:
 * - `wait`: Telegram's flood control (429) asks to wait `ms` first;
 * - `refused`: Telegram answered that the call itself is wrong (another 4xx: a user who blocked
 *   the bot or never started it, a message that is gone or already says that): again, it fails again;
 * - `failed`: Telegram's own failure (5xx), or it could not be reached at all: nothing went out,
 *   a later try may pass;
 * - `unknown`: the call went out and no answer came (a timeout, a connection lost midway): it may
 *   have been carried out.
 */
export type BotCallFailure = { kind: 'wait'; ms: number } | { kind: 'refused'; description: string } | { kind: 'failed' } | { kind: 'unknown' };

/** Network errors that mean the request never reached Telegram. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function botCallFailure(err: unknown): BotCallFailure {
  if (err instanceof HttpError) {
    const code = (err.error as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' && NOT_SENT.has(code) ? { kind: 'failed' } : { kind: 'unknown' };
  }
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
  /** the user allowed the bot to write to them (started its chat, or granted the Mini App's request) */
  allowedToWrite?: (telegramId: number) => Promise<void>;
  /** payments in Telegram Stars (the Stars module) */
  payments?: BotPayments;
}

/** What the bot asks of the Stars pipeline. */
export interface BotPayments {
  /** the answer to a pre-checkout query, computed at once (Telegram waits 10 seconds at most) */
  preCheckout(q: { id: string; fromId: number; currency: string; totalAmount: number; payload: string; languageCode?: string | undefined }): Promise<{ ok: true } | { ok: false; error_message: string }>;
  /** a payment landed; throws when it could not be recorded (the update must come again) */
  paid(p: { fromId: number; currency: string; totalAmount: number; payload: string; chargeId: string }): Promise<unknown>;
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
  bot.api.config.use(retryingCalls);
  // Telegram tells the bot, by a service message, when a user lets it write to them
  bot.on('message:write_access_allowed', async (ctx) => {
    await opts.allowedToWrite?.(ctx.from.id);
  });
  bot.command('start', async (ctx) => {
    const t = BOT_TEXTS[botLang(ctx.from?.language_code)];
    // /start in the bot's own chat lets it write there
    if (ctx.chat.type === 'private' && ctx.from) await opts.allowedToWrite?.(ctx.from.id);
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
  // Telegram's terms for digital goods paid in Stars: a /paysupport command (and the terms)
  bot.command('paysupport', async (ctx) => {
    await ctx.reply(BOT_TEXTS[botLang(ctx.from?.language_code)].paySupport);
  });
  bot.command('terms', async (ctx) => {
    await ctx.reply(BOT_TEXTS[botLang(ctx.from?.language_code)].terms(`${opts.publicUrl}/terms`));
  });
  // answered here, in the update's own handler, never behind a queue: Telegram waits 10 seconds
  bot.on('pre_checkout_query', async (ctx) => {
    const q = ctx.preCheckoutQuery;
    const lang = botLang(q.from.language_code);
    const answer = opts.payments
      ? await opts.payments
          .preCheckout({ id: q.id, fromId: q.from.id, currency: q.currency, totalAmount: q.total_amount, payload: q.invoice_payload, languageCode: q.from.language_code })
          .catch(() => ({ ok: false as const, error_message: lang === 'ru' ? 'Не получилось проверить заказ. Попробуйте ещё раз через минуту.' : 'The order could not be checked. Try again in a minute.' }))
      : { ok: false as const, error_message: lang === 'ru' ? 'Оплата сейчас недоступна.' : 'Payments are not available now.' };
    await ctx.answerPreCheckoutQuery(answer.ok, answer.ok ? undefined : { error_message: answer.error_message });
  });
  bot.on('message:successful_payment', async (ctx) => {
    const p = ctx.message.successful_payment;
    await opts.payments?.paid({ fromId: ctx.from.id, currency: p.currency, totalAmount: p.total_amount, payload: p.invoice_payload, chargeId: p.telegram_payment_charge_id });
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
      // nothing found: a button that opens the Mini App's gallery (from which it may switch back to inline mode)
      ...(results.length === 0 ? { button: { text: BOT_TEXTS[lang].noResults, web_app: { url: `${opts.publicUrl}${MINI_APP_PATH}gallery` } } } : {}),
    });
  });
  return bot;
}
