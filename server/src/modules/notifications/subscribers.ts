import type { Deps } from '../../deps';
import { insertNotification, notificationChannel } from './notify';

/** Where a notification about a greeting leads (spec 001: /greeting/{id}?view=true). */
const openGreetingAction = (publicId: string) => ({
  action_type: 'open_greeting',
  label: 'Открыть поздравление',
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

  jobs.on('greeting.accepted', 'notify', async (trx, e, job) => {
    const action = openGreetingAction(e.greetingId);
    const acceptor = e.acceptorName ?? 'Кто-то';
    await insertNotification(
      trx,
      {
        userId: e.senderId,
        type: 'greeting_received',
        title: '💌 Ваше поздравление приняли',
        message: `${acceptor} принял(а) ваше поздравление «${e.toWhom}»` + (e.gift > 0 ? ` и получил(а) ваш подарок: ${e.gift} энергии` : ''),
        actions: [action],
        template: { key: 'greeting_received', params: { name: e.acceptorName, to: e.toWhom, gift: e.gift } },
      },
      job.recordedAt,
    );
    await insertNotification(
      trx,
      {
        userId: e.acceptorId,
        type: 'gift',
        title: '🎁 Новый подарок',
        message: `Поздравление от «${e.fromWhom}» теперь в ваших подарках` + (e.gift > 0 ? `. Вам начислено ${e.gift} энергии` : ''),
        actions: [action],
        template: { key: 'gift', params: { from: e.fromWhom, gift: e.gift } },
      },
      job.recordedAt,
    );
  });
}
