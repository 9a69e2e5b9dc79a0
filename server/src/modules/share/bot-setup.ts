import type { Api } from 'grammy';
import type { BotCommand, LanguageCode, MenuButton } from 'grammy/types';
import type { Config } from '../../config';
import { botApi, MINI_APP_PATH } from '../../platform/bot';

/**
 * What the bot says of itself in Telegram, per language: its name, the description an empty chat
 * shows ("What can this bot do?", ≤ 512 characters), the short one on its profile and beside a
 * shared link (≤ 120), and its commands with their descriptions.
 */
export const BOT_PROFILE = {
  ru: {
    name: 'Открытка',
    description:
      'Открытка — открытки и поздравления для близких.\n\nВыберите открытку в галерее, напишите поздравление и отправьте его в любой чат. Бот напомнит о днях рождения и других датах и расскажет, когда ваше поздравление откроют.',
    shortDescription: 'Открытки и поздравления для близких: галерея, поздравления по ссылке, напоминания о датах.',
    commands: [
      { command: 'start', description: 'Открыть галерею открыток' },
      { command: 'help', description: 'Как поздравлять с ботом' },
      { command: 'paysupport', description: 'Помощь с оплатой звёздами' },
      { command: 'terms', description: 'Условия покупок' },
    ],
  },
  en: {
    name: 'Otkrytka',
    description:
      'Otkrytka — postcards and greetings for your loved ones.\n\nPick a postcard in the gallery, write a greeting and send it to any chat. The bot reminds you of birthdays and other dates and tells you when your greeting is opened.',
    shortDescription: 'Postcards and greetings for your loved ones: a gallery, greetings by link, date reminders.',
    commands: [
      { command: 'start', description: 'Open the postcard gallery' },
      { command: 'help', description: 'How to send greetings with the bot' },
      { command: 'paysupport', description: 'Help with payments in Stars' },
      { command: 'terms', description: 'Terms of purchases' },
    ],
  },
} as const;

/** The menu button's text: one for every chat (Telegram's default menu button has no language). */
export const MENU_BUTTON_TEXT = 'Открытка';

/**
 * The languages the profile is registered for. No language code is the default, for every language
 * without its own: English, as the bot answers any language but the Russian-like ones in English.
 */
const LANGUAGES: { code: LanguageCode | undefined; lang: 'ru' | 'en' }[] = [
  { code: undefined, lang: 'en' },
  { code: 'ru', lang: 'ru' },
  { code: 'en', lang: 'en' },
];

