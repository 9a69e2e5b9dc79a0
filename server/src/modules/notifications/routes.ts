import type { FastifyInstance } from 'fastify';
import { notificationsRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { notificationChannel } from './notify';
import { notificationsService } from './service';
import { notificationSubscribers } from './subscribers';

const STREAM_PATH = '/api/notifications/stream';
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** Live streams one account may hold open (per instance); a new one beyond this closes the oldest. */
export const MAX_STREAMS_PER_ACCOUNT = 5;

export function notificationsModule(app: FastifyInstance, deps: Deps) {
  const notifications = notificationsService(deps);
  notificationSubscribers(deps);
  /** open streams, ended when the server shuts down (they would keep it from closing) */
  const streams = new Set<() => void>();
  /** each account's open streams, oldest first */
  const byUser = new Map<number, (() => void)[]>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
    streams.clear();
    byUser.clear();
  });
  const forget = (userId: number, end: () => void) => {
    streams.delete(end);
    const left = (byUser.get(userId) ?? []).filter((e) => e !== end);
    if (left.length) byUser.set(userId, left);
    else byUser.delete(userId);
  };

  // EventSource cannot send headers: on the stream route only, ?token= stands in for the bearer header
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' || req.headers.authorization) return;
    const [path, qs] = req.url.split('?', 2);
    if (path !== STREAM_PATH || !qs) return;
    const token = new URLSearchParams(qs).get('token');
    if (token) req.headers.authorization = `Bearer ${token}`;
  });

  registerRoutes(app, notificationsRoutes, {
    'GET /api/notifications': ({ user, query }) => notifications.list(user.id, query),
    'GET /api/notifications/unread-count': async ({ user }) => ({ unread_count: await notifications.unread(user.id) }),
    'GET /api/notifications/types': ({ user }) => notifications.types(user.id),
    'GET /api/notifications/type-counts': ({ user }) => notifications.typeCounts(user.id),
    'POST /api/notifications/{id}/read': ({ user, params }) => notifications.markRead(user.id, params.id),
    'POST /api/notifications/read-all': ({ user }) => notifications.markAllRead(user.id),
    'DELETE /api/notifications/{id}': ({ user, params }) => notifications.remove(user.id, params.id),
    'DELETE /api/notifications': ({ user }) => notifications.clear(user.id),

    /**
     * Server-sent events for the signed-in player: `unread` {unread_count} at once and whenever it
     * changes, `notification` {notification, unread_count} for each new one. Events arrive through
     * deps.live, so a notification written on any instance reaches streams on every instance.
     */
    'GET /api/notifications/stream': async ({ user, req, reply }) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let open = true;
      const send = (event: string, data: unknown) => {
        if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const sendUnread = async () => send('unread', { unread_count: await notifications.unread(user.id) });
      const unsubscribe = deps.live.subscribe(notificationChannel(user.id), (payload) => {
        const p = payload as { kind?: string; id?: number };
        const event = p.kind === 'notification' || p.kind === 'changed' ? p.kind : null;
        const work =
          event && typeof p.id === 'number'
            ? notifications.byId(user.id, p.id).then(async (n) => {
                if (n) send(event, { notification: n, unread_count: await notifications.unread(user.id) });
              })
            : sendUnread();
        work.catch((err: unknown) => deps.log.warn({ err }, 'notification stream event failed'));
      });
      const keepalive = setInterval(() => open && res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(keepalive);
        unsubscribe();
      };
      const end = () => {
        close();
        res.end();
      };
      streams.add(end);
      const mine = [...(byUser.get(user.id) ?? []), end];
      byUser.set(user.id, mine);
      while (mine.length > MAX_STREAMS_PER_ACCOUNT) {
        const oldest = mine.shift()!;
        forget(user.id, oldest);
        oldest();
      }
      req.raw.on('close', () => {
        forget(user.id, end);
        close();
      });
      res.write('retry: 3000\n\n');
      await sendUnread();
      return ''; // the reply is hijacked: nothing more is sent from here
    },
  });
}
