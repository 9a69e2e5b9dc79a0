import type { NotificationKey } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { botApi } from '../../platform/bot';
import { notificationsService } from '../notifications/service';
import { shareRepo } from './repo';

/** What became of a greeting its sender sent: a Telegram user also hears it from the bot. */
export const BOT_NOTICES: ReadonlySet<NotificationKey> = new Set(['greeting_opened', 'greeting_accepted', 'greeting_reply', 'greeting_scheduled_open']);

/**
 * The bot tells a sender whose account is linked to Telegram what became of their greeting, in
 * their language, with a button that opens it in the Mini App: the message of the notice the app
 * shows (its title only repeats it). When the notice is rewritten (the reply was edited), the
 * message is edited to say the same.
 * Sent outside the job's transaction; a user who never started the bot (Telegram answers 403) or a
 * failed send is logged, and the notice stays in the app.
 */
export function telegramNotices(deps: Deps): void {
  const { config, db, jobs, log } = deps;
  if (!config.botToken) return;
  const notifications = notificationsService(deps);

  /** The notice as the bot says it: its message and a button opening what it tells of. */
  const noticeOf = async (q: Queryable, userId: number, notificationId: number) => {
    const n = await notifications.byId(userId, notificationId, q);
    if (!n?.template || !BOT_NOTICES.has(n.template.key)) return null;
    const open = n.actions.find((a) => typeof a.action_params?.path === 'string');
    const button = open && { inline_keyboard: [[{ text: open.label, web_app: { url: `${config.publicUrl}/telegram${String(open.action_params!.path)}` } }]] };
    return { id: n.id, text: n.message, extra: button ? { reply_markup: button } : {} };
  };

  jobs.on('notification.created', 'telegram', async (trx, e) => {
    const chatId = (await shareRepo.telegramIdOf(trx, e.userId))?.telegram_id;
    if (!chatId) return;
    const notice = await noticeOf(trx, e.userId, e.notificationId);
    if (!notice) return;
    jobs.inBackground('telegram notice', async () => {
      let sent;
      try {
        sent = await botApi(config).sendMessage(Number(chatId), notice.text, notice.extra);
      } catch (err) {
        log.warn({ err, userId: e.userId, notificationId: notice.id }, 'telegram notice not sent');
        return;
      }
      // without the message's id a later edit of the notice cannot reach it; the notice itself is sent
      const kept = await shareRepo
        .rememberNoticeMessage(db, { notificationId: notice.id, chatId, messageId: sent.message_id, sentAt: deps.clock.now().toISOString() })
        .then(() => true)
        .catch((err: unknown) => log.warn({ err, notificationId: notice.id }, 'telegram notice sent, its message id not kept'));
      if (!kept) return;
      // a rewrite while the message was on its way found no message to edit: it is brought up to date now
      const latest = await noticeOf(db, e.userId, notice.id);
      if (latest && latest.text !== notice.text) {
        await botApi(config)
          .editMessageText(Number(chatId), sent.message_id, latest.text, latest.extra)
          .catch((err: unknown) => log.warn({ err, userId: e.userId, notificationId: notice.id }, 'telegram notice not edited'));
      }
    });
  });

  jobs.on('notification.rewritten', 'telegram', async (trx, e) => {
    const message = await shareRepo.noticeMessageOf(trx, e.notificationId);
    if (!message) return;
    const notice = await noticeOf(trx, e.userId, e.notificationId);
    if (!notice) return;
    jobs.inBackground('telegram notice edit', async () => {
      try {
        await botApi(config).editMessageText(Number(message.chat_id), message.message_id, notice.text, notice.extra);
      } catch (err) {
        log.warn({ err, userId: e.userId, notificationId: notice.id }, 'telegram notice not edited');
      }
    });
  });
}
