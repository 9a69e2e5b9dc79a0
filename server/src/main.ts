import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { createDb, type Db, dbOptionsOf, migrateToLatest } from './db';
import { NOT_READY } from './modules/ops';
import { loadBot, loadWebhookSetup } from './modules/share';
import { armExitDeadline } from './platform/exit-deadline';
import { type LogDestination, logDestination } from './platform/log-destination';

// A log reader that has gone away (a closed pipe: EPIPE) must not crash or hold the server: what
// is written to standard output or error after that is dropped.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

/** A start-up problem is one clear line on stderr and exit code 1, not a stack trace. */
function fail(what: string, err: unknown): never {
  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  const message = issues
    ? issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ')
    : err instanceof Error
      ? err.message
      : String(err);
  process.stderr.write(`otkrytka: ${what}: ${message}\n`);
  process.exit(1);
}

/**
 * While the database migrates, the port already answers — 503 to everything, so a balancer's
 * readiness check (/api/ready) sees "not yet" instead of "connection refused".
 */
function startupResponder(config: Config): Promise<http.Server> {
  const body = JSON.stringify({ detail: 'The server is starting (migrating the database)', code: NOT_READY });
  const server = http.createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2', connection: 'close' });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve(server));
  });
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail('invalid settings', err);
}

/** what shutdown has to stop, filled in as start-up goes */
const running: { app?: FastifyInstance; db?: Db; bot?: { stop(): Promise<void> }; seeding?: { stop(): void } } = {};
/** How long the start waits for the demo accounts before it serves anyway (their round may be failing). */
const DEMO_ACCOUNTS_WAIT_MS = 3000;
let stopping = false;

/**
 * SIGTERM/SIGINT: stop taking requests (readiness fails at once), let the ones in flight finish
 * for up to SHUTDOWN_GRACE_MS, end live streams, stop the bot, close the app (its onClose hooks:
 * event bus, Redis, pollers) and the database, exit 0. A second signal exits at once with code 1.
 * Whatever happens meanwhile — a request that never ends, a log reader that is gone or stalled —
 * the process is gone SHUTDOWN_GRACE_MS after the first signal (`armExitDeadline`).
 */
async function shutdown(signal: string) {
  if (stopping) {
    process.stderr.write(`otkrytka: ${signal} again, exiting now\n`);
    process.exit(1);
  }
  stopping = true;
  const { app, db, bot } = running;
  // armed before anything else runs, logging included
  armExitDeadline(config.shutdownGraceMs, () => {
    running.app?.log.warn('shutdown grace period over; closing the remaining connections');
    running.app?.server.closeAllConnections();
  });
  // still starting: the start-up sequence sees `stopping` and closes once the app exists
  if (!app) return;
  const log = app.log;
  log.info(`${signal}: shutting down (up to ${config.shutdownGraceMs} ms for requests in flight)`);
  // a keep-alive connection whose request finishes while draining would hold the port open:
  // close connections as soon as they go idle
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  try {
    running.seeding?.stop();
    await bot?.stop();
    await app.close();
    await db?.destroy();
  } catch (err) {
    log.error({ err }, 'error while shutting down');
    exitSoon(1);
    return;
  }
  log.info('stopped');
  exitSoon(0);
}

/**
 * Exits with `code` as soon as nothing is left to run — the last log lines written, or found
 * unwritable — and at the latest after EXIT_FLUSH_MS. An immediate `process.exit` would leave a
 * log write in progress to the logger's exit handler, which retries a write to a closed or full
 * pipe for ever (the exit deadline ends that too, but later and by force).
 */
function exitSoon(code: number) {
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_FLUSH_MS).unref();
  void logOut?.flush(EXIT_FLUSH_MS).then(() => process.exit(code));
}
const EXIT_FLUSH_MS = 500;
// log lines go through a destination that never blocks the main thread or the exit (a developer's
// terminal keeps pino-pretty)
const logOut: LogDestination | undefined = config.env === 'development' && process.stdout.isTTY ? undefined : logDestination();
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

let responder: http.Server;
try {
  responder = await startupResponder(config);
} catch (err) {
  fail(`cannot listen on ${config.host}:${config.port}`, err);
}

const created = createDb(dbOptionsOf(config));
const db = created.db;
running.db = db;
try {
  await migrateToLatest(db);
} catch (err) {
  fail('database migration failed', err);
}
const built = await buildApp({ config, db, dialect: created.dialect, pool: created.pool, ...(logOut ? { logStream: logOut } : {}) });
const app = built.app;
running.app = app;

if (config.seedDemo) {
  // the demo content (and the picture library it draws with) loads only when it is asked for.
  // It is drawn in the background while the server serves; the accounts come first, in moments,
  // and are waited for (a little) so that signing in as the demo works from the first request.
  const { startDemoSeeding } = await import('./seed');
  const seeding = startDemoSeeding(built.deps);
  running.seeding = seeding;
  await Promise.race([seeding.accounts, new Promise((r) => setTimeout(r, DEMO_ACCOUNTS_WAIT_MS).unref())]);
}

const telegramBot =
  config.botToken && config.botPolling
    ? (await loadBot()).createAppBot(built.deps)
    : undefined;
running.bot = telegramBot;

await new Promise<void>((resolve) => {
  responder.close(() => resolve());
  responder.closeAllConnections();
});
if (stopping) {
  // a signal came while migrating: nothing is being served yet
  running.seeding?.stop();
  await app.close();
  await db.destroy();
  exitSoon(0);
} else {
  await serve();
}

/** Listens, and starts what talks to the outside (the Telegram webhook or polling). */
async function serve() {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Otkrytka (${created.dialect}, ${config.env}) on ${config.publicUrl}`);
  if (config.botWebhookSecret) {
    const { setTelegramWebhook } = await loadWebhookSetup();
    await setTelegramWebhook(built.deps).then(
      () => app.log.info('Telegram bot: updates come by webhook'),
      (err: unknown) => app.log.error({ err }, 'Telegram bot: setWebhook failed; updates will not arrive until it succeeds (restart to retry)'),
    );
  }
  if (telegramBot) {
    telegramBot.catch((err) => app.log.error({ err: err.error }, 'telegram bot error'));
    void telegramBot
      .start({ onStart: (me) => app.log.info(`Telegram bot @${me.username} is polling`) })
      .catch((err) => app.log.error({ err }, 'telegram bot stopped'));
  }
}
