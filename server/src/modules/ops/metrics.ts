import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import { ErrorCode } from '@otkrytka/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Clock } from '../../platform/clock';
import { deadJobCounts, waitingJobCounts } from './repo';

export const METRICS_PATH = '/metrics';

/** Each app's metrics registry, for the modules that add metrics of their own. */
const registries = new WeakMap<FastifyInstance, client.Registry>();

/**
 * Prometheus metrics: requests by route and status, latency by route, the process (CPU, memory,
 * event-loop lag) and the PostgreSQL pool. Served at /metrics to holders of METRICS_TOKEN, and/or
 * on METRICS_PORT (an address only the internal network reaches). Off when neither is set.
 */
export function registerMetrics(app: FastifyInstance, config: Config, pool?: pg.Pool): void {
  if (!config.metricsToken && config.metricsPort === undefined) return;
  const registry = new client.Registry();
  registries.set(app, registry);
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
    gauge('db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
    gauge('db_pool_idle', 'PostgreSQL connections idle in the pool', () => pool.idleCount);
    gauge('db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  }

  app.addHook('onResponse', async (req, reply) => {
    // the route pattern, never the raw URL: one series per route, whatever ids come in
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  const serve = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());

  if (config.metricsToken) {
    const expected = Buffer.from(`Bearer ${config.metricsToken}`);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        return reply.status(401).send({ detail: 'A valid metrics token is required', code: ErrorCode.AUTH_REQUIRED });
      }
      return serve(req, reply);
    });
  }
  if (config.metricsPort !== undefined) {
    const internal = Fastify({ logger: false });
    internal.get(METRICS_PATH, serve);
    app.addHook('onListen', async () => {
      await internal.listen({ port: config.metricsPort!, host: config.host });
    });
    app.addHook('onClose', async () => internal.close());
  }
}

/**
 * The jobs, read from the database on each scrape (so every instance reports the same figures):
 * `jobs_waiting{type}`, due and not yet run to the end (a backlog that grows means the runners
 * fall behind, or a handler keeps failing), and `jobs_dead{type}`, whose last allowed attempt
 * failed and that no moderator has retried yet (jobs/runner.ts). Nothing when metrics are off.
 */
export function registerJobMetrics(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const registry = registries.get(app);
  if (!registry) return;
  const byType = (name: string, help: string, read: () => Promise<{ type: string; count: number }[]>) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['type'] as const,
      registers: [registry],
      async collect() {
        const counts = await read().catch((err: unknown) => {
          app.log.warn({ err }, `metrics: ${name} not counted`);
          return null;
        });
        if (!counts) return;
        this.reset();
        for (const c of counts) this.set({ type: c.type }, Number(c.count));
      },
    });
  byType('jobs_waiting', 'Jobs due and not yet run to the end, by type', () => waitingJobCounts(deps.db, deps.clock.now().toISOString()));
  byType('jobs_dead', 'Dead jobs (no attempt left; listed at GET /api/ops/jobs/dead), by type', () => deadJobCounts(deps.db));
}

/**
 * A gauge of another module's figures (the Stars orders), read from the database on each scrape by
 * `read` (each row: its labels and value). Nothing when metrics are off.
 */
export function registerGauge<L extends string>(
  app: FastifyInstance,
  g: { name: string; help: string; labelNames: readonly L[]; read: () => Promise<{ labels: Record<L, string>; value: number }[]> },
): void {
  const registry = registries.get(app);
  if (!registry) return;
  new client.Gauge({
    name: g.name,
    help: g.help,
    labelNames: g.labelNames,
    registers: [registry],
    async collect() {
      const rows = await g.read().catch((err: unknown) => {
        app.log.warn({ err }, `metrics: ${g.name} not counted`);
        return null;
      });
      if (!rows) return;
      this.reset();
      for (const r of rows) this.set(r.labels as never, r.value);
    },
  });
}
