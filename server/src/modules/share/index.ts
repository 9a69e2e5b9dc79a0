/** Sharing: link previews (OpenGraph pages and pictures), the Telegram bot, webhook and notices. */
export { shareModule } from './routes';

/** The bot and the webhook set-up load only when a bot token is configured (grammY is not small). */
export const loadBot = () => import('./bot');
export const loadWebhookSetup = () => import('./webhook');
