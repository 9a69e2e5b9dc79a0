import type { FastifyInstance } from 'fastify';
import { sandboxRoutes, votesRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { pickRoutes, registerRoutes } from '../../http/routes';
import { votesService } from './service';
import { votesSubscribers } from './subscribers';

/** The sandbox's vote buttons count here, with the viewer's likes (the sandbox lists; votes count). */
export const SANDBOX_VOTE_ROUTES = ['POST /api/sandbox/{id}/approve', 'POST /api/sandbox/{id}/reject'] as const;

export function votesModule(app: FastifyInstance, deps: Deps) {
  const votes = votesService(deps);
  votesSubscribers(deps);
  registerRoutes(app, votesRoutes, {
    'GET /api/image_relations/{id}/user-vote': ({ user, params }) => votes.userVote(user, params.id),
    'POST /api/image_relations/{id}/approve': ({ user, params }) => votes.toggle(user.id, params.id, 'like'),
    'POST /api/image_relations/{id}/reject': ({ user, params }) => votes.toggle(user.id, params.id, 'reject'),
  });
  registerRoutes(app, pickRoutes(sandboxRoutes, SANDBOX_VOTE_ROUTES), {
    'POST /api/sandbox/{id}/approve': ({ user, params }) => votes.voteInSandbox(user.id, params.id, 'like'),
    'POST /api/sandbox/{id}/reject': ({ user, params }) => votes.voteInSandbox(user.id, params.id, 'reject'),
  });
}
