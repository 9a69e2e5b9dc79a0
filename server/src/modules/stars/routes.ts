import type { FastifyInstance } from 'fastify';
import { ErrorCode, starsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { starsService, telegramBuyer } from './service';

const { 'GET /api/stars/packs': _packs, 'POST /api/stars/packs/{id}/order': _order, ...ownRoutes } = starsRoutes;

/** How often the orders are checked against Telegram's Star transactions. */
export const RECONCILE_EVERY_MS = 24 * 3600_000;

/**
 * The Stars routes this module answers (the energy packs' are the shop's), its jobs, the nightly
 * reconciliation and the gift previews.
 */
export function starsModule(app: FastifyInstance, deps: Deps) {
  const stars = starsService(deps);
  registerRoutes(app, ownRoutes, {
    'GET /api/stars/gifts': async ({ user }) => {
      await telegramBuyer(deps, user);
      return stars.gifts.list();
    },
    'GET /api/stars/orders/{id}': ({ user, params }) => stars.myOrder(user, params.id),
    'GET /api/stars/admin/orders': ({ query }) => stars.orders.page(query),
    'POST /api/stars/admin/orders/{id}/refund': async ({ params, body }) => {
      const done = await stars.orders.moderatorRefund(params.id, body.reason);
      return (await stars.orders.page({ id: done.id, offset: 0, limit: 1 })).items[0]!;
    },
  });

  // the sticker's still picture: public (it is Telegram's own artwork), kept a day by browsers
  app.get('/api/stars/gifts/:id/preview', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const found = /^\d{1,32}$/.test(id) ? await stars.gifts.preview(id) : null;
    if (!found) return reply.status(404).send({ detail: 'No preview of this gift', code: ErrorCode.NOT_FOUND });
    return reply.type(found.type).header('cache-control', 'public, max-age=86400').send(found.bytes);
  });

  // its jobs are defined by the greetings module, which names a failed gift's greeting (greetings/telegram-gift.ts)
  if (deps.config.botToken) {
    deps.jobs.every('stars.reconcile', RECONCILE_EVERY_MS, async () => {
      deps.jobs.inBackground('stars reconciliation', () => stars.reconcile());
    });
  }
}
