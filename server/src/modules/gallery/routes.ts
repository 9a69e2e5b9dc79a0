import type { FastifyInstance } from 'fastify';
import { galleryRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { galleryService } from './service';

export function galleryModule(app: FastifyInstance, deps: Deps) {
  const gallery = galleryService(deps);
  app.addHook('onReady', async () => gallery.warmReaders());
  app.addHook('onClose', async () => {
    await gallery.close();
  });
  registerRoutes(app, galleryRoutes, {
    'GET /api/gallery': ({ query, user }) => gallery.page(query, user),
    'GET /api/gallery/window': ({ query }) => gallery.window(query),
    'GET /api/gallery/chips': () => gallery.chips(),
  });
}
