import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, invalid, notConfigured } from '../../http/errors';
import { retryingTx } from '../../jobs/runner';
import { ManualClock } from '../../platform/clock';
import { signInitData } from '../../platform/telegram';

/** Path prefix of every test-only endpoint; none of them exists unless `config.testHooks`. */
export const TEST_HOOKS_PREFIX = '/api/test-hooks';

const ClockAdvanceBody = z.object({ ms: z.number().int().min(0).max(366 * 24 * 3600_000) });

const GalleryFillBody = z.object({ count: z.number().int().min(1).max(2000) });

const TelegramInitDataBody = z.object({
  user: z.object({
    id: z.number().int().positive(),
    username: z.string().max(64).optional(),
    first_name: z.string().max(64).optional(),
    last_name: z.string().max(64).optional(),
    language_code: z.string().max(8).optional(),
    is_premium: z.boolean().optional(),
    /** whether the user allowed the bot to write to them (Telegram leaves it out when not) */
    allows_write_to_pm: z.boolean().optional(),
  }),
  start_param: z.string().max(64).optional(),
});

/**
 * Endpoints that only end-to-end runs and local development use (ENABLE_TEST_HOOKS=true, never in
 * production). They are left out of the API document.
 */
export function testHooksModule(app: FastifyInstance, deps: Deps): void {
  if (!deps.config.testHooks) return;

  // Moves the server's clock (a ManualClock whenever test hooks are on), so runs never sleep.
  app.post(`${TEST_HOOKS_PREFIX}/clock/advance`, { schema: { hide: true } }, async (req) => {
    const parsed = ClockAdvanceBody.safeParse(req.body);
    if (!parsed.success) throw invalid('ms', 'a whole number of milliseconds from 0 up to a year');
    if (!(deps.clock instanceof ManualClock)) throw new AppError(409, 'CLOCK_NOT_MOVABLE', 'The server clock is not a ManualClock');
    deps.clock.advance(parsed.data.ms);
    await deps.jobs.runDue(); // jobs that came due run now, as the poller would
    return { now: deps.clock.now().toISOString() };
  });

  // Adds `count` approved gallery postcards (copies of the newest one's media) in a category of
  // their own, older than everything else, so a listing deeper than any page can be browsed.
  app.post(`${TEST_HOOKS_PREFIX}/gallery/fill`, { schema: { hide: true } }, async (req) => {
    const parsed = GalleryFillBody.safeParse(req.body);
    if (!parsed.success) throw invalid('count', 'a whole number from 1 to 2000');
    const { db, config } = deps;
    const model = await db
      .selectFrom('image_relations')
      .selectAll()
      .where('collection_id', '=', config.galleryCollectionId)
      .where('is_approved', '=', 1)
      .where('is_banned', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!model) throw new AppError(409, 'GALLERY_EMPTY', 'The gallery has no postcard to copy');
    const { id: _id, ...copy } = model;
    const at = deps.clock.now().toISOString();
    return retryingTx(db, async (trx) => {
      const category = await trx
        .insertInto('categories')
        .values({ user_id: model.user_id, name: `Много открыток ${Date.now() % 100000}`, name_en: 'Many postcards', group_id: null, position: 999, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const start = Date.parse('2020-01-01T00:00:00.000Z');
      const rows = Array.from({ length: parsed.data.count }, (_, i) => ({
        ...copy,
        category_id: category.id,
        title: `№ ${i + 1}`,
        likes_count: (i * 7) % 13,
        created_at: new Date(start - i * 60_000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('image_relations').values(rows.slice(i, i + 200)).execute();
      return { category_id: category.id };
    });
  });

  // Signs Telegram initData with the configured bot token, so the web app's Telegram mock can
  // sign in through the real POST /api/auth/telegram check.
  app.post(
    `${TEST_HOOKS_PREFIX}/telegram-init-data`,
    { schema: { hide: true, body: TelegramInitDataBody } },
    async (req) => {
      const body = req.body as z.infer<typeof TelegramInitDataBody>;
      if (!deps.config.botToken) throw notConfigured('BOT_TOKEN is not set, so there is nothing to sign initData with');
      // the SDK in the browser insists on a `signature` field, as current Telegram clients send one
      const signature = crypto.randomBytes(64).toString('base64url');
      const init_data = signInitData({ user: body.user, start_param: body.start_param, signature }, deps.config.botToken, deps.clock.now());
      return { init_data };
    },
  );
}
