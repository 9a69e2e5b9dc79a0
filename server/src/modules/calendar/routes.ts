import type { FastifyInstance } from 'fastify';
import { calendarRoutes, ErrorCode } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import { calendarService } from './service';
import { calendarSubscribers } from './subscribers';

export function calendarModule(app: FastifyInstance, deps: Deps) {
  const calendar = calendarService(deps);
  calendarSubscribers(deps);
  registerRoutes(app, calendarRoutes, {
    'GET /api/holidays': ({ user, query }) => calendar.holidays(user, query),
    'GET /api/dates': ({ user }) => calendar.list(user),
    'POST /api/dates': ({ user, body }) => calendar.create(user, body),
    'PATCH /api/dates/{id}': ({ user, params, body }) => calendar.update(user, params.id, body),
    'DELETE /api/dates/{id}': ({ user, params }) => calendar.remove(user, params.id),
    'POST /api/dates/feed': ({ user, body }) => calendar.enableFeed(user, body),
    'DELETE /api/dates/feed': ({ user }) => calendar.disableFeed(user),
  });
  // the feed a phone's calendar subscribes to: iCalendar text, the secret in the address is the key
  app.get('/api/dates/feed/:file', { schema: { hide: true } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    const ics = file.endsWith('.ics') ? await calendar.feed(file.slice(0, -4)) : null;
    if (ics === null) return reply.status(404).send({ detail: 'No such calendar feed', code: ErrorCode.NOT_FOUND });
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
  });
}
