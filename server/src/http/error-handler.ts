import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorParams } from '@otkrytka/contract';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/errors';
import { AppError } from './errors';
import { isPageRequest, withLiteralBadSegments } from './pages';

const fieldOf = (instancePath: string, context?: string) => {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
};

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached: about a restart's length. */
export const DATABASE_RETRY_AFTER_S = 2;
/** While the database is unreachable, one warning in this long stands for all the failed requests. */
const OUTAGE_LOG_EVERY_MS = 10_000;

/** Every error leaves the server as `{detail, code}` with the right status; 5xx never leak internals. */
export function installErrorHandler(app: FastifyInstance): void {
  let outage = { loggedAt: -Infinity, since: 0 };
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ detail: err.detail, code: err.code, ...(err.field ? { field: err.field } : {}), ...(err.params ? { params: err.params } : {}) });
    }
    if (isDatabaseUnavailable(err)) {
      // the database restarting or unreachable is not a fault of this request: "try again shortly"
      // (a single read has already been tried again on a fresh connection, db/index.ts)
      const now = Date.now();
      if (now - outage.loggedAt >= OUTAGE_LOG_EVERY_MS) {
        req.log.warn({ err: { message: err.message, code: err.code }, failed_since_last_warning: outage.since }, 'database unavailable: answering 503');
        outage = { loggedAt: now, since: 0 };
      } else outage.since += 1;
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ detail: 'The database is not available at the moment; try again in a few seconds', code: DATABASE_UNAVAILABLE });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]!;
      const field = fieldOf(first.instancePath, err.validationContext === 'body' ? undefined : err.validationContext);
      return reply.status(422).send({ detail: `${field}: ${first.message}`, code: ErrorCode.VALIDATION, field });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error', code: ErrorCode.INTERNAL });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // the rate limiter's answer (app.ts) names the seconds to wait
      const { detail, params } = err as { detail?: unknown; params?: ErrorParams['RATE_LIMITED'] };
      return reply
        .status(429)
        .send({ detail: typeof detail === 'string' ? detail : 'Too many requests, try again later', code: ErrorCode.RATE_LIMITED, ...(params ? { params } : {}) });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: 'Request body is too large', code: ErrorCode.TOO_LARGE });
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: 'Unsupported content type', code: ErrorCode.UNSUPPORTED_MEDIA });
    }
    if (status >= 400 && status < 500) {
      // a plugin's own refusal (the static files' 403 for a path with NUL, say): its code names its status
      const code = status === 403 ? ErrorCode.FORBIDDEN : status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.BAD_REQUEST;
      return reply.status(status).send({ detail: err.message || 'Bad request', code });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error', code: ErrorCode.INTERNAL });
  });
}

const FRAMEWORK_STATUS: Record<string, number> = { FST_ERR_BAD_URL: 400, FST_ERR_MAX_PARAM_LENGTH: 414 };

/**
 * Fastify's own refusals before routing (bad %-encoding, an over-long path parameter) in our shape.
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = FRAMEWORK_STATUS[err.code] ?? err.statusCode ?? 400;
  // a page address a person followed (a link cut short mid-character): on to the app's page, which
  // says what it cannot find, rather than JSON in the browser
  if (status === 400 && isPageRequest(req.method, req.url.split('?', 1)[0]!)) return void reply.redirect(withLiteralBadSegments(req.url), 302);
  const detail = status === 414 ? 'A path segment is too long' : 'The URL is not valid (bad %-encoding)';
  void reply.status(status).send({ detail, code: ErrorCode.BAD_REQUEST });
}

/**
 * Errors of the HTTP parser itself (headers too large, a malformed request line, a timeout), written
 * straight to the socket as `{detail, code}`. Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is malformed'];
  const body = JSON.stringify({ detail, code: status === 408 ? ErrorCode.TIMEOUT : ErrorCode.BAD_REQUEST });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
