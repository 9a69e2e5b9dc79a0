import type { Notification, NotificationList } from '@otkrytka/contract';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationType } from '@otkrytka/contract/rules/game';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { tokenStore } from '@/lib/token';
import { useSession } from '../auth/session';
import { gameKeys, refreshGameData, useGameEnabled } from '../game/queries';
import { greetingKeys } from '../greetings/readQueries';

export interface NotificationFilters {
  /** 'all' | 'unread' | 'read' */
  read: 'all' | 'unread' | 'read';
  type: NotificationType | '';
  dateFrom: string;
  dateTo: string;
}
export const NO_FILTERS: NotificationFilters = { read: 'all', type: '', dateFrom: '', dateTo: '' };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (f: NotificationFilters, page: number) => ['notifications', 'list', f, page] as const,
  unread: ['notifications', 'unread'] as const,
  types: ['notifications', 'types'] as const,
  typeCounts: ['notifications', 'type-counts'] as const,
};

export function useNotifications(filters: NotificationFilters, page: number) {
  const enabled = useGameEnabled();
  return useQuery({
    queryKey: notificationKeys.list(filters, page),
    queryFn: () =>
      api('GET /api/notifications', {
        query: {
          page,
          limit: NOTIFICATIONS_PAGE_SIZE,
          isRead: filters.read === 'all' ? undefined : filters.read === 'read' ? 'true' : 'false',
          type: filters.type || undefined,
          dateFrom: filters.dateFrom || undefined,
          dateTo: filters.dateTo || undefined,
        },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationTypes() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: notificationKeys.types, queryFn: () => api('GET /api/notifications/types'), enabled, staleTime: Infinity });
}

export function useTypeCounts() {
  const enabled = useGameEnabled();
  return useQuery({ queryKey: notificationKeys.typeCounts, queryFn: () => api('GET /api/notifications/type-counts'), enabled });
}

/** Sets the unread count everywhere it is shown. */
const setUnread = (qc: QueryClient, n: number) => qc.setQueryData(notificationKeys.unread, { unread_count: Math.max(0, n) });
const unreadOf = (qc: QueryClient) => qc.getQueryData<{ unread_count: number }>(notificationKeys.unread)?.unread_count ?? 0;

/** Marks the cached copies of one notification read. */
function patchLists(qc: QueryClient, fn: (n: Notification) => Notification | null) {
  qc.setQueriesData<NotificationList>({ queryKey: ['notifications', 'list'] }, (list) =>
    list ? { ...list, notifications: list.notifications.map(fn).filter((n): n is Notification => n !== null) } : list,
  );
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('POST /api/notifications/{id}/read', { params: { id } }),
    onMutate: (id) => {
      let wasUnread = false;
      patchLists(qc, (n) => {
        if (n.id !== id) return n;
        wasUnread ||= !n.is_read;
        return { ...n, is_read: true, is_new: false };
      });
      if (wasUnread) setUnread(qc, unreadOf(qc) - 1);
    },
    onSuccess: (r) => setUnread(qc, r.unread_count),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.typeCounts });
      refreshGameData(qc, 'notification_read');
    },
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/notifications/read-all'),
    onMutate: () => {
      patchLists(qc, (n) => ({ ...n, is_read: true, is_new: false }));
      setUnread(qc, 0);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE /api/notifications/{id}', { params: { id } }),
    onSuccess: (r) => {
      setUnread(qc, r.unread_count);
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
      void qc.invalidateQueries({ queryKey: notificationKeys.typeCounts });
    },
  });
}

