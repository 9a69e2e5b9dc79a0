import { ErrorCode, type ErrorParams } from '@otkrytka/contract';

type Detail = string | Record<string, unknown>;

/** An error with its HTTP status, `code` and `detail`; rendered as `{detail, code}` by the error handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: Detail,
    readonly field?: string,
    /** values the code's text needs (contract ErrorParams) */
    readonly params?: Record<string, string | number>,
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
  }
}

export const badRequest = (detail: Detail, code: ErrorCode = ErrorCode.BAD_REQUEST) => new AppError(400, code, detail);
export const authRequired = (detail = 'Not authenticated') => new AppError(401, ErrorCode.AUTH_REQUIRED, detail);
export const forbidden = (detail = 'Forbidden') => new AppError(403, ErrorCode.FORBIDDEN, detail);
export const notFound = (detail = 'Not found') => new AppError(404, ErrorCode.NOT_FOUND, detail);
export const conflict = (detail: Detail, code: ErrorCode = ErrorCode.CONFLICT) => new AppError(409, code, detail);
export const tooLarge = (detail: Detail, params?: ErrorParams['PAYLOAD_TOO_LARGE']) => new AppError(413, ErrorCode.TOO_LARGE, detail, undefined, params);
export const unsupportedMedia = (detail: Detail) => new AppError(415, ErrorCode.UNSUPPORTED_MEDIA, detail);
export const invalid = (field: string, message: string) =>
  new AppError(422, ErrorCode.VALIDATION, `${field}: ${message}`, field);
export const notConfigured = (detail: string) => new AppError(503, ErrorCode.NOT_CONFIGURED, detail);
