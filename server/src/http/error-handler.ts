import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@otkrytka/contract';
import { AppError } from './errors';

const fieldOf = (instancePath: string, context?: string) => {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
};

/** Every error leaves the server as `{detail, code}` with the right status; 5xx never leak internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ detail: err.detail, code: err.code, ...(err.field ? { field: err.field } : {}) });
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
      return reply.status(429).send({ detail: 'Too many requests, try again later', code: ErrorCode.RATE_LIMITED });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: 'Request body is too large', code: ErrorCode.TOO_LARGE });
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: 'Unsupported content type', code: ErrorCode.UNSUPPORTED_MEDIA });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: err.message || 'Bad request', code: ErrorCode.BAD_REQUEST });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error', code: ErrorCode.INTERNAL });
  });
}