export interface BotSetupReport {
  /** what is registered (or already was as it should be) */
  done: string[];
  /** what Telegram refused or could not be reached for, with its reason */
  failed: string[];
  /** steps only BotFather can do, or settings to change here */
  manual: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const where = (code: string | undefined) => (code ? `[${code}]` : '[default]');

/**
 * Registers the bot with the Bot API: its commands, name, description and short description in
 * Russian and English (`language_code`), and the menu button that opens the Mini App. Each value is
 * read first and set only when it differs, so a start of every instance sends only reads (and
 * Telegram's strict limits on renaming a bot are not met). Every step is tried; what fails is
 * reported, never thrown. With `checkProfile` (the `npm run bot:setup` command) it also asks
 * Telegram who the bot is and lists the BotFather steps still to do.
 */
export async function setUpBot(config: Config, opts: { checkProfile?: boolean; api?: Api } = {}): Promise<BotSetupReport> {
  const report: BotSetupReport = { done: [], failed: [], manual: [] };
  if (!config.botToken) {
    report.manual.push('set BOT_TOKEN (BotFather /newbot gives it): without it there is no bot');
    return report;
  }
  const api = opts.api ?? botApi(config);
  const step = async (what: string, run: () => Promise<'set' | 'kept'>) => {
    try {
      report.done.push(`${what}: ${(await run()) === 'set' ? 'set' : 'already set'}`);
    } catch (err) {
      report.failed.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  /** Reads a value, and sets it when it is not what it should be (an unreadable answer counts as different). */
  const ensure = async <T>(read: () => Promise<unknown>, wanted: T, write: () => Promise<unknown>, pick: (v: unknown) => unknown = (v) => v) => {
    const now = await read().then(pick, () => undefined);
    if (same(now, wanted)) return 'kept' as const;
    await write();
    return 'set' as const;
  };
  const field = (name: string) => (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[name] : undefined);

  for (const { code, lang } of LANGUAGES) {
    const p = BOT_PROFILE[lang];
    const other = code ? { language_code: code } : {};
    const commands: BotCommand[] = p.commands.map((c) => ({ ...c }));
    await step(`commands ${where(code)}`, () =>
      ensure(() => api.getMyCommands(other), commands, () => api.setMyCommands(commands, other)),
    );
    await step(`name ${where(code)}`, () => ensure(() => api.getMyName(other), p.name, () => api.setMyName(p.name, other), field('name')));
    await step(`description ${where(code)}`, () =>
      ensure(() => api.getMyDescription(other), p.description, () => api.setMyDescription(p.description, other), field('description')),
    );
    await step(`short description ${where(code)}`, () =>
      ensure(
        () => api.getMyShortDescription(other),
        p.shortDescription,
        () => api.setMyShortDescription(p.shortDescription, other),
        field('short_description'),
      ),
    );
  }

  const appUrl = `${config.publicUrl}${MINI_APP_PATH}`;
  if (appUrl.startsWith('https://')) {
    const menu: MenuButton = { type: 'web_app', text: MENU_BUTTON_TEXT, web_app: { url: appUrl } };
    await step(`menu button → ${appUrl}`, () => ensure(() => api.getChatMenuButton(), menu, () => api.setChatMenuButton({ menu_button: menu })));
  } else {
    report.failed.push(`menu button: PUBLIC_URL must be an https:// address Telegram can open (it is ${config.publicUrl})`);
  }

  if (opts.checkProfile) await checkProfile(config, api, report, appUrl);
  return report;
}

/** What only BotFather can set, read back where the Bot API tells it, and the settings this server still lacks. */
async function checkProfile(config: Config, api: Api, report: BotSetupReport, appUrl: string) {
  const me = await api.getMe().catch((err: unknown) => {
    report.failed.push(`getMe: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  if (me && config.botUsername && me.username.toLowerCase() !== config.botUsername.toLowerCase()) {
    report.manual.push(`BOT_USERNAME is ${config.botUsername}, but this token is @${me.username}: set BOT_USERNAME=${me.username}`);
  } else if (me && !config.botUsername) {
    report.manual.push(`set BOT_USERNAME=${me.username} (links to the bot)`);
  }
  if (me && !me.supports_inline_queries) report.manual.push('BotFather → /setinline → choose the bot, placeholder «Найти открытку…»: inline mode (@bot день рождения in any chat)');
  if (me && !me.has_main_web_app) {
    report.manual.push(`BotFather → /mybots → the bot → Bot Settings → Configure Mini App → Enable Mini App, URL ${appUrl} (the «Open» button on its profile)`);
  }
  if (!config.botAppName) {
    report.manual.push(`BotFather → /newapp → the bot, URL ${appUrl}; then set BOT_APP_NAME to its short name (greeting links open the Mini App directly)`);
  } else {
    report.manual.push(`BotFather → /myapps → ${config.botAppName} → Edit Web App URL: it must be ${appUrl} (no API reads it back)`);
  }
  if (!config.botWebhookSecret && !config.botPolling) {
    report.manual.push('the bot gets no updates: set BOT_WEBHOOK_SECRET on every instance (webhook), or BOT_POLLING=true on exactly one');
  }
}

/** The report as lines for a person: what was done, what failed, what is left to do by hand. */
export function formatBotSetupReport(r: BotSetupReport): string {
  return [
    ...r.done.map((l) => `  ✓ ${l}`),
    ...r.failed.map((l) => `  ✗ ${l}`),
    ...(r.manual.length ? ['', 'Still to do by hand:', ...r.manual.map((l) => `  • ${l}`)] : []),
  ].join('\n');
}
