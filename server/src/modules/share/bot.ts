import type { InlineQueryResult } from 'grammy/types';
import { InlineKeyboard } from 'grammy';
import { greetingWizardPath, telegramPostcardLink } from '@otkrytka/contract/rules/share';
import type { Deps } from '../../deps';
import { greetingLinks } from '../../platform/greeting-links';
import { BOT_ALLOWED_UPDATES, BOT_TEXTS, type BotLang, type BotPayments, createBot, greetingMessage, type InlineSource } from '../../platform/bot';
import { starsService } from '../stars';
import { shareRepo as repo } from './repo';
import { greetingMessagePictures } from './service';

const PAGE = 20;
const MY_GREETINGS = 5;

/**
 * Inline mode: gallery postcards matching every word of the query (title, description, category in
 * either language),
 * and first, for a sender whose Telegram account is linked, their newest greetings.
 */
export function inlineSource(deps: Deps): InlineSource {
  const { db, config } = deps;
  const base = config.publicUrl;
  const links = greetingLinks(config);
  return async ({ query, offset, telegramId, lang }) => {
    const words = query.trim().toLowerCase().split(/\s+/).filter((w) => w.length > 0).slice(0, 5);
    const start = /^\d{1,6}$/.test(offset) ? Number(offset) : 0;
    const results: InlineQueryResult[] = [];
    if (start === 0) {
      const user = await repo.userIdByTelegramId(db, String(telegramId));
      if (user) {
        for (const g of await repo.recentGreetings(db, user.id, words.join(' '), MY_GREETINGS)) {
          const link = links.forTelegramMessage(g.public_id);
          results.push(
            greetingMessage({ id: g.public_id, toWhom: g.to_whom, ...greetingMessagePictures(base, g, lang, deps.clock.now()), link, lang }),
          );
        }
      }
    }
    const postcards = await repo.searchGallery(db, config.galleryCollectionId, words, PAGE, start);
    for (const p of postcards) results.push(postcardResult(p, base, lang, config));
    return { results, nextOffset: postcards.length === PAGE ? String(start + PAGE) : '' };
  };
}

function postcardResult(
  p: { id: number; title: string | null; description: string | null; collection_id: number; category_name: string | null; category_name_en: string | null },
  base: string,
  lang: BotLang,
  bot: { botUsername?: string; botAppName?: string },
): InlineQueryResult {
  const t = BOT_TEXTS[lang];
  // into the Mini App where there is one (an inline result takes no web_app button), else the website
  const make = telegramPostcardLink({ username: bot.botUsername, appName: bot.botAppName }, p.collection_id, p.id) ?? `${base}${greetingWizardPath(p.collection_id, p.id)}`;
  const title = p.title || (lang === 'ru' ? 'Открытка' : 'Postcard');
  return {
    type: 'photo',
    id: `p_${p.id}`,
    photo_url: `${base}/og/postcard/${p.id}/wide.jpg?lang=${lang}`,
    thumbnail_url: `${base}/og/postcard/${p.id}/square.jpg?lang=${lang}`,
    photo_width: 1200,
    photo_height: 630,
    title,
    description: [(lang === 'en' && p.category_name_en) || p.category_name, p.description].filter(Boolean).join(' · ').slice(0, 120),
    caption: title,
    reply_markup: new InlineKeyboard().url(t.makeGreeting, make),
  };
}

/** How often a payment is tried again when it cannot be recorded at once (polling gets no second delivery). */
const PAYMENT_TRIES = 3;

/** The bot's payments: answered and recorded by the Stars pipeline. */
function payments(deps: Deps): BotPayments {
  const stars = starsService(deps);
  return {
    preCheckout: (q) => stars.orders.preCheckout(q),
    async paid(p) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await stars.orders.paid(p);
        } catch (err) {
          if (attempt >= PAYMENT_TRIES) throw err;
          deps.log.warn({ err, charge: p.chargeId }, 'stars: a payment could not be recorded; trying again');
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    },
  };
}

/** The bot of this server, with inline mode reading our database, and payments in Stars. */
export function createAppBot(deps: Deps) {
  const { config } = deps;
  if (!config.botToken) throw new Error('BOT_TOKEN is not set');
  const bot = createBot({
    token: config.botToken,
    publicUrl: config.publicUrl,
    apiRoot: config.botApiRoot,
    appName: config.botAppName,
    greetingExists: (publicId) => repo.greetingExists(deps.db, publicId),
    // kept as well as it can be: the bot's answer does not wait on it failing
    allowedToWrite: (telegramId) =>
      repo.setBotMayWrite(deps.db, String(telegramId), true, deps.clock.now().toISOString()).catch((err: unknown) => deps.log.warn({ err }, 'telegram: could not keep that the bot may write to a user')),
    inline: inlineSource(deps),
    payments: payments(deps),
  });
  // polling asks for the same updates as the webhook (pre-checkout queries among them)
  const start = bot.start.bind(bot);
  bot.start = (options) => start({ allowed_updates: [...BOT_ALLOWED_UPDATES], ...options });
  return bot;
}
