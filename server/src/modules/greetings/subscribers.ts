import type { Deps } from '../../deps';
import { insertNotification, type NotificationAction } from '../notifications/notify';
import { greetingsRepo as repo } from './repo';
import { GREETING_NOTIFICATION_TEXTS as T, OPEN_GREETING_LABEL } from './texts';

const openGreeting = (publicId: string): NotificationAction => ({
  action_type: 'open_greeting',
  label: OPEN_GREETING_LABEL,
  is_primary: true,
  action_params: { greeting_id: publicId, path: `/greeting/${publicId}?view=true` },
});

/**
 * What the sender hears after sending: the first open, the first reply of each acceptor, and the
 * moment a scheduled greeting opens. Each event happens once (guarded writes record it), and the
 * job runner runs each subscriber once per event, so each notification is sent once.
 */
export function greetingSubscribers(deps: Deps): void {
  const { jobs } = deps;

  jobs.on('greeting.opened', 'notify', async (trx, e, job) => {
    const params = { to: e.toWhom };
    await insertNotification(
      trx,
      {
        userId: e.senderId,
        type: 'greeting_opened',
        title: T.greeting_opened.title,
        message: T.greeting_opened.message(params),
        actions: [openGreeting(e.greetingId)],
        template: { key: 'greeting_opened', params },
      },
      job.recordedAt,
    );
  });

  jobs.on('greeting.replied', 'notify', async (trx, e, job) => {
    const params = { name: e.replierName ?? '—', to: e.toWhom, reply: [e.reaction, e.text].filter(Boolean).join(' ') };
    await insertNotification(
      trx,
      {
        userId: e.senderId,
        type: 'greeting_reply',
        title: T.greeting_reply.title,
        message: T.greeting_reply.message(params),
        actions: [openGreeting(e.greetingId)],
        template: { key: 'greeting_reply', params },
      },
      job.recordedAt,
    );
  });

  // the moment of a scheduled greeting; a moved, cancelled or deleted schedule makes it a no-op
  jobs.define('greeting.opens', async (trx, p, job) => {
    const g = await repo.byId(trx, p.greetingId);
    if (!g || g.opens_at !== p.opensAt || g.opens_at > job.at) return;
    const params = { to: g.to_whom };
    await insertNotification(
      trx,
      {
        userId: g.user_id,
        type: 'greeting_scheduled_open',
        title: T.greeting_scheduled_open.title,
        message: T.greeting_scheduled_open.message(params),
        actions: [openGreeting(g.public_id)],
        template: { key: 'greeting_scheduled_open', params },
      },
      job.at,
    );
  });
}
