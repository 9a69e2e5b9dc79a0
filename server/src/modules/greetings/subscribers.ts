import type { GreetingReplyReaction } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { insertNotification, type NotificationAction } from '../notifications/notify';
import { greetingsRepo as repo } from './repo';

const openGreeting = (publicId: string): NotificationAction => ({
  action_type: 'open_greeting',
  is_primary: true,
  action_params: { greeting_id: publicId, path: `/greeting/${publicId}?view=true` },
});

/**
 * What the sender hears after sending: the first open, the first reply of each acceptor, and the
 * moment a scheduled greeting opens. Each event happens once (guarded writes record it), and the
 * job runner runs each subscriber once per event, so each notification is sent once. Texts are the
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
    const params = { name: e.replierName, to: e.toWhom, reaction: e.reaction as GreetingReplyReaction | null, text: e.text };
    await insertNotification(
      trx,
      { userId: e.senderId, template: { key: 'greeting_reply', params }, actions: [openGreeting(e.greetingId)] },
      job.recordedAt,
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
