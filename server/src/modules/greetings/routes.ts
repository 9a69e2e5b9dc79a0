import type { FastifyInstance } from 'fastify';
import { greetingsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { greetingsService } from './service';
import { greetingSubscribers } from './subscribers';

export function greetingsModule(app: FastifyInstance, deps: Deps) {
  const greetings = greetingsService(deps);
  greetingSubscribers(deps);
  registerRoutes(app, greetingsRoutes, {
    'POST /api/greetings': ({ user, body }) => greetings.create(user, body),
    'GET /api/greetings/created': ({ user, query }) => greetings.listCreated(user, query),
    'GET /api/greetings/received': ({ user, query }) => greetings.listReceived(user, query),
    'GET /api/greetings/accepted': ({ user, query }) => greetings.listAccepted(user, query),
    'GET /api/greetings/{id}': ({ user, params }) => greetings.get(params.id, user),
    'POST /api/greetings/{id}/open': ({ user, params, req }) => greetings.open(params.id, user, { ip: req.ip, userAgent: req.headers['user-agent'] }),
    'PATCH /api/greetings/{id}': ({ user, params, body }) => greetings.update(user, params.id, body),
    'DELETE /api/greetings/{id}': ({ user, params }) => greetings.remove(user, params.id),
    'GET /api/greetings/{id}/accepted': ({ user, params }) => greetings.acceptance(user, params.id),
    'POST /api/greetings/{id}/accept': ({ user, params }) => greetings.accept(user, params.id),
    'PUT /api/greetings/{id}/reply': ({ user, params, body }) => greetings.reply(user, params.id, body),
    'DELETE /api/greetings/accepted/{id}': ({ user, params }) => greetings.removeAccepted(user, params.id),
    'DELETE /api/greetings/received/{id}': ({ user, params }) => greetings.removeReceived(user, params.id),
  }, {
    // one small write; a viewer counts once per 30 minutes anyway
    'POST /api/greetings/{id}/open': { rateLimit: { max: 120, timeWindow: '1 minute' } },
  });
  return greetings;
}
