import type { FastifyInstance } from 'fastify';
import { bookmarksRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { bookmarksService } from './service';

export function bookmarksModule(app: FastifyInstance, deps: Deps) {
  const bookmarks = bookmarksService(deps);
  registerRoutes(app, bookmarksRoutes, {
    'GET /api/bookmarks': ({ user, query }) => bookmarks.list(user, query.offset, query.limit),
    'POST /api/bookmarks': ({ user, body }) => bookmarks.add(user, body.image_relation_id),
    'DELETE /api/bookmarks/{image_relation_id}': ({ user, params }) => bookmarks.remove(user, params.image_relation_id),
  });
}
