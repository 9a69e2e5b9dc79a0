import { z } from 'zod';
import { defineRoutes } from './route';
import { Id, IdParams, Ok, QueryBool, QueryCount } from './common';
import { NotificationTemplate } from './notification-templates';
import { NOTIFICATION_TYPES, NOTIFICATIONS_PAGE_SIZE } from './rules/game';

export const NotificationAction = z.object({
  action_type: z.string(),
  label: z.string(),
  is_primary: z.boolean(),
  action_params: z.record(z.string(), z.unknown()).optional(),
});
export type NotificationAction = z.infer<typeof NotificationAction>;

/** One notification. */
export const Notification = z.object({
  id: Id,
  type: z.enum(NOTIFICATION_TYPES),
  /** rendered from the template in the reader's language (their `language` setting, else Russian) */
  title: z.string(),
  message: z.string(),
  bg_color: z.string().nullable(),
  color: z.string().nullable(),
  is_read: z.boolean(),
  /** unread and less than a day old */
  is_new: z.boolean(),
  created_at: z.string(),
  actions: z.array(NotificationAction),
  /** what title and message were rendered from; null for notifications stored before templates were kept */
  template: NotificationTemplate.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** A date (`2025-03-08`, taken as the whole UTC day) or a full ISO timestamp. */
const DateBound = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'a date like 2025-03-08 or an ISO timestamp');

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  /** alternative to page: rows to skip */
  skip: QueryCount.optional(),
  isRead: QueryBool.optional(),
  type: z.enum(NOTIFICATION_TYPES).optional(),
  /** the original app's spelling of `type` */
  notification_type: z.enum(NOTIFICATION_TYPES).optional(),
  dateFrom: DateBound.optional(),
  dateTo: DateBound.optional(),
});

export const NotificationList = z.object({
  notifications: z.array(Notification),
  total: z.number().int(),
  unread_count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const UnreadCount = z.object({ unread_count: z.number().int() });

export const notificationsRoutes = defineRoutes({
  'GET /api/notifications': {
    access: 'user',
    summary: 'Notifications, newest first, with filters and pages of 20',
    query: NotificationListQuery,
    response: NotificationList,
  },
  'GET /api/notifications/unread-count': { access: 'user', summary: 'Unread notifications', response: UnreadCount },
  'GET /api/notifications/types': {
    access: 'user',
    summary: "Every notification type with its title in the reader's language",
    response: z.object({ types: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), title: z.string() })) }),
  },
  'GET /api/notifications/type-counts': {
    access: 'user',
    summary: 'How many notifications (and unread ones) of each type',
    response: z.object({
      counts: z.record(z.string(), z.number().int()),
      unread: z.record(z.string(), z.number().int()),
      total: z.number().int(),
      unread_count: z.number().int(),
    }),
  },
  'GET /api/notifications/stream': {
    access: 'user',
    summary:
      'Live notifications (server-sent events). EventSource may pass the bearer token as ?token= on this route only. Events: `notification` {notification, unread_count} for a new one, `changed` {notification, unread_count} for one whose text changed (a reply edited), `unread` {unread_count}.',
    query: z.object({ token: z.string().max(200).optional() }),
    response: z.string(),
  },
  'POST /api/notifications/{id}/read': {
    access: 'user',
    summary: 'Mark one notification read',
    params: IdParams,
    response: z.object({ success: z.literal(true), unread_count: z.number().int() }),
  },
  'POST /api/notifications/read-all': {
    access: 'user',
    summary: 'Mark every notification read',
    response: z.object({ success: z.literal(true), updated: z.number().int(), unread_count: z.number().int() }),
  },
  'DELETE /api/notifications/{id}': {
    access: 'user',
    summary: 'Delete one notification',
    params: IdParams,
    response: z.object({ success: z.literal(true), unread_count: z.number().int() }),
  },
  'DELETE /api/notifications': {
    access: 'user',
    summary: 'Delete every notification',
    response: Ok.extend({ deleted: z.number().int() }),
  },
});
