import type { FastifyInstance } from 'fastify';
import { uploadsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { mediaRoute } from './media-route';
import { uploadsService } from './service';
import { startRenditionBackfill } from './renditions';
import { uploadsSubscribers } from './subscribers';

export function uploadsModule(app: FastifyInstance, deps: Deps) {
  const uploads = uploadsService(deps);
  registerRoutes(app, uploadsRoutes, {
    'POST /api/uploads/upload': ({ user, req }) => uploads.upload(user, req),
    'GET /api/uploads': ({ user, query }) => uploads.list(user, query.search, query.offset, query.limit),
  }, {
    'POST /api/uploads/upload': { rateLimit: { max: deps.config.uploadRateLimit, timeWindow: '1 minute', perUser: true } },
  });
  mediaRoute(app, deps.storage);
  // crash leftovers go on a schedule (a durable job, first run when the job runner starts)
  uploadsSubscribers(deps);
  // files stored before renditions existed get them in the background (API tests call the backfill themselves)
  if (deps.config.env !== 'test' || deps.config.testHooks) {
    let stop = () => {};
    app.addHook('onReady', async () => void (stop = startRenditionBackfill(deps)));
    app.addHook('onClose', async () => stop());
  }
}
