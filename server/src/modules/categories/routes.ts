import type { FastifyInstance } from 'fastify';
import { categoriesRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { categoriesService } from './service';

export function categoriesModule(app: FastifyInstance, deps: Deps) {
  const categories = categoriesService(deps);
  registerRoutes(app, categoriesRoutes, {
    'GET /api/categories': ({ user, query }) => categories.categories(user, query.collection_id),
    'GET /api/categories/grouped': ({ user, query }) => categories.grouped(user, query.collection_id),
    'POST /api/categories': ({ user, body }) => categories.createCategory(user, body),
    'PUT /api/categories/order': ({ user, body }) => categories.reorder(user, body),
    'PATCH /api/categories/{id}': ({ user, params, body }) => categories.updateCategory(user, params.id, body),
    'DELETE /api/categories/{id}': ({ user, params }) => categories.deleteCategory(user, params.id),
    'GET /api/category-groups': ({ user, query }) => categories.groups(user, query.collection_id),
    'POST /api/category-groups': ({ user, body }) => categories.createGroup(user, body),
    'PATCH /api/category-groups/{id}': ({ user, params, body }) => categories.updateGroup(user, params.id, body),
    'DELETE /api/category-groups/{id}': ({ user, params }) => categories.deleteGroup(user, params.id),
  });
}
