import type { NotificationKey } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { RetryLater, scheduleJob, writeTx } from '../../jobs/runner';
import { GrammyError } from 'grammy';
import { botApi, botCallFailure } from '../../platform/bot';
import { notificationsService } from '../notifications';
import { shareRepo } from './repo';

/**
 * What a Telegram user also hears from the bot: what became of a greeting they sent or a group card
 * they signed (and of their gift on it), and the
 * reminders of their dates (whose button opens the Mini App on the way to a greeting).
 */
export const BOT_NOTICES: ReadonlySet<NotificationKey> = new Set(['greeting_opened', 'greeting_accepted', 'greeting_reply', 'greeting_scheduled_open', 'date_reminder', 'group_opened', 'group_accepted', 'group_contribution_removed', 'group_refunded']);

const editKey = (notificationId: number) => `telegram.notice.edit:${notificationId}`;

/**
 * The bot tells a sender whose account is linked to Telegram what became of their greeting, in
 * their language, with a button that opens it in the Mini App: the message of the notice the app
 * shows (its title only repeats it). When the notice is rewritten (the reply was edited), the
 * message is edited to say the same.
 *
 * Each message is a job of its own (`telegram.notice`), queued by the notice's subscriber in its
 * transaction and run outside any transaction. A call is retried in place on Telegram's flood
 * control and failures (platform/bot.ts `BOT_RETRY`); past that the job is retried with backoff
 * when Telegram fails or cannot be reached, after `retry_after` when it asks for a longer wait, and
 * is dead after the runner's last attempt.
 *
 * Sent at most once: an attempt claims the message in `telegram_notice_messages` before sending
 * (committed), keeps its id when Telegram answers, and gives the claim back only when Telegram
 * surely did not take it (a refusal, a wait, a failure, no connection). An attempt that finds a
 * claim sends nothing: so a retried job or subscriber never sends a notice twice, and a message
 * whose answer was lost (a timeout) is not sent again.
 *
 * Only to a user the bot may write to: not when the launch data said they did not allow it, or they
 * blocked the bot (Telegram's 403, kept as their answer); such a notice stays in the app.
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

  /** A failed call: waits when told to, is tried again when it may pass, is given up when Telegram refused it. */
  const afterFailure = async (err: unknown, what: string, about: { userId: number; notificationId: number }) => {
    const failure = botCallFailure(err);
    if (failure.kind === 'wait') throw new RetryLater(failure.ms, `Telegram asks to wait ${failure.ms} ms`);
    if (failure.kind === 'failed') throw err;
    if (failure.kind === 'unknown') {
      log.warn({ err, ...about }, `${what}: Telegram did not answer, and it may have arrived; not tried again`);
      return;
    }
    // the edit of a message that already says it, e.g. one brought up to date twice
    if (/message is not modified/i.test(failure.description)) return;
    // blocked, or never started: the bot writes to them again once they allow it
    if (err instanceof GrammyError && err.error_code === 403) {
      const chatId = (await shareRepo.telegramIdOf(db, about.userId))?.telegram_id;
      if (chatId) await shareRepo.setBotMayWrite(db, chatId, false, deps.clock.now().toISOString());
    }
    log.warn({ err, ...about }, what);
  };

  jobs.on('notification.created', 'telegram', async (trx, e, job) => {
    const chatId = (await shareRepo.telegramIdOf(trx, e.userId))?.telegram_id;
    if (!chatId || !(await shareRepo.botMayWrite(trx, e.userId)) || !(await noticeOf(trx, e.userId, e.notificationId))) return;
    await scheduleJob(trx, job.at, 'telegram.notice', job.at, { userId: e.userId, notificationId: e.notificationId }, `telegram.notice:${e.notificationId}`);
  });

  jobs.defineOutsideTx('telegram.notice', async (e, job) => {
    // an earlier attempt sent it, or sent it and heard nothing back: it is not sent again
    if (await shareRepo.noticeMessageOf(db, e.notificationId)) return;
    const chatId = (await shareRepo.telegramIdOf(db, e.userId))?.telegram_id;
    const notice = chatId && (await shareRepo.botMayWrite(db, e.userId)) ? await noticeOf(db, e.userId, e.notificationId) : null;
    if (!chatId || !notice) return; // unlinked, not allowed or deleted since
    if (!(await shareRepo.claimNoticeMessage(db, { notificationId: notice.id, chatId, at: job.at }))) return;
    let sent;
    try {
      sent = await botApi(config).sendMessage(Number(chatId), notice.text, notice.extra);
    } catch (err) {
      if (botCallFailure(err).kind !== 'unknown') await shareRepo.releaseNoticeClaim(db, notice.id);
      await afterFailure(err, 'telegram notice not sent', e);
      return;
    }
    await writeTx(deps, async (trx) => {
      await shareRepo.rememberNoticeMessage(trx, { notificationId: notice.id, messageId: sent.message_id, sentAt: job.at });
      // a rewrite while the message was on its way found no message to edit: it is brought up to date now
      const latest = await noticeOf(trx, e.userId, notice.id);
      if (latest && latest.text !== notice.text) await scheduleJob(trx, job.at, 'telegram.notice.edit', job.at, e, editKey(notice.id));
    });
  });

  jobs.on('notification.rewritten', 'telegram', async (trx, e, job) => {
    // not sent yet: the message will say the rewritten notice, or be brought up to date once sent
    if (!(await shareRepo.noticeMessageOf(trx, e.notificationId))?.message_id) return;
    await scheduleJob(trx, job.at, 'telegram.notice.edit', job.at, { userId: e.userId, notificationId: e.notificationId }, editKey(e.notificationId));
  });

  jobs.defineOutsideTx('telegram.notice.edit', async (e) => {
    const message = await shareRepo.noticeMessageOf(db, e.notificationId);
    // message_id 0: its sending is claimed and no answer came; there is no message known to edit
    const notice = message?.message_id ? await noticeOf(db, e.userId, e.notificationId) : null;
    if (!message || !notice) return;
    await botApi(config)
      .editMessageText(Number(message.chat_id), message.message_id, notice.text, notice.extra)
      .catch((err: unknown) => afterFailure(err, 'telegram notice not edited', e));
  });
}
