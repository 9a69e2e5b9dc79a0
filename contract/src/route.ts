import type { z } from 'zod';

/** Who may call a route. The server enforces it; the web client only reads it for types. */
export type Access = 'public' | 'optional' | 'user' | 'moderator';

/**
 * One HTTP route, declared once. The key in a route table is `"METHOD /api/path/{param}"`;
 * the server validates and documents from the schemas, the web client types its calls from them.
 */
export interface RouteDef {
  access: Access;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data body (uploads); `body` is then not used */
  multipart?: boolean;
  /** success status, 200 unless said */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType;
}

export type RouteTable = Record<string, RouteDef>;

export const defineRoutes = <T extends RouteTable>(table: T): T => table;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives and returns for a route (parsed values). */
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteResponse<R extends RouteDef> = z.infer<R['response']>;

/** What a client sends for a route (inputs before defaults are applied). */
export type RouteRequest<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: z.input<R['params']> } : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: z.input<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InferInput<R['body']> } : { body?: undefined });
