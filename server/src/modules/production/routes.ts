import type { FastifyInstance } from 'fastify';
import { productionRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { openGame } from '../game/engine';
import { announceReady, productionService } from './service';

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
  // a run's notice is written when it is ready, whether or not the player is looking
  deps.jobs.define('production.ready', async (trx, e) => announceReady(await openGame(trx, deps, e.userId)));
  return production;
}
