import type { TelegramGiftOffer, TelegramGiftOffers } from '@otkrytka/contract';
import type { Gift } from 'grammy/types';
import type { Deps } from '../../deps';
import { AppError, notConfigured } from '../../http/errors';
import { ErrorCode } from '@otkrytka/contract';
import { botApi } from '../../platform/bot';
import { GIFT_TEXT_MAX } from './orders';

/** How long the list of gifts from getAvailableGifts is kept before it is asked again. */
export const GIFTS_CACHE_MS = 10 * 60_000;
const PREVIEWS_KEPT = 200;

/**
 * The Telegram gifts on offer (docs/PRODUCT-RULES.md, Stars): getAvailableGifts, kept for ten
 * minutes per instance; a limited gift with none left is not offered. Each sticker's still
 * thumbnail is fetched from Telegram once and served by us.
 */
export function telegramGiftCatalog(deps: Deps) {
  const { config, log } = deps;
  let kept: { at: number; gifts: Gift[] } | undefined;
  let asking: Promise<Gift[]> | undefined;
  const previews = new Map<string, Promise<{ bytes: Buffer; type: string } | null>>();

  async function all(): Promise<Gift[]> {
    const at = deps.clock.now().getTime();
    if (kept && at - kept.at < GIFTS_CACHE_MS) return kept.gifts;
    asking ??= (async () => {
      if (!config.botToken) throw notConfigured('Telegram gifts need the bot (BOT_TOKEN is not set)');
      try {
        const { gifts } = await botApi(config).getAvailableGifts();
        kept = { at, gifts };
        return gifts;
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.warn({ err }, 'stars: getAvailableGifts failed');
        if (kept) return kept.gifts;
        throw new AppError(503, ErrorCode.TELEGRAM_UNAVAILABLE, 'Telegram did not list its gifts; try again');
      }
    })().finally(() => (asking = undefined));
    return asking;
  }

  const offered = (g: Gift) => !(g.total_count !== undefined && (g.remaining_count ?? 0) <= 0);

  const toOffer = (g: Gift): TelegramGiftOffer => ({
    id: g.id,
    star_count: g.star_count,
    emoji: g.sticker.emoji ?? null,
    preview_url: g.sticker.thumbnail ? `/api/stars/gifts/${encodeURIComponent(g.id)}/preview` : null,
    remaining_count: g.total_count !== undefined ? (g.remaining_count ?? 0) : null,
    total_count: g.total_count ?? null,
  });

  return {
    async list(): Promise<TelegramGiftOffers> {
      const gifts = (await all()).filter(offered).sort((a, b) => a.star_count - b.star_count);
      return { gifts: gifts.map(toOffer), text_limit: GIFT_TEXT_MAX };
    },

    /** The gift of this id when it is on offer now (cached list). */
    async offer(id: string): Promise<Gift | undefined> {
      return (await all()).find((g) => g.id === id && offered(g));
    },

    /** The sticker's still thumbnail (webp or jpeg), or null. */
    async preview(id: string): Promise<{ bytes: Buffer; type: string } | null> {
      const gift = (await all()).find((g) => g.id === id);
      const thumb = gift?.sticker.thumbnail;
      if (!thumb) return null;
      let p = previews.get(thumb.file_unique_id);
      if (!p) {
        if (previews.size >= PREVIEWS_KEPT) previews.delete(previews.keys().next().value!);
        p = (async () => {
          const file = await botApi(config).getFile(thumb.file_id);
          if (!file.file_path) return null;
          const res = await fetch(`${config.botApiRoot}/file/bot${config.botToken}/${file.file_path}`, { signal: AbortSignal.timeout(15_000) });
          if (!res.ok) return null;
          const bytes = Buffer.from(await res.arrayBuffer());
          return { bytes, type: file.file_path.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' };
        })().catch((err: unknown) => {
          log.warn({ err, gift: id }, 'stars: a gift preview could not be fetched');
          previews.delete(thumb.file_unique_id);
          return null;
        });
        previews.set(thumb.file_unique_id, p);
      }
      return p;
    },
  };
}

export type TelegramGiftCatalog = ReturnType<typeof telegramGiftCatalog>;
