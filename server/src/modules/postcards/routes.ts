import type { FastifyInstance } from 'fastify';
import { channelsRoutes, postcardsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { pickRoutes, registerRoutes } from '../../http/routes';
import { CHANNEL_LISTING_ROUTES } from '../channels';
import { channelListings } from './channel-listings';
import { postcardsService } from './service';
import { postcardsSubscribers } from './subscribers';

export function postcardsModule(app: FastifyInstance, deps: Deps) {
  const postcards = postcardsService(deps);
  const listings = channelListings(deps);
  postcardsSubscribers(deps);
  registerRoutes(app, pickRoutes(channelsRoutes, CHANNEL_LISTING_ROUTES), {
    'GET /api/collections/{id}/postcards': ({ user, params, query }) => listings.postcards(user, params.id, query),
    'GET /api/collections/{id}/window': ({ user, params, query }) => listings.window(user, params.id, query),
    'GET /api/subscriptions/postcards': ({ user, query }) => listings.feed(user, query.offset, query.limit),
  });
  registerRoutes(app, postcardsRoutes, {
    'POST /api/image_relations': ({ user, body }) => postcards.create(user, body),
    'GET /api/image_relations': ({ user, query }) => postcards.list(user, query),
    'GET /api/image_relations/{id}': ({ user, params }) => postcards.get(user, params.id),
    'PATCH /api/image_relations/{id}': ({ user, params, body }) => postcards.update(user, params.id, body),
    'POST /api/image_relations/{id}/view': ({ user, params, req }) => postcards.view(user, req.ip, params.id),
    'DELETE /api/image_relations/{id}': ({ user, params }) => postcards.remove(user, params.id),
  }, {
    // a view is one small write; a client cannot make a count grow by more than one a day anyway
    'POST /api/image_relations/{id}/view': { rateLimit: { max: 240, timeWindow: '1 minute', perUser: true } },
  });
}
