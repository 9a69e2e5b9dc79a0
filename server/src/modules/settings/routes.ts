import type { FastifyInstance } from 'fastify';
import { settingsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { settingsService } from './service';

export function settingsModule(app: FastifyInstance, deps: Deps) {
  const settings = settingsService(deps);
  registerRoutes(app, settingsRoutes, {
    'GET /api/settings/': ({ user }) => settings.all(user.id),
    'PUT /api/settings/{key}': ({ user, params, body }) => settings.set(user.id, { [params.key]: body.value }),
    'POST /api/settings/batch': ({ user, body }) => settings.set(user.id, body.settings),
  });
}
