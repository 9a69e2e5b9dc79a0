import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParams, QueryCount } from './common';

/** A job whose last allowed attempt failed: it runs no more unless a moderator retries it. */
export const DeadJob = z.object({
  id: z.number().int(),
  /** the domain event or scheduled job type */
  type: z.string(),
  attempts: z.number().int(),
  /** what the last attempt failed with */
  last_error: z.string().nullable(),
  created_at: z.string(),
  dead_at: z.string(),
});
export type DeadJob = z.infer<typeof DeadJob>;

export const DeadJobs = z.object({
  /** the most recently dead first */
  items: z.array(DeadJob),
  total: z.number().int(),
});
export type DeadJobs = z.infer<typeof DeadJobs>;

/** A job as it stands right after a retry (it may have run already). */
export const RetriedJob = z.object({
  id: z.number().int(),
  type: z.string(),
  state: z.enum(['waiting', 'done', 'dead']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: z.string(),
});
export type RetriedJob = z.infer<typeof RetriedJob>;

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
  'GET /api/ops/jobs/dead': {
    access: 'moderator',
    summary: 'Dead jobs (their last allowed attempt failed), most recently dead first',
    query: z.object({
      offset: QueryCount.default(0),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: DeadJobs,
  },
  'POST /api/ops/jobs/{id}/retry': {
    access: 'moderator',
    summary: 'Runs a dead job again, with its attempts counted from none (404: no dead job of that id; 409: another job of its key waits)',
    params: IdParams,
    response: RetriedJob,
  },
});
