import type { FastifyInstance } from 'fastify';
import { REPORT_LIMITS, reportsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { reportsService } from './service';

export function reportsModule(app: FastifyInstance, deps: Deps) {
  const reports = reportsService(deps);
  registerRoutes(
    app,
    reportsRoutes,
    { 'POST /api/complaints': ({ user, body }) => reports.report(user, body) },
    { 'POST /api/complaints': { rateLimit: { max: REPORT_LIMITS.perIpPerMinute, timeWindow: '1 minute' } } },
  );
}
