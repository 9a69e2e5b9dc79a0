import type { FastifyInstance } from 'fastify';
import { productionRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { productionService } from './service';

/** How often each instance announces finished production (the notices are written once, whoever finds them). */
const SWEEP_EVERY_MS = 10_000;

export function productionModule(app: FastifyInstance, deps: Deps) {
  const production = productionService(deps);
  registerRoutes(app, productionRoutes, {
    'GET /api/production/cards': ({ user }) => production.cards(user.id),
    'GET /api/production/queue': ({ user }) => production.queue(user.id),
    'GET /api/production/resources': ({ user }) => production.resources(user.id),
    'POST /api/production/start': ({ user, body }) => production.start(user.id, body.card_type),
    'POST /api/production/complete': ({ user, body }) => production.complete(user.id, body.production_id),
    'POST /api/production/upgrade': ({ user, body }) => production.upgrade(user.id, body.card_type),
  });

  // live production_complete notices; API tests drive time by hand and read the queue instead
  if (deps.config.env !== 'test' || deps.config.testHooks) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        production.sweep().catch((err: unknown) => deps.log.warn({ err }, 'production sweep failed'));
      }, SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return production;
}
