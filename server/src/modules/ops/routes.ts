import type { FastifyInstance } from 'fastify';
import { opsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/errors';
import { registerRoutes } from '../../http/routes';
import { registerJobMetrics } from './metrics';
import { deadJobs, jobState, pingDatabase } from './repo';
import { testHooksModule } from './test-hooks';

/** Answered with 503 by /api/ready (and, before the app exists, by main.ts's start-up responder). */
export const NOT_READY = 'NOT_READY';

export function opsModule(app: FastifyInstance, deps: Deps) {
  // from the moment shutdown begins, balancers must stop sending traffic here
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  registerRoutes(app, opsRoutes, {
    'GET /api/ready': async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      if (closing) throw new AppError(503, NOT_READY, 'The server is shutting down');
      await pingDatabase(deps.db).catch(() => {
        throw new AppError(503, NOT_READY, 'The database does not answer');
      });
      return { status: 'ready' as const };
    },
    'GET /api/health': async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: deps.dialect, time: deps.clock.now().toISOString() };
    },
    'GET /api/ops/jobs/dead': async ({ query }) => deadJobs(deps.db, query),
    'POST /api/ops/jobs/{id}/retry': async ({ params }) => {
      const outcome = await deps.jobs.retryDead(params.id);
      if (outcome === 'not_dead') throw notFound('No dead job has this id');
      if (outcome === 'key_waiting') throw conflict('Another job of the same key waits to run: that one runs instead');
      const job = await jobState(deps.db, params.id);
      if (!job) throw notFound('No dead job has this id');
      return job;
    },
  });
  registerJobMetrics(app, deps);
  testHooksModule(app, deps);
}
