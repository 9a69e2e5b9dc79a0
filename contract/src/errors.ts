import { z } from 'zod';

/** The one error shape of the API: `{detail, code}`; detail is a message or a structured object. */
export const ApiError = z.object({
  detail: z.union([z.string(), z.record(z.string(), z.unknown())]),
  code: z.string(),
  /** for validation errors: the first field at fault, as a dotted path */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Error codes a client may switch on. */
export const ErrorCode = {
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION_ERROR',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  INTERNAL: 'INTERNAL_ERROR',
  /** the request (or the work it asked for) took longer than allowed */
  TIMEOUT: 'TIMEOUT',
  /** a media file is over a processing limit (frames, pixels, duration) */
  MEDIA_TOO_COMPLEX: 'MEDIA_TOO_COMPLEX',
  /** the server is busy with other work of this kind; try again shortly */
  BUSY: 'BUSY',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
