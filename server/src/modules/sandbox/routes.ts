import type { FastifyInstance } from 'fastify';
import { sandboxRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { sandboxService } from './service';

export function sandboxModule(app: FastifyInstance, deps: Deps) {
  const sandbox = sandboxService(deps);
  registerRoutes(app, sandboxRoutes, {
    'GET /api/sandbox/next': ({ user }) => sandbox.next(user.id),
    'GET /api/sandbox': ({ user, query }) => sandbox.list(user.id, query.offset, query.limit),
    'POST /api/sandbox/{id}/approve': ({ user, params }) => sandbox.vote(user.id, params.id, 'like'),
    'POST /api/sandbox/{id}/reject': ({ user, params }) => sandbox.vote(user.id, params.id, 'reject'),
    'GET /api/image_relations/sandbox/{id}/author': ({ user, params }) => sandbox.author(user, params.id),
    'GET /api/authors/by-relation/{id}': ({ user, params }) => sandbox.author(user, params.id),
  });
}
