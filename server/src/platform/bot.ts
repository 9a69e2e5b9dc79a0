import { Bot, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';

/** Greeting links shared into Telegram use `?start=card=<public id>`; the id alphabet is base64url. */
const CARD_PAYLOAD = /^card=([A-Za-z0-9_-]{1,64})$/;

export interface BotOptions {
  token: string;
  publicUrl: string;
  /** given in tests so the bot does not ask Telegram who it is */
  botInfo?: UserFromGetMe;
}

/** Where a /start payload leads inside the Mini App. */
export function startTarget(payload: string, publicUrl: string): { url: string; isGreeting: boolean } {
  const card = CARD_PAYLOAD.exec(payload.trim());
  if (card) return { url: `${publicUrl}/telegram/greeting/${card[1]}?view=true`, isGreeting: true };
  return { url: `${publicUrl}/telegram/gallery`, isGreeting: false };
}

/**
 * The Telegram bot: answers /start with a button that opens the Mini App — on the greeting when
 * the link carried one, on the gallery otherwise.
 */
export function createBot(opts: BotOptions): Bot {
  const bot = new Bot(opts.token, opts.botInfo ? { botInfo: opts.botInfo } : {});
  bot.command('start', async (ctx) => {
    const target = startTarget(String(ctx.match ?? ''), opts.publicUrl);
    const text = target.isGreeting
      ? '💌 Вам пришло поздравление! Нажмите кнопку, чтобы открыть его.'
      : 'Открытка — открытки и поздравления для близких. Откройте галерею!';
    const button = target.isGreeting ? '🎉 Открыть поздравление' : '✨ Открыть галерею';
    await ctx.reply(text, { reply_markup: new InlineKeyboard().webApp(button, target.url) });
  });
  return bot;
}
