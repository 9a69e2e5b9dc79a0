import type { FastifyInstance } from 'fastify';
import { gameRoutes, productionRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { productionService } from './production';
import { gameService } from './service';
import { gameSubscribers } from './subscribers';

/** The game's routes: energy, spin, levels, quests, achievements, daily reward, crystals, production. */
export function gameModule(app: FastifyInstance, deps: Deps) {
  const game = gameService(deps);
  const production = productionService(deps);
  gameSubscribers(deps);
  registerRoutes(app, gameRoutes, {
    'GET /api/user-game-data/summary': ({ user }) => game.summary(user.id),
    'GET /api/user-game-data/energy-status': ({ user }) => game.energyStatus(user.id),
    'GET /api/user-game-data/full': ({ user }) => game.full(user.id),
    'POST /api/user-game-data/spend-energy-v2': ({ user, body }) => game.spend(user.id, body.energy_points, body.reason),
    'POST /api/user-game-data/add-yang-energy': ({ user, body }) => game.add(user, 'yang', body.energy_points, body.reason),
    'POST /api/user-game-data/add-yin-energy': ({ user, body }) => game.add(user, 'yin', body.energy_points, body.reason),
    'POST /api/game/spin/start': ({ user }) => game.startSpin(user.id),
    'POST /api/game/spin': ({ user, body }) => game.finishSpin(user.id, body),
    'GET /api/game/level': ({ user }) => game.level(user.id),
    'GET /api/game/top-players': ({ user, query }) => game.topPlayers(user.id, query.limit, query.offset),
    'GET /api/game/quests': ({ user }) => game.quests(user.id),
    'POST /api/game/quests/{id}/claim': ({ user, params }) => game.claimQuest(user.id, params.id),
    'GET /api/game/achievements': ({ user }) => game.achievements(user.id),
    'GET /api/game/daily-reward': ({ user }) => game.dailyReward(user.id),
    'POST /api/game/daily-reward/claim': ({ user }) => game.claimDailyReward(user.id),
    'GET /api/game/crystals': ({ user }) => game.crystals(user.id),
    'POST /api/game/crystals/send': ({ user, body }) => game.sendCrystal(user.id, body.amount),
  });
  registerRoutes(app, productionRoutes, {
    'GET /api/production/cards': ({ user }) => production.cards(user.id),
    'GET /api/production/queue': ({ user }) => production.queue(user.id),
    'GET /api/production/resources': ({ user }) => production.resources(user.id),
    'POST /api/production/start': ({ user, body }) => production.start(user.id, body.card_type),
    'POST /api/production/complete': ({ user, body }) => production.complete(user.id, body.production_id),
    'POST /api/production/upgrade': ({ user, body }) => production.upgrade(user.id, body.card_type),
  });
}
