import type { FastifyInstance } from 'fastify';
import { votesRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { votesService } from './service';

export function votesModule(app: FastifyInstance, deps: Deps) {
  const votes = votesService(deps);
  registerRoutes(app, votesRoutes, {
    'GET /api/image_relations/{id}/user-vote': ({ user, params }) => votes.userVote(user, params.id),
    'POST /api/image_relations/{id}/approve': ({ user, params }) => votes.toggle(user.id, params.id, 'like'),
    'POST /api/image_relations/{id}/reject': ({ user, params }) => votes.toggle(user.id, params.id, 'reject'),
  });
}
