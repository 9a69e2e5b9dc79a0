import type { FastifyInstance } from 'fastify';
import { channelsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { omitRoutes, registerRoutes } from '../../http/routes';
import { channelsService } from './service';

/** A channel's postcards are the postcards module's to list. */
export const CHANNEL_LISTING_ROUTES = [
  'GET /api/collections/{id}/postcards',
  'GET /api/collections/{id}/window',
  'GET /api/subscriptions/postcards',
] as const;

export function channelsModule(app: FastifyInstance, deps: Deps) {
  const channels = channelsService(deps);
  registerRoutes(app, omitRoutes(channelsRoutes, CHANNEL_LISTING_ROUTES), {
    'GET /api/collections': ({ user }) => channels.mine(user),
    'POST /api/collections': ({ user, body }) => channels.create(user, body),
    'GET /api/collections/{id}': ({ user, params }) => channels.channel(params.id, user),
    'PATCH /api/collections/{id}': ({ user, params, body }) => channels.update(user, params.id, body),
    'DELETE /api/collections/{id}': ({ user, params }) => channels.remove(user, params.id),
    'GET /api/subscriptions/': ({ user, query }) => channels.subscriptions(user, query.collection_id),
    'POST /api/subscriptions/': ({ user, body }) => channels.subscribe(user, body.collection_id),
    'DELETE /api/subscriptions/{collection_id}': ({ user, params }) => channels.leave(user, params.collection_id),
  });
}
