import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse, RouteTable } from '@otkrytka/contract';
import { authRequired, forbidden, invalid } from './errors';

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

/**
 * A response a handler already wrote as JSON (the contract's shape, written elsewhere: see the
 * gallery's readers), sent as it is. Outside production it is still checked against the contract.
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

export type Handler<R extends RouteDef> = (
  ctx: HandlerContext<R>,
) => Promise<RouteResponse<R> | JsonBytes> | RouteResponse<R> | JsonBytes;
export type Handlers<T extends RouteTable> = { [K in keyof T]: Handler<T[K]> };

/** Resolves the bearer token of a request to a user, or null. Installed by the auth module. */
export type UserResolver = (req: FastifyRequest) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveUser: UserResolver;
    /** answers are checked against the contract (everywhere but production) */
    checksResponses: boolean;
  }
  interface FastifyRequest {
    authUser?: AuthUser | null;
  }
}

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored as sent, or null. */
function badText(s: string): string | null {
  // PostgreSQL text cannot hold NUL
  if (s.includes('\u0000')) return 'must not contain the NUL character';
  // half of a UTF-16 pair (JSON's "\ud800"): stored, it would come back as replacement characters
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (a lone surrogate)';
  return null;
}

/**
 * The dotted path of the first string in a parsed request part that cannot be stored as sent (a NUL
 * character, a lone surrogate) and why, or null. Such input is refused for every route, on both
 * databases.
 */
export function findBadText(value: unknown, at: string, depth = 0): { at: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = badText(value);
    return problem ? { at, problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const problem = badText(k);
    if (problem) return { at, problem };
    const found = findBadText(v, at ? `${at}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Registers every route of a contract table with its handler. The table's schemas validate input
 * and output and feed the OpenAPI document; access is enforced here, once, for all routes.
 */
export interface RouteOptions {
  /** per-route limit for @fastify/rate-limit, keyed by client IP, or by the signed-in user with `perUser` */
  rateLimit?: { max: number; timeWindow: string | number; perUser?: boolean };
  /** a larger body limit than the JSON default (bytes) */
  bodyLimit?: number;
}

/** The sign-in check runs first (route onRequest hooks precede the limiter's), so the user is known here. */
const rateLimitOf = ({ perUser, ...limit }: NonNullable<RouteOptions['rateLimit']>) =>
  perUser ? { ...limit, keyGenerator: (req: FastifyRequest) => (req.authUser ? `user:${req.authUser.id}` : `ip:${req.ip}`) } : limit;

/** Some routes of a contract table, for a module that serves part of another area's table. */
export function pickRoutes<T extends RouteTable, K extends keyof T>(table: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, table[k]])) as Pick<T, K>;
}

/** A contract table without some routes (another module serves them; see `pickRoutes`). */
export function omitRoutes<T extends RouteTable, K extends keyof T>(table: T, keys: readonly K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(table).filter(([k]) => !keys.includes(k as K))) as Omit<T, K>;
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
      ...(opts.rateLimit ? { config: { rateLimit: rateLimitOf(opts.rateLimit) } } : {}),
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
      // who is calling is settled before the body is read or validated: anonymous callers of a
      // signed-in route get 401, never a description of the schema
      onRequest: async (req) => {
        const user = await app.resolveUser(req);
        if (!user && (def.access === 'user' || def.access === 'moderator')) throw authRequired();
        if (def.access === 'moderator' && !user?.isModerator) throw forbidden('Moderator only');
      },
      preValidation: async (req) => {
        for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
          const bad = findBadText(value, '');
          if (bad !== null) throw invalid(bad.at || part, bad.problem);
        }
      },
      handler: async (req, reply) => {
        const user = await app.resolveUser(req);
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
        if (result instanceof JsonBytes) {
          if (app.checksResponses) {
            const checked = def.response.safeParse(JSON.parse(result.bytes.toString()));
            if (!checked.success) throw new Error(`${key} answered JSON that breaks its contract: ${checked.error.message}`);
          }
          return reply.type('application/json; charset=utf-8').send(result.bytes);
        }
        return result;
      },
    });
  }
}
