import type { Queryable } from '../../db';
import type { EventBus } from '../../platform/events';

/** The notification types of spec 000 §3. */
export const NOTIFICATION_TYPES = [
  'level_up',
  'gift',
  'quest',
  'achievement',
  'greeting_received',
  'energy_full',
  'production_complete',
  'top_position',
  'daily_reward',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationAction {
  action_type: string;
  label: string;
  is_primary: boolean;
  action_params?: { greeting_id?: string; [k: string]: unknown };
}

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  bgColor?: string;
  color?: string;
  actions?: NotificationAction[];
}

/** The event channel a user's live notification stream listens on. */
export const notificationChannel = (userId: number) => `notifications:${userId}`;

/**
 * Stores a notification, usually inside the transaction of the event that caused it. Call
 * `publishNotification` after the transaction commits so live streams never show a rolled-back one.
 */
export async function insertNotification(db: Queryable, n: NewNotification, at: string): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type: n.type,
      title: n.title,
      message: n.message,
      bg_color: n.bgColor ?? null,
      color: n.color ?? null,
      actions: JSON.stringify(n.actions ?? []),
      is_read: 0,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function publishNotification(events: EventBus, userId: number, notificationId: number): Promise<void> {
  await events.publish(notificationChannel(userId), { kind: 'notification', id: notificationId });
}
