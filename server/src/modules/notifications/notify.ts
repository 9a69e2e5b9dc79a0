import { NOTIFICATION_TYPES, type NotificationType } from '@otkrytka/contract/rules/game';
import type { NotificationTemplate } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import { recordEvent } from '../../jobs/runner';

export { NOTIFICATION_TYPES, type NotificationType };

/** The look of each notification type (background and accent), used when the caller gives none. */
export const NOTIFICATION_STYLE: Record<NotificationType, { bg: string; color: string }> = {
  level_up: { bg: '#fef3c7', color: '#b45309' },
  gift: { bg: '#fce7f3', color: '#be185d' },
  quest: { bg: '#dbeafe', color: '#1d4ed8' },
  achievement: { bg: '#ede9fe', color: '#6d28d9' },
  greeting_received: { bg: '#ffe4e6', color: '#e11d48' },
  greeting_opened: { bg: '#ffe4e6', color: '#e11d48' },
  greeting_reply: { bg: '#ffe4e6', color: '#e11d48' },
  greeting_scheduled_open: { bg: '#ffe4e6', color: '#e11d48' },
  energy_full: { bg: '#dcfce7', color: '#15803d' },
  production_complete: { bg: '#e0f2fe', color: '#0369a1' },
  top_position: { bg: '#fef9c3', color: '#a16207' },
  daily_reward: { bg: '#ffedd5', color: '#c2410c' },
};

export interface NotificationAction {
  action_type: string;
  label: string;
  is_primary: boolean;
  /** `open_greeting` {greeting_id} opens /greeting/{id}?view=true; `open_tab` {tab} opens a game hub tab */
  action_params?: { greeting_id?: string; tab?: string; [k: string]: unknown };
}

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  bgColor?: string;
  color?: string;
  actions?: NotificationAction[];
  /** the template the Russian title and message were written from (other languages render it) */
  template?: NotificationTemplate;
}

/** The event channel a user's live notification stream listens on. */
export const notificationChannel = (userId: number) => `notifications:${userId}`;

/**
 * Stores a notification, usually inside the transaction of the event that caused it, with a
 * `notification.created` event: live streams hear of it only once the transaction commits.
 */
export async function insertNotification(db: Queryable, n: NewNotification, at: string): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type: n.type,
      title: n.title,
      message: n.message,
      bg_color: n.bgColor ?? NOTIFICATION_STYLE[n.type].bg,
      color: n.color ?? NOTIFICATION_STYLE[n.type].color,
      actions: JSON.stringify(n.actions ?? []),
      template: n.template ? JSON.stringify(n.template) : null,
      is_read: 0,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvent(db, at, 'notification.created', { userId: n.userId, notificationId: row.id });
  return row.id;
}
