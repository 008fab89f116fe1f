import { z } from 'zod';

/** Error codes of spec 01-core §8, plus NOT_FOUND and CONFLICT for the server. */
export const ErrorCodeSchema = z.enum([
  'NETWORK_ERROR',
  'AUTH_ERROR',
  'VALIDATION_ERROR',
  'PERMISSION_ERROR',
  'RATE_LIMIT_ERROR',
  'SERVER_ERROR',
  'CLIENT_ERROR',
  'TIMEOUT_ERROR',
  'QUOTA_EXCEEDED_ERROR',
  'API_ERROR',
  'UNKNOWN_ERROR',
  'NOT_FOUND',
  'CONFLICT',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The one error envelope every non-2xx answer carries (spec 01-core §3 "App error"). */
export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  statusCode: z.number().int(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Per-field validation problems: field path → messages. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toEnvelope(): ErrorEnvelope {
    return {
      message: this.message,
      code: this.code,
      statusCode: this.statusCode,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', 404, what);
export const unauthenticated = (message = 'Authentication required') =>
  new AppError('AUTH_ERROR', 401, message);
export const forbidden = (message = 'You do not have permission for this action') =>
  new AppError('PERMISSION_ERROR', 403, message);
export const conflict = (message: string, details?: unknown) =>
  new AppError('CONFLICT', 409, message, details);
export const invalid = (message: string, details?: FieldErrors) =>
  new AppError('VALIDATION_ERROR', 400, message, details);
