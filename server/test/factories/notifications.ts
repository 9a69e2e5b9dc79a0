import type { NotificationTemplate } from '@otkrytka/contract';
import type { TestApp } from '../helpers';
import { insertNotification, NOTIFICATION_STYLE, type NotificationType } from '../../src/modules/notifications/notify';
import { nextSeq } from './seq';

/** A template of each notification type, `n` making texts distinct. */
const SAMPLE: Record<NotificationType, (n: number) => NotificationTemplate> = {
  level_up: (n) => ({ key: 'level_up', params: { level: n + 1, energy: 50, gems: 1, card: null, cap: 200 } }),
  gift: (n) => ({ key: 'gift', params: { from: `Отправитель ${n}`, gift: 0 } }),
  quest: (n) => ({ key: 'quest', params: { quest: 'spin', energy: n, gems: 0 } }),
  achievement: () => ({ key: 'achievement', params: { achievement: 'first_spin', coins: 10, gems: 1 } }),
  greeting_received: (n) => ({ key: 'greeting_accepted', params: { name: `Гость ${n}`, to: 'Вере', gift: 0 } }),
  greeting_opened: (n) => ({ key: 'greeting_opened', params: { to: `Вере ${n}` } }),
  greeting_reply: (n) => ({ key: 'greeting_reply', params: { name: `Гость ${n}`, to: 'Вере', reaction: '❤️', text: 'Спасибо' } }),
  greeting_scheduled_open: (n) => ({ key: 'greeting_scheduled_open', params: { to: `Вере ${n}` } }),
  date_reminder: (n) => ({ key: 'date_reminder', params: { name: `Мама ${n}`, kind: 'birthday', days: 1, turns: 60, late: false } }),
  energy_full: (n) => ({ key: 'energy_full', params: { cap: n } }),
  production_complete: (n) => ({ key: 'production_complete', params: { card: 'wisdom', quantity: n, resource: 'wisdom' } }),
  top_position: (n) => ({ key: 'top_position', params: { rank: n } }),
  daily_reward: (n) => ({ key: 'daily_reward', params: { day: n, energy: 10, coins: 5, gems: 0 } }),
};

/**
 * Factory: a stored notification of any type for a player, dated `at` (default now). `legacy`
 * stores one the way rows were written before templates: a fixed Russian text and no template.
 */
export async function makeNotification(
  t: TestApp,
  userId: number,
  over: { type?: NotificationType; at?: string; read?: boolean; legacy?: boolean } = {},
) {
  const n = nextSeq();
  const type = over.type ?? 'gift';
  const at = over.at ?? t.deps.clock.now().toISOString();
  const id = over.legacy
    ? (
        await t.db
          .insertInto('notifications')
          .values({
            user_id: userId,
            type,
            title: `Уведомление ${n}`,
            message: `Текст уведомления ${n}`,
            bg_color: NOTIFICATION_STYLE[type].bg,
            color: NOTIFICATION_STYLE[type].color,
            actions: '[]',
            template: null,
            is_read: 0,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : await insertNotification(t.db, { userId, template: SAMPLE[type](n) }, at);
  if (over.read) await t.db.updateTable('notifications').set({ is_read: 1 }).where('id', '=', id).execute();
  return id;
}
