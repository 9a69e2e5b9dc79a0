import type { FastifyInstance } from 'fastify';
import { moderationRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { moderationService } from './service';

export function moderationModule(app: FastifyInstance, deps: Deps) {
  const moderation = moderationService(deps);
  registerRoutes(app, moderationRoutes, {
    'GET /api/moderation/queue': ({ query }) => moderation.queue(query.offset, query.limit),
    'GET /api/moderation/next': ({ query }) => moderation.next(query.exclude),
    'GET /api/moderation/stats': () => moderation.stats(),
    'GET /api/moderation/postcards/{id}': ({ params }) => moderation.card(params.id),
    'POST /api/moderation/{id}/approve': ({ params }) => moderation.approve(params.id),
    'POST /api/moderation/{id}/ban': ({ params }) => moderation.ban(params.id),
    'GET /api/moderation/complaints': ({ query }) => moderation.reported(query.offset, query.limit),
    'POST /api/moderation/complaints/{id}/dismiss': ({ params }) => moderation.dismissReports(params.id),
  });
}
