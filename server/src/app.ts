import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@otkrytka/contract';
import type { Config } from './config';
import type { Db, DialectName } from './db';
import type { Deps } from './deps';
import { installJsonParser } from './http/body';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler';
import { registerModules } from './modules';
import { type Clock, ManualClock, systemClock } from './platform/clock';
import { secureRandom } from './platform/random';
import { type EventBus, localEvents, redisEvents } from './platform/events';
import { createMediaTools } from './platform/media';
import { createStorage } from './platform/storage';
import { galleryPageHints } from './modules/gallery/page-hints';

export interface BuildOptions {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock?: Clock;
  events?: EventBus;
  random?: () => number;
}

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
            ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
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
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonParser(app);

  const events = opts.events ?? (config.redisUrl ? await redisEvents(config.redisUrl) : localEvents());
  const deps: Deps = {
    config,
    db: opts.db,
    dialect: opts.dialect,
    // with test hooks on, a movable clock the e2e runs advance through POST /api/test-hooks/clock/advance
    clock: opts.clock ?? (config.testHooks ? new ManualClock() : systemClock),
    events,
    random: opts.random ?? secureRandom,
    log: app.log,
    storage: await createStorage(config),
    media: createMediaTools(config.media),
  };
  app.addHook('onClose', async () => {
    if (!opts.events) await events.close();
  });

  await app.register(helmet, {
    frameguard: false,
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
  await serveWebApp(app, config, (url) => galleryPageHints(deps, url));
  return { app, deps };
}

/**
 * The built SPA: hashed assets cached for a year, every other non-API path answered with index.html,
 * with the page's preload hints (`headHints`) added to its head.
 */
async function serveWebApp(app: FastifyInstance, config: Config, headHints: (url: string) => Promise<string>) {
  const dist = config.webDistDir;
  const indexPath = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br and .gz copies of scripts and styles (web/precompress.ts)
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  // browsers and crawlers that ignore <link rel="icon"> still ask for /favicon.ico
  if (hasWeb) app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) => reply.redirect('/favicon.svg', 301));
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = req.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url);
    if (isPage && hasWeb) {
      const [html, hints] = await Promise.all([fs.promises.readFile(indexPath, 'utf8'), headHints(req.url).catch(() => '')]);
      return reply.type('text/html').header('cache-control', 'no-cache').send(hints ? html.replace('</head>', `${hints}</head>`) : html);
    }
    return reply.status(404).send({ detail: `Not found: ${req.method} ${url}`, code: ErrorCode.NOT_FOUND });
  });
}
