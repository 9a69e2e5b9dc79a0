import { type Notification, type NotificationAction, type NotificationList, NotificationTemplate } from '@otkrytka/contract';
import type { Translate } from '@otkrytka/contract/notification-text';
import { NOTIFICATION_TYPES, type NotificationType } from '@otkrytka/contract/rules/game';
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema';
import type { Queryable } from '../../db';
import type { Deps } from '../../deps';
import { invalid, notFound } from '../../http/errors';
import { notificationChannel } from './notify';
import { type NotificationFilter, notificationsRepo } from './repo';
import { notificationText } from '@otkrytka/contract/notification-text';
import { readerTranslator } from '../settings';

/** A notification counts as new while unread and younger than a day. */
const NEW_FOR_MS = 24 * 3600_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** `2025-03-08` is the whole UTC day: from its first to its last millisecond. */
const bound = (s: string, end: boolean) =>
  DATE_ONLY.test(s) ? `${s}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : new Date(Date.parse(s)).toISOString();

export interface ListQuery {
  page: number;
  limit: number;
  skip?: number;
  isRead?: boolean;
  type?: NotificationType;
  notification_type?: NotificationType;
  dateFrom?: string;
  dateTo?: string;
}

/** A stored notification as its reader sees it: texts rendered from its template in their language. */
function notificationView(r: Selectable<NotificationsTable>, t: Translate, now: Date): Notification {
  let actions: NotificationAction[] = [];
  try {
    const parsed: unknown = JSON.parse(r.actions);
    if (Array.isArray(parsed)) actions = parsed as NotificationAction[];
  } catch {
    /* a malformed action list shows none */
  }
  let template: Notification['template'] = null;
  try {
    const parsed = r.template ? NotificationTemplate.safeParse(JSON.parse(r.template)) : null;
    template = parsed?.success ? parsed.data : null;
  } catch {
    /* a malformed template: the stored text shows */
  }
  const text = notificationText({ title: r.title, message: r.message, template }, t);
  return {
    id: r.id,
    // written only through insertNotification, whose type is a NotificationType
    type: r.type as NotificationType,
    title: text.title,
    message: text.message,
    bg_color: r.bg_color,
    color: r.color,
    is_read: r.is_read === 1,
    is_new: r.is_read === 0 && now.getTime() - Date.parse(r.created_at) < NEW_FOR_MS,
    created_at: r.created_at,
    actions: actions.map((a) => ({ ...a, label: text.actionLabel(a) })),
    template,
  };
}

export function notificationsService(deps: Deps) {
  const { db, live } = deps;
  /** The reader's translator: their `language` setting, else Russian. */
  const readerText = (userId: number) => readerTranslator(db, userId);
  const unread = (userId: number) => notificationsRepo.count(db, userId, { isRead: false });
  /** Tells the player's open streams (any instance) the unread count changed. */
  const announceUnread = async (userId: number) => {
    await live.publish(notificationChannel(userId), { kind: 'unread' }).catch(() => undefined);
  };

  return {
    unread,

    async list(userId: number, q: ListQuery): Promise<NotificationList> {
      const filter: NotificationFilter = {
        isRead: q.isRead,
        type: q.type ?? q.notification_type,
        from: q.dateFrom ? bound(q.dateFrom, false) : undefined,
        to: q.dateTo ? bound(q.dateTo, true) : undefined,
      };
      if (filter.from && filter.to && filter.from > filter.to) throw invalid('dateTo', 'must not be before dateFrom');
      const offset = q.skip ?? (q.page - 1) * q.limit;
      const [rows, total, unreadCount, t] = await Promise.all([
        notificationsRepo.page(db, userId, filter, q.limit, offset),
        notificationsRepo.count(db, userId, filter),
        unread(userId),
        readerText(userId),
      ]);
      return {
        notifications: rows.map((r) => notificationView(r, t, deps.clock.now())),
        total,
        unread_count: unreadCount,
        page: q.skip !== undefined ? Math.floor(q.skip / q.limit) + 1 : q.page,
        limit: q.limit,
        // a full page means there may be more
        hasMore: rows.length >= q.limit,
      };
    },

    async types(userId: number) {
      const t = await readerText(userId);
      return { types: NOTIFICATION_TYPES.map((type) => ({ type, title: t(`types.${type}`) })) };
    },

    async typeCounts(userId: number) {
      const rows = await notificationsRepo.typeCounts(db, userId);
      const counts: Record<string, number> = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, 0]));
      const unreadBy: Record<string, number> = { ...counts };
      for (const r of rows) {
        counts[r.type] = Number(r.total);
        unreadBy[r.type] = Number(r.unread ?? 0);
      }
      const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
      return { counts, unread: unreadBy, total: sum(counts), unread_count: sum(unreadBy) };
    },

    async markRead(userId: number, id: number) {
      if (!(await notificationsRepo.byId(db, userId, id))) throw notFound('Notification not found');
      if (await notificationsRepo.markRead(db, userId, { id })) await announceUnread(userId);
      return { success: true as const, unread_count: await unread(userId) };
    },

    async markAllRead(userId: number) {
      const updated = await notificationsRepo.markRead(db, userId);
      if (updated) await announceUnread(userId);
      return { success: true as const, updated, unread_count: 0 };
    },

    async remove(userId: number, id: number) {
      if (!(await notificationsRepo.remove(db, userId, id))) throw notFound('Notification not found');
      await announceUnread(userId);
      return { success: true as const, unread_count: await unread(userId) };
    },

    async clear(userId: number) {
      const deleted = await notificationsRepo.remove(db, userId);
      await announceUnread(userId);
      return { success: true as const, deleted };
    },

    /** One of the user's notifications as they see it; `q`: the transaction of a job that reads it. */
    byId: async (userId: number, id: number, q: Queryable = db) => {
      const row = await notificationsRepo.byId(q, userId, id);
      return row ? notificationView(row, await readerTranslator(q, userId), deps.clock.now()) : null;
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
