import type { FastifyInstance } from 'fastify';
import { opsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { pingDatabase } from './repo';
import { testHooksModule } from './test-hooks';

export function opsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, opsRoutes, {
    'GET /api/health': async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: deps.dialect, time: deps.clock.now().toISOString() };
    },
  });
  testHooksModule(app, deps);
}
