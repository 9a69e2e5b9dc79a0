/**
 * `npm run bot:setup`: registers the bot with the Bot API from this server's settings (BOT_TOKEN,
 * PUBLIC_URL, BOT_USERNAME, BOT_APP_NAME, BOT_WEBHOOK_SECRET, read from the environment like the
 * server) and prints what it did, what failed and the BotFather steps left by hand. Exits 1 when a
 * call failed. The server does the same registration at start (without the BotFather check).
 */
import { loadConfig } from '../../config';
import { formatBotSetupReport, setUpBot } from './bot-setup';
import { setTelegramWebhook, TELEGRAM_WEBHOOK_PATH } from './webhook';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`bot:setup: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
if (!config.botToken) {
  console.error('bot:setup: set BOT_TOKEN (BotFather /newbot gives it) and PUBLIC_URL (the https:// address of this server)');
  process.exit(1);
}
console.log(`bot:setup: registering the bot for ${config.publicUrl}`);
const report = await setUpBot(config, { checkProfile: true });
if (config.botWebhookSecret) {
  await setTelegramWebhook({ config }).then(
    () => report.done.push(`webhook → ${config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`),
    (err: unknown) => report.failed.push(`webhook: ${err instanceof Error ? err.message : String(err)}`),
  );
}
console.log(formatBotSetupReport(report));
process.exit(report.failed.length ? 1 : 0);