export function useClearNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/notifications'),
    onSuccess: () => {
      setUnread(qc, 0);
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** Notices of what became of a greeting the reader sent: its page and their list of sent ones show it. */
const GREETING_NEWS: ReadonlySet<NotificationType> = new Set<NotificationType>(['greeting_received', 'greeting_opened', 'greeting_reply', 'greeting_scheduled_open']);

function refreshSentGreeting(qc: QueryClient, n: Notification) {
  if (!GREETING_NEWS.has(n.type)) return;
  const id = n.actions.map((a) => a.action_params?.greeting_id).find((g) => typeof g === 'string');
  if (id) void qc.invalidateQueries({ queryKey: greetingKeys.detail(id) });
  void qc.invalidateQueries({ queryKey: greetingKeys.created });
}

/** What each notification type makes stale when it arrives live. */
function onNotification(qc: QueryClient, n: Notification) {
  void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
  void qc.invalidateQueries({ queryKey: notificationKeys.typeCounts });
  refreshSentGreeting(qc, n);
  switch (n.type) {
    case 'level_up':
      refreshGameData(qc, 'level_up');
      void qc.invalidateQueries({ queryKey: gameKeys.level });
      break;
    case 'quest':
      refreshGameData(qc, 'quest_completed');
      void qc.invalidateQueries({ queryKey: gameKeys.quests });
      break;
    case 'achievement':
      refreshGameData(qc, 'achievement_unlocked');
      void qc.invalidateQueries({ queryKey: gameKeys.achievements });
      break;
    case 'energy_full':
    case 'gift':
      refreshGameData(qc, 'energy_added');
      break;
    case 'production_complete':
      void qc.invalidateQueries({ queryKey: ['production'] });
      break;
    case 'top_position':
      void qc.invalidateQueries({ queryKey: ['game', 'top'] });
      break;
    default:
      refreshGameData(qc, n.type);
  }
  window.dispatchEvent(new CustomEvent<Notification>(NOTIFICATION_EVENT, { detail: n }));
}

/** A DOM event fired for every live notification (the game hub shows a toast for it). */
export const NOTIFICATION_EVENT = 'otkrytka:notification';

/**
 * The live stream (server-sent events), read with fetch so the bearer token travels in a header.
 * One connection per tab however many components ask; it reconnects with a growing delay.
 */
const stream = {
  users: 0,
  abort: null as AbortController | null,
  retry: 0,
  timer: 0 as number | ReturnType<typeof setTimeout>,

  start(qc: QueryClient) {
    const token = tokenStore.get();
    if (!token || this.abort) return;
    const ctrl = new AbortController();
    this.abort = ctrl;
    const run = async () => {
      const res = await fetch('/api/notifications/stream', { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: ctrl.signal });
      if (!res.ok || !res.body) throw new Error(`stream HTTP ${res.status}`);
      this.retry = 0;
      // anything published before this connection was listening is fetched afresh
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
      void qc.invalidateQueries({ queryKey: notificationKeys.typeCounts });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          const payload = JSON.parse(data) as { unread_count?: number; notification?: Notification };
          if (event === 'notification' && payload.notification) onNotification(qc, payload.notification);
          // a notice whose text changed (a reply edited): the lists read it again; it is not news
          else if (event === 'changed' && payload.notification) {
            void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
            refreshSentGreeting(qc, payload.notification);
          }
          else if (typeof payload.unread_count === 'number' && payload.unread_count !== unreadOf(qc)) {
            // changed elsewhere (another tab or device), or while the stream was reconnecting
            void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
            void qc.invalidateQueries({ queryKey: notificationKeys.typeCounts });
          }
          if (typeof payload.unread_count === 'number') setUnread(qc, payload.unread_count);
        }
      }
    };
    run()
      .catch(() => undefined)
      .finally(() => {
        if (this.abort !== ctrl) return;
        this.abort = null;
        if (this.users > 0 && !ctrl.signal.aborted) {
          this.retry = Math.min(this.retry + 1, 6);
          this.timer = setTimeout(() => this.start(qc), 1000 * 2 ** this.retry);
        }
      });
  },
  stop() {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.abort = null;
  },
};

/** Keeps the live notification stream of `userId` open while the app shows it (null: closed). */
export function useNotificationStream(userId: number | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    stream.users += 1;
    stream.start(qc);
    return () => {
      stream.users -= 1;
      if (stream.users === 0) stream.stop();
    };
  }, [userId, qc]);
}

/** The unread notification count for the shell's badge; live through the stream. */
export function useUnreadCount(): number {
  const enabled = useGameEnabled();
  const { user } = useSession();
  useNotificationStream(enabled && user ? user.id : null);
  const q = useQuery({ queryKey: notificationKeys.unread, queryFn: () => api('GET /api/notifications/unread-count'), enabled });
  return enabled ? (q.data?.unread_count ?? 0) : 0;
}
