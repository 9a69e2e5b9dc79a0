import { NOTIFICATION_TYPES, type NotificationType } from '@otkrytka/contract/rules/game';
import { NOTIFICATION_TEMPLATES, type NotificationTemplate } from '@otkrytka/contract';
import type { Queryable } from '../../db';
import { recordEvent } from '../../jobs/runner';
import type { Notice, NoticeAction } from '../../events/catalogue';
import { notificationsRepo } from './repo';
import { notificationText } from '@otkrytka/contract/notification-text';
import { DEFAULT_READER_LANGUAGE, translator } from '../../texts/reader';

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
  date_reminder: { bg: '#fef3c7', color: '#b45309' },
  energy_full: { bg: '#dcfce7', color: '#15803d' },
  production_complete: { bg: '#e0f2fe', color: '#0369a1' },
  top_position: { bg: '#fef9c3', color: '#a16207' },
  daily_reward: { bg: '#ffedd5', color: '#c2410c' },
};

/**
 * What a notification offers to do. `open_greeting` {greeting_id} opens /greeting/{id}?view=true;
 * `open_tab` {tab} opens a game hub tab. The label comes from the texts
 * (`notifications:text.<key>.actions.<type>`, else `notifications:actions.<type>`).
 */
export type NotificationAction = NoticeAction;

/** A notification to store: a template declared in the contract with its typed params. */
export type NewNotification = Notice;

/** When a user last got a notification of `type` (null: never). */
export const lastNotificationAt = (db: Queryable, userId: number, type: NotificationType) => notificationsRepo.lastAt(db, userId, type);

/** The event channel a user's live notification stream listens on. */
export const notificationChannel = (userId: number) => `notifications:${userId}`;

/**
 * Stores a notification, usually inside the transaction of the event that caused it, with a
 * `notification.created` event: live streams hear of it only once the transaction commits.
 */
export async function insertNotification(db: Queryable, n: NewNotification, at: string): Promise<number> {
  const type = NOTIFICATION_TEMPLATES[n.template.key].type;
  // the Russian text is kept for readers of the table; the API renders the template in the reader's language
  const text = notificationText({ title: '', message: '', template: n.template }, translator(DEFAULT_READER_LANGUAGE));
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type,
      title: text.title,
      message: text.message,
      bg_color: n.bgColor ?? NOTIFICATION_STYLE[type].bg,
      color: n.color ?? NOTIFICATION_STYLE[type].color,
      actions: JSON.stringify(n.actions ?? []),
      template: JSON.stringify(n.template),
      is_read: 0,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvent(db, at, 'notification.created', { userId: n.userId, notificationId: row.id });
  return row.id;
}

/**
 * Marks a user's unread notifications of one type read (what they told of is done), with a
 * `notifications.read` event so their other tabs hear the new unread count after commit.
 */
export async function markTypeRead(db: Queryable, userId: number, type: NotificationType, at: string): Promise<number> {
  const updated = await notificationsRepo.markRead(db, userId, { type });
  if (updated) await recordEvent(db, at, 'notifications.read', { userId });
  return updated;
}

/**
 * Rewrites what some of a user's notifications of one type say, among those written since `since`:
 * `rewrite` answers the new template of a notification, or null to leave it as it is. Each one
 * rewritten records a `notification.rewritten` event at `at`.
 */
export async function rewriteNotifications(
  db: Queryable,
  userId: number,
  type: NotificationType,
  since: string,
  at: string,
  rewrite: (n: { template: NotificationTemplate; actions: NotificationAction[] }) => NotificationTemplate | null,
): Promise<void> {
  const rows = await notificationsRepo.templatesOf(db, userId, type, { since });
  for (const row of rows) {
    if (!row.template) continue;
    const template = rewrite({ template: JSON.parse(row.template) as NotificationTemplate, actions: JSON.parse(row.actions ?? '[]') as NotificationAction[] });
    if (!template) continue;
    const text = notificationText({ title: '', message: '', template }, translator(DEFAULT_READER_LANGUAGE));
    await notificationsRepo.rewrite(db, row.id, { template: JSON.stringify(template), title: text.title, message: text.message });
    await recordEvent(db, at, 'notification.rewritten', { userId, notificationId: row.id });
  }
}

/**
 * Marks read the user's unread notifications of one type whose template `match` picks (what they
 * told of is done), with a `notifications.read` event when any were.
 */
export async function markReadWhere(db: Queryable, userId: number, type: NotificationType, match: (t: NotificationTemplate) => boolean, at: string): Promise<number> {
  const unread = await notificationsRepo.templatesOf(db, userId, type, { unread: true });
  const ids = unread.filter((n) => n.template && match(JSON.parse(n.template) as NotificationTemplate)).map((n) => n.id);
  if (ids.length === 0) return 0;
  await notificationsRepo.markIdsRead(db, ids);
  await recordEvent(db, at, 'notifications.read', { userId });
  return ids.length;
}
