import type { FastifyInstance } from 'fastify';
import { postcardsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { postcardsService } from './service';

export function postcardsModule(app: FastifyInstance, deps: Deps) {
  const postcards = postcardsService(deps);
  registerRoutes(app, postcardsRoutes, {
    'POST /api/image_relations': ({ user, body }) => postcards.create(user, body),
    'GET /api/image_relations': ({ user, query }) => postcards.list(user, query),
    'GET /api/image_relations/{id}': ({ user, params }) => postcards.get(user, params.id),
    'DELETE /api/image_relations/{id}': ({ user, params }) => postcards.remove(user, params.id),
  });
}
