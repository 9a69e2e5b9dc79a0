import type { FastifyInstance } from 'fastify';
import { sandboxRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { omitRoutes, registerRoutes } from '../../http/routes';
import { SANDBOX_VOTE_ROUTES } from '../votes';
import { sandboxService } from './service';

export function sandboxModule(app: FastifyInstance, deps: Deps) {
  const sandbox = sandboxService(deps);
  registerRoutes(app, omitRoutes(sandboxRoutes, SANDBOX_VOTE_ROUTES), {
    'GET /api/sandbox/next': ({ user }) => sandbox.next(user.id),
    'GET /api/sandbox': ({ user, query }) => sandbox.list(user.id, query.offset, query.limit),
    'GET /api/image_relations/sandbox/{id}/author': ({ user, params }) => sandbox.author(user, params.id),
    'GET /api/authors/by-relation/{id}': ({ user, params }) => sandbox.author(user, params.id),
  });
}
