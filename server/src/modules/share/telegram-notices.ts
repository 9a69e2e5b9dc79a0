import type { NotificationKey } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { botApi } from '../../platform/bot';
import { notificationsService } from '../notifications/service';
import { shareRepo } from './repo';

/** What became of a greeting its sender sent: a Telegram user also hears it from the bot. */
export const BOT_NOTICES: ReadonlySet<NotificationKey> = new Set(['greeting_opened', 'greeting_accepted', 'greeting_reply', 'greeting_scheduled_open']);

/**
 * The bot tells a sender whose account is linked to Telegram what became of their greeting, in
 * their language, with a button that opens it in the Mini App: the message of the notice the app
 * shows (its title only repeats it).
 * Sent outside the job's transaction; a user who never started the bot (Telegram answers 403) or a
 * failed send is logged, and the notice stays in the app.
 */
export function telegramNotices(deps: Deps): void {
  const { config, jobs, log } = deps;
  if (!config.botToken) return;
  const notifications = notificationsService(deps);
  jobs.on('notification.created', 'telegram', async (trx, e) => {
    const chatId = (await shareRepo.telegramIdOf(trx, e.userId))?.telegram_id;
    if (!chatId) return;
    const n = await notifications.byId(e.userId, e.notificationId, trx);
    if (!n?.template || !BOT_NOTICES.has(n.template.key)) return;
    const open = n.actions.find((a) => typeof a.action_params?.path === 'string');
    const button = open && { inline_keyboard: [[{ text: open.label, web_app: { url: `${config.publicUrl}/telegram${String(open.action_params!.path)}` } }]] };
    jobs.inBackground('telegram notice', async () => {
      try {
        await botApi(config).sendMessage(Number(chatId), n.message, button ? { reply_markup: button } : {});
      } catch (err) {
        log.warn({ err, userId: e.userId, notificationId: n.id }, 'telegram notice not sent');
      }
    });
  });
}
