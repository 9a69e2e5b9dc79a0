import type { GreetingReplyReaction } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { insertNotification, type NotificationAction, rewriteNotifications } from '../notifications/notify';
import { greetingsRepo as repo } from './repo';

/** Opens the greeting; a reply's notification names the reply too, so an edit can find it. */
const openGreeting = (publicId: string, replyId?: number): NotificationAction => ({
  action_type: 'open_greeting',
  is_primary: true,
  action_params: { greeting_id: publicId, path: `/greeting/${publicId}?view=true`, ...(replyId ? { reply_id: replyId } : {}) },
});
type Reaction = GreetingReplyReaction | null;

/**
 * What the sender hears after sending: the first open, the first reply of each acceptor (its edits
 * rewrite that notification), and the moment a scheduled greeting opens. Each event happens once
 * (guarded writes record it), and the job runner runs each subscriber once per event, so each
 * notification is sent once. Texts are the
 * contract's templates (`greeting_opened`, `greeting_reply`, `greeting_scheduled_open`).
 */
export function greetingSubscribers(deps: Deps): void {
  const { jobs } = deps;

  jobs.on('greeting.opened', 'notify', async (trx, e, job) => {
    await insertNotification(
      trx,
      { userId: e.senderId, template: { key: 'greeting_opened', params: { to: e.toWhom } }, actions: [openGreeting(e.greetingId)] },
      job.recordedAt,
    );
  });

  jobs.on('greeting.replied', 'notify', async (trx, e, job) => {
    // the reply as it is now, should it have been edited before this ran (events recorded before
    // replies had ids in them carry their words alone)
    const reply = (e.replyId ? await repo.replyById(trx, e.replyId) : undefined) ?? e;
    const params = { name: e.replierName, to: e.toWhom, reaction: reply.reaction as Reaction, text: reply.text };
    await insertNotification(
      trx,
      { userId: e.senderId, template: { key: 'greeting_reply', params }, actions: [openGreeting(e.greetingId, e.replyId)] },
      job.recordedAt,
    );
  });

  // what the sender was told of a reply follows its edits
  jobs.on('greeting.reply_edited', 'notify', async (trx, e, job) => {
    const reply = await repo.replyById(trx, e.replyId);
    if (!reply) return;
    await rewriteNotifications(trx, e.senderId, 'greeting_reply', reply.created_at, job.at, ({ template, actions }) =>
      template.key === 'greeting_reply' && actions.some((a) => a.action_params?.reply_id === reply.id)
        ? { key: 'greeting_reply', params: { ...template.params, reaction: reply.reaction as Reaction, text: reply.text } }
        : null,
    );
  });

  // the moment of a scheduled greeting; a moved, cancelled or deleted schedule makes it a no-op
  jobs.define('greeting.opens', async (trx, p, job) => {
    const g = await repo.byId(trx, p.greetingId);
    if (!g || g.opens_at !== p.opensAt || g.opens_at > job.at) return;
    await insertNotification(
      trx,
      { userId: g.user_id, template: { key: 'greeting_scheduled_open', params: { to: g.to_whom } }, actions: [openGreeting(g.public_id)] },
      job.at,
    );
  });
}
