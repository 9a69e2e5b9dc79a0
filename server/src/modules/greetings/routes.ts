import type { FastifyInstance } from 'fastify';
import { type Greeting, greetingsRoutes, REPORT_LIMITS } from '@otkrytka/contract';
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
    // group cards (docs/PRODUCT-RULES.md, group cards)
    'GET /api/greetings/signed': ({ user, query }) => greetings.listSigned(user, query),
    'POST /api/greetings/{id}/invite': ({ user, params }) => greetings.newInvite(user, params.id),
    'POST /api/greetings/{id}/invite/telegram-message': ({ user, params }) => greetings.inviteTelegramMessage(user, params.id),
    'GET /api/greetings/{id}/join/{invite}': ({ user, params }) => greetings.join(user, params.id, params.invite),
    'GET /api/greetings/{id}/contributions': ({ user, params }) => greetings.contributions(user, params.id),
    'POST /api/greetings/{id}/contributions': ({ user, params, body }) => greetings.contribute(user, params.id, body),
    'PATCH /api/greetings/{id}/contributions/{contribution_id}': ({ user, params, body }) =>
      greetings.updateContribution(user, params.id, params.contribution_id, body),
    'DELETE /api/greetings/{id}/contributions/{contribution_id}': ({ user, params }) => greetings.removeContribution(user, params.id, params.contribution_id),
    'POST /api/greetings/{id}/contributions/{contribution_id}/report': ({ user, params, body }) =>
      greetings.report(user, params.id, params.contribution_id, body),
    'POST /api/greetings/{id}/deliver': async ({ user, params }) => {
      await greetings.deliver(user, params.id);
      return greetings.get(params.id, user) as Promise<Greeting>;
    },
    'GET /api/moderation/contributions': ({ query }) => greetings.reported(query),
    'DELETE /api/moderation/contributions/{id}': ({ params }) => greetings.moderatorRemove(params.id),
    'POST /api/moderation/contributions/{id}/dismiss': ({ params }) => greetings.dismissReports(params.id),
  }, {
    // one small write; a viewer counts once per 30 minutes anyway
    'POST /api/greetings/{id}/open': { rateLimit: { max: 120, timeWindow: '1 minute' } },
    // visitors may report a delivered card's note, as they may report a postcard
    'POST /api/greetings/{id}/contributions/{contribution_id}/report': { rateLimit: { max: REPORT_LIMITS.perIpPerMinute, timeWindow: '1 minute' } },
  });
  return greetings;
}
