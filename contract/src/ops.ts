import { z } from 'zod';
import { defineRoutes } from './route';

export const opsRoutes = defineRoutes({
  'GET /api/health': {
    access: 'public',
    summary: 'Liveness and database reachability',
    response: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), time: z.string() }),
  },
  'GET /api/ready': {
    access: 'public',
    summary: 'Readiness for traffic: 503 while migrating, shutting down or without the database',
    response: z.object({ status: z.literal('ready') }),
  },
});
