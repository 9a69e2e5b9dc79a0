import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const idList = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0),
);

/** Every setting of the server, parsed from the environment in one place (documented in .env.example). */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: run queries as named prepared statements (off for a pooler that cannot keep them, e.g. PgBouncer < 1.21 in transaction mode) */
  PG_PREPARED_STATEMENTS: bool.default(true),
  /** PostgreSQL: connections each server process keeps open at most */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.string().url().optional(),
  BOT_TOKEN: z.string().optional(),
  BOT_USERNAME: z.string().regex(/^[A-Za-z0-9_]{3,64}$/).optional(),
  /** short name of the bot's Mini App (BotFather /newapp): links become t.me/<bot>/<app>?startapp=… */
  BOT_APP_NAME: z.string().regex(/^[A-Za-z0-9_]{3,64}$/).optional(),
  /** Bot API server (tests point it at a local fake) */
  BOT_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** run the bot's long polling in this instance (exactly one instance should) */
  BOT_POLLING: bool.default(false),
  /** take the bot's updates by webhook at PUBLIC_URL/api/telegram/webhook, with this secret (any instance may answer) */
  BOT_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'BOT_WEBHOOK_SECRET: 16–256 characters of A–Z, a–z, 0–9, _ and -')
    .optional(),
  MODERATOR_USER_IDS: idList.default([22]),
  GALLERY_COLLECTION_ID: z.coerce.number().int().positive().default(9),
  /** how old (ms) a kept gallery page may be for a visitor who is not signed in (0: never older than the data) */
  GALLERY_STALE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** SQLite: worker threads that read gallery pages off the main thread (0, the default: the main thread reads them) */
  GALLERY_READERS: z.coerce.number().int().min(0).max(16).optional(),
  SEED_DEMO: bool.default(true),
  DEMO_PASSWORD: z.string().min(8).optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** sign-in/registration attempts per IP per minute */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** uploads per signed-in user per minute */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** media jobs (previews, video probing) processed at once, and how many may wait */
  MEDIA_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  MEDIA_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** wall-time limit of one media job (ms); a file over it is refused with 422 */
  MEDIA_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * how long a request waits for the jobs its commit started (a like's reward, a greeting's
   * notices) before answering; they finish in the background after that. Unset: 50 ms, and in
   * tests until they finish.
   */
  JOBS_AFTER_COMMIT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** allows the test-only clock endpoint and the Telegram mock in end-to-end runs; refused in production */
  ENABLE_TEST_HOOKS: bool.default(false),
  PASSWORD_HASH_COST: z.enum(['standard', 'fast']).default('standard'),
  /** which proxies' X-Forwarded-For to believe: unset → none; a hop count; or addresses/CIDRs */
  TRUST_PROXY: z.string().default('false'),
  /** time to receive a request's headers / the whole request (body included) / idle keep-alive */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  /** on SIGTERM/SIGINT: how long in-flight requests may run before the server exits anyway */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** bearer token for GET /metrics; unset → /metrics only on METRICS_PORT (if set) */
  METRICS_TOKEN: z.string().optional(),
  /** a separate port (bound to HOST) serving only /metrics, for an internal network */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** Words proxy-addr understands besides addresses and CIDRs. */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY → Fastify's trustProxy: false, a hop count, or a list of addresses/CIDRs/keywords. */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any client\'s X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  }
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const item of list) {
    const [addr, bits, extra] = item.split('/');
    const family = net.isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_KEYWORDS.has(item) && (!family || !okBits || extra !== undefined)) {
      throw new Error(`TRUST_PROXY: "${item}" is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal`);
    }
  }
  return list;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // an empty value (`PUBLIC_URL=` in .env.example) means "not set": the default applies
  const e = Env.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (e.ENABLE_TEST_HOOKS && e.NODE_ENV === 'production') {
    throw new Error(
      'ENABLE_TEST_HOOKS=true is refused in production (it would let anyone sign Telegram sign-ins with the bot token); unset it, or set NODE_ENV=development or test',
    );
  }
  if (e.PASSWORD_HASH_COST === 'fast' && e.NODE_ENV === 'production') {
    throw new Error('PASSWORD_HASH_COST=fast is refused in production (it makes stolen password hashes cheap to crack); unset it');
  }
  if (e.BOT_WEBHOOK_SECRET && !e.BOT_TOKEN) throw new Error('BOT_WEBHOOK_SECRET needs BOT_TOKEN: the webhook runs the bot');
  if (e.BOT_WEBHOOK_SECRET && e.BOT_POLLING) {
    throw new Error('BOT_POLLING=true and BOT_WEBHOOK_SECRET exclude each other: Telegram sends updates one way; unset one');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL) ? e.DATABASE_URL : undefined,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS,
    pgPoolSize: e.DATABASE_POOL_SIZE,
    sqlitePath: path.join(dataDir, 'otkrytka.sqlite'),
    mediaDir: path.join(dataDir, 'media'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    botToken: e.BOT_TOKEN || undefined,
    botUsername: e.BOT_USERNAME || undefined,
    botAppName: e.BOT_APP_NAME || undefined,
    botApiRoot: e.BOT_API_ROOT.replace(/\/$/, ''),
    botPolling: e.BOT_POLLING,
    botWebhookSecret: e.BOT_WEBHOOK_SECRET || undefined,
    moderatorIds: e.MODERATOR_USER_IDS,
    galleryCollectionId: e.GALLERY_COLLECTION_ID,
    galleryStaleMs: e.GALLERY_STALE_MS ?? (e.NODE_ENV === 'production' ? 1000 : 0),
    galleryReaders: e.GALLERY_READERS ?? 0,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    authRateLimit: e.AUTH_RATE_LIMIT,
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
    media: { workers: e.MEDIA_WORKERS, queue: e.MEDIA_QUEUE, timeoutMs: e.MEDIA_TIMEOUT_MS },
    testHooks: e.ENABLE_TEST_HOOKS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    jobsAfterCommitWaitMs: e.JOBS_AFTER_COMMIT_WAIT_MS ?? (e.NODE_ENV === 'test' ? undefined : 20),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(e.REQUEST_TIMEOUT_MS, e.HEADERS_TIMEOUT_MS),
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPort: e.METRICS_PORT,
  };
}
