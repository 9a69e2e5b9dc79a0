import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorParams } from '@otkrytka/contract';
import type { Config } from './config';
import type { Db, DialectName } from './db';
import type { Deps } from './deps';
import { installJsonParser } from './http/body';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler';
import { installSecurityHeaders } from './http/security-headers';
import { compiledSerializerCompiler } from './http/serializer';
import { registerModules } from './modules';
import { type Clock, ManualClock, systemClock } from './platform/clock';
import { secureRandom } from './platform/random';
import { type LiveBus, localLive, redisLive } from './platform/live';
import { createMediaTools } from './platform/media';
import { createStorage } from './platform/storage';
import { galleryPageHints } from './modules/gallery';
import { routeHints } from './http/route-hints';
import { shareModule } from './modules/share';
import { JobRunner } from './jobs/runner';
import { registerMetrics } from './modules/ops';
import type pg from 'pg';

export interface BuildOptions {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock?: Clock;
  live?: LiveBus;
  random?: () => number;
  /** the PostgreSQL pool behind `db`, for the pool metrics */
  pool?: pg.Pool;
  /** where log lines go (main.ts: a destination that never blocks the exit); default standard output */
  logStream?: { write(line: string): unknown };
}

/** An X-Request-Id a proxy (nginx's $request_id) or client sent is kept when it looks like an id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Trust the nearest `hops` proxies: X-Forwarded-For is read from the right, that many entries deep. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Telegram's web clients embed the Mini App in a frame; nobody else may. */
const FRAME_ANCESTORS = ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'];

/** Builds the whole server: plugins, then every module. Used by main.ts and by the tests. */
export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream
              ? { stream: opts.logStream }
              : config.env === 'development' && process.stdout.isTTY
                ? { transport: { target: 'pino-pretty' } }
                : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // the notification stream accepts ?token= (EventSource cannot send headers): keep it out of logs
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
                hostname: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    // whose X-Forwarded-For to believe (TRUST_PROXY): nobody's by default, so req.ip is the peer
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // headersTimeout is Node's own; the check interval bounds how late a timeout is noticed
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  // the request id goes back on every answer (X-Request-Id), and into the body of a 500 beside
  // detail and code, so a user's report of a server fault can be matched to its log lines
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (reply.statusCode === 500 && payload && typeof payload === 'object' && 'detail' in payload && 'code' in payload) {
      return { ...payload, request_id: req.id };
    }
    return payload;
  });
  // HSTS only where it means something: over HTTPS (directly, or a trusted proxy's X-Forwarded-Proto)
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  registerMetrics(app, config, opts.pool);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.env === 'production' ? compiledSerializerCompiler : serializerCompiler);
  app.decorate('checksResponses', config.env !== 'production');
  installErrorHandler(app);
  installJsonParser(app);

  const live = opts.live ?? (config.redisUrl ? await redisLive(config.redisUrl) : localLive());
  // the clock is read at call time: tests swap deps.clock
  const jobs = new JobRunner({
    db: opts.db,
    dialect: opts.dialect,
    clock: () => deps.clock,
    log: app.log,
    afterCommitWaitMs: config.jobsAfterCommitWaitMs,
  });
  const deps: Deps = {
    config,
    db: opts.db,
    dialect: opts.dialect,
    // with test hooks on, a movable clock the e2e runs advance through POST /api/test-hooks/clock/advance
    clock: opts.clock ?? (config.testHooks ? new ManualClock() : systemClock),
    live,
    random: opts.random ?? secureRandom,
    log: app.log,
    storage: await createStorage(config),
    media: createMediaTools(config.media),
    jobs,
  };
  // API tests run due jobs themselves (deps.jobs.runDue); everywhere else a poller does
  if (config.env !== 'test' || config.testHooks) app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('onClose', async () => deps.jobs.stop());
  app.addHook('onClose', async () => {
    if (!opts.live) await live.close();
  });

  installSecurityHeaders(app, {
    frameguard: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: FRAME_ANCESTORS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  // JSON and HTML go out brotli/gzip-compressed (a gallery page: 26 KB → about 4 KB); built scripts
  // and styles are served from their precompressed copies, media are compressed formats already
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      detail: `Too many requests, try again in ${Math.ceil(ctx.ttl / 1000)} s`,
      code: ErrorCode.RATE_LIMITED,
      params: { seconds: Math.ceil(ctx.ttl / 1000) } satisfies ErrorParams['RATE_LIMITED'],
    }),
  });
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 31 * 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Otkrytka API', version: '1.0.0', description: 'Postcards, greetings and the game layer.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerModules(app, deps);
  // link previews and the SPA itself (every other GET/HEAD path) come last
  const pageHints = routeHints(config.webDistDir);
  await shareModule(app, deps, async (url) => pageHints(url) + (await galleryPageHints(deps, url)));
  return { app, deps };
}
