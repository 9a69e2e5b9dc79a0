import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse, RouteTable } from '@otkrytka/contract';
import { authRequired, forbidden } from './errors';

/** The signed-in user as the server sees it on a request. */
export interface AuthUser {
  id: number;
  isModerator: boolean;
  sessionId: number;
}

export interface HandlerContext<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** set whenever the route needs a user; may be null on public/optional routes */
  user: R['access'] extends 'user' | 'moderator' ? AuthUser : AuthUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<R extends RouteDef> = (ctx: HandlerContext<R>) => Promise<RouteResponse<R>> | RouteResponse<R>;
export type Handlers<T extends RouteTable> = { [K in keyof T]: Handler<T[K]> };

/** Resolves the bearer token of a request to a user, or null. Installed by the auth module. */
export type UserResolver = (req: FastifyRequest) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveUser: UserResolver;
  }
  interface FastifyRequest {
    authUser?: AuthUser | null;
  }
}

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers every route of a contract table with its handler. The table's schemas validate input
 * and output and feed the OpenAPI document; access is enforced here, once, for all routes.
 */
export interface RouteOptions {
  /** per-route limit for @fastify/rate-limit (keyed by client IP) */
  rateLimit?: { max: number; timeWindow: string | number };
  /** a larger body limit than the JSON default (bytes) */
  bodyLimit?: number;
}

export function registerRoutes<T extends RouteTable>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
  options: Partial<Record<keyof T, RouteOptions>> = {},
): void {
  for (const [key, def] of Object.entries(table)) {
    const [method, path] = key.split(' ') as [string, string];
    const handler = handlers[key as keyof T] as Handler<RouteDef>;
    const tag = path.split('/')[2] ?? 'api';
    const opts: RouteOptions = options[key as keyof T] ?? {};
    app.route({
      method: method as 'GET',
      url: toFastifyPath(path),
      ...(opts.rateLimit ? { config: { rateLimit: opts.rateLimit } } : {}),
      ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
      schema: {
        summary: def.summary,
        tags: [tag],
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body && !def.multipart ? { body: def.body } : {}),
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(def.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
        response: { [def.status ?? 200]: def.response },
      },
      handler: async (req, reply) => {
        const user = await app.resolveUser(req);
        if (!user && (def.access === 'user' || def.access === 'moderator')) throw authRequired();
        if (def.access === 'moderator' && !user?.isModerator) throw forbidden('Moderator only');
        reply.status(def.status ?? 200);
        const result = await handler({
          params: req.params as never,
          query: req.query as never,
          body: req.body as never,
          user: user as never,
          req,
          reply,
        });
        if ((def.status ?? 200) === 204) return reply.send();
        return result;
      },
    });
  }
}
