import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { opsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { testHooksModule } from './test-hooks';

export function opsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, opsRoutes, {
    'GET /api/health': async () => {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok' as const, database: deps.dialect, time: deps.clock.now().toISOString() };
    },
  });
  testHooksModule(app, deps);
}
