import type { FastifyInstance } from 'fastify';
import { gameRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { gameService } from './service';
import { gameSubscribers } from './subscribers';

export function gameModule(app: FastifyInstance, deps: Deps) {
  const game = gameService(deps);
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
}
