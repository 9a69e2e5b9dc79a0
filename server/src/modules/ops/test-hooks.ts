import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { notConfigured } from '../../http/errors';
import { signInitData } from '../../platform/telegram';

/** Path prefix of every test-only endpoint; none of them exists unless `config.testHooks`. */
export const TEST_HOOKS_PREFIX = '/api/test-hooks';

const TelegramInitDataBody = z.object({
  user: z.object({
    id: z.number().int().positive(),
    username: z.string().max(64).optional(),
    first_name: z.string().max(64).optional(),
    last_name: z.string().max(64).optional(),
    language_code: z.string().max(8).optional(),
  }),
  start_param: z.string().max(64).optional(),
});

/**
 * Endpoints that only end-to-end runs and local development use (ENABLE_TEST_HOOKS=true, never in
 * production). They are left out of the API document.
 */
export function testHooksModule(app: FastifyInstance, deps: Deps): void {
  if (!deps.config.testHooks) return;

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
