import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { ErrorCode } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, authRequired, conflict, invalid } from '../../http/errors';
import { BOT_ALLOWED_UPDATES, botApi } from '../../platform/bot';
import { telegramUpdatesRepo } from './repo';

/** Where Telegram posts the bot's updates when BOT_WEBHOOK_SECRET is set. */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';
/**
 * How long an update may keep Telegram waiting: past this it gets its 200 while the bot finishes,
 * as Telegram sends an update it got no answer to again (and the user would get two replies).
 */
export const WEBHOOK_ANSWER_WITHIN_MS = 8_000;
/**
 * An update claimed this long ago and never handled was lost with the instance that claimed it:
 * the next delivery takes it over.
 */
export const UPDATE_CLAIM_STALE_MS = 60_000;

const isUpdate = (v: unknown): v is Update =>
  typeof v === 'object' && v !== null && Number.isSafeInteger((v as { update_id?: unknown }).update_id);

/**
 * The bot by webhook: Telegram posts each update here with the secret in
 * `X-Telegram-Bot-Api-Secret-Token`, so any instance behind the balancer can answer it (long
 * polling, BOT_POLLING, must run on exactly one). The secret is checked before the body is looked at.
 */
export function telegramWebhookRoute(app: FastifyInstance, deps: Deps, answerWithinMs = WEBHOOK_ANSWER_WITHIN_MS): void {
  const { config, log, db } = deps;
  if (!config.botToken || !config.botWebhookSecret) return;
  const expected = Buffer.from(config.botWebhookSecret);
  let ready: Promise<Bot> | undefined;
  // grammY and the bot's inline search load with the first update, not at start
  const bot = () =>
    (ready ??= import('./bot').then(async ({ createAppBot }) => {
      const b = createAppBot(deps);
      await b.init();
      return b;
    })).catch((err: unknown) => {
      ready = undefined;
      log.warn({ err }, 'telegram bot could not start; Telegram will send the update again');
      throw new AppError(503, ErrorCode.BUSY, 'The bot cannot reach Telegram right now; the update will be sent again');
    });

  app.post(
    TELEGRAM_WEBHOOK_PATH,
    {
      schema: { hide: true },
      onRequest: async (req) => {
        const given = Buffer.from(String(req.headers['x-telegram-bot-api-secret-token'] ?? ''));
        if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw authRequired('A valid webhook secret token is required');
      },
    },
    async (req) => {
      if (!isUpdate(req.body)) throw invalid('update_id', 'expected a Telegram update with an integer update_id');
      const b = await bot();
      const updateId = req.body.update_id;
      // Telegram sends an update again when it saw no answer to it, to this instance or another
      const now = deps.clock.now();
      const claim = await telegramUpdatesRepo.claim(db, updateId, now.toISOString(), new Date(now.getTime() - UPDATE_CLAIM_STALE_MS).toISOString());
      if (claim === 'handled') return { ok: true };
      // Telegram retries it later, by when it is handled (or the claim is stale)
      if (claim === 'in-hand') throw conflict('This update is being answered; it will be sent again');
      // answered 200 all the same when it fails: Telegram would send a failing update again and
      // again, ahead of the rest
      // a payment that could not be recorded is not marked handled and is refused, so Telegram
      // sends it again (its claim goes stale meanwhile); any other failing update is answered 200
      // all the same, as Telegram would send it again and again, ahead of the rest
      const isPayment = Boolean((req.body as { message?: { successful_payment?: unknown } }).message?.successful_payment);
      const handled = b
        .handleUpdate(req.body)
        .then(
          () => true,
          (err: unknown) => {
            log.error({ err, update_id: updateId }, 'telegram bot failed on an update');
            return !isPayment;
          },
        )
        .then(async (done) => {
          if (!done) return 'again' as const;
          await telegramUpdatesRepo.markHandled(db, updateId, deps.clock.now().toISOString());
          return true;
        })
        .then(
          (r) => r,
          (err: unknown) => {
            log.error({ err, update_id: updateId }, 'telegram update handled but not marked so');
            return true;
          },
        );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), answerWithinMs)));
      const outcome = await Promise.race([handled, late]);
      clearTimeout(timer);
      if (outcome === false) log.warn({ update_id: updateId }, 'telegram update answered before the bot finished it');
      if (outcome === 'again') throw new AppError(503, ErrorCode.BUSY, 'The payment could not be recorded; send it again');
      return { ok: true };
    },
  );
}

/** Tells Telegram where to post the bot's updates (idempotent: every instance may call it at start). */
export async function setTelegramWebhook(deps: Pick<Deps, 'config'>): Promise<void> {
  const { config } = deps;
  if (!config.botToken || !config.botWebhookSecret) return;
  await botApi(config).setWebhook(`${config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`, {
    secret_token: config.botWebhookSecret,
    allowed_updates: [...BOT_ALLOWED_UPDATES],
  });
}
