import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb, migrateToLatest } from './db';
import { DEMO_LOGIN, MODERATOR_LOGIN, seedDemo } from './seed';

const config = loadConfig();
const { db, dialect } = createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
await migrateToLatest(db);
const { app, deps } = await buildApp({ config, db, dialect });

if (config.seedDemo) {
  const seeded = await seedDemo(deps);
  if (seeded.seeded) {
    const how = config.demoPassword ? 'the DEMO_PASSWORD you set' : `password ${seeded.password}`;
    app.log.info(
      `Demo data created. Sign in as "${DEMO_LOGIN}" (user) or "${MODERATOR_LOGIN}" (moderator, user ${config.moderatorIds[0]}) with ${how}. This is printed only once.`,
    );
  }
}

const bot =
  config.botToken && config.botPolling
    ? (await import('./modules/share/bot')).createAppBot(deps)
    : undefined;

const close = async () => {
  await bot?.stop();
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Otkrytka (${dialect}) on ${config.publicUrl}`);
if (bot) {
  bot.catch((err) => app.log.error({ err: err.error }, 'telegram bot error'));
  void bot.start({ onStart: (me) => app.log.info(`Telegram bot @${me.username} is polling`) }).catch((err) =>
    app.log.error({ err }, 'telegram bot stopped'),
  );
}
