import type { Deps } from '../../deps';
import { insertNotification, notificationChannel } from './notify';

/** Where a notification about a greeting leads (spec 001: /greeting/{id}?view=true). */
const openGreetingAction = (publicId: string) => ({
  action_type: 'open_greeting',
  is_primary: true,
  action_params: { greeting_id: publicId, path: `/greeting/${publicId}?view=true` },
});

/** Notifications other modules' events cause, and the live push of every stored notification. */
export function notificationSubscribers(deps: Deps): void {
  const { jobs } = deps;

  // every instance's streams of the user hear it (Redis pub/sub with REDIS_URL)
  jobs.on('notification.created', 'live', async (_trx, e) => {
    await deps.events.publish(notificationChannel(e.userId), { kind: 'notification', id: e.notificationId });
  });
  jobs.on('notification.rewritten', 'live', async (_trx, e) => {
    await deps.events.publish(notificationChannel(e.userId), { kind: 'changed', id: e.notificationId });
  });
  jobs.on('notifications.read', 'live', async (_trx, e) => {
    await deps.events.publish(notificationChannel(e.userId), { kind: 'unread' });
  });

  jobs.on('greeting.accepted', 'notify', async (trx, e, job) => {
    const actions = [openGreetingAction(e.greetingId)];
    const accepted = { name: e.acceptorName, to: e.toWhom, gift: e.gift };
    await insertNotification(trx, { userId: e.senderId, template: { key: 'greeting_accepted', params: accepted }, actions }, job.recordedAt);
    const gift = { from: e.fromWhom, gift: e.gift };
    await insertNotification(trx, { userId: e.acceptorId, template: { key: 'gift', params: gift }, actions }, job.recordedAt);
  });
}
