import { z } from 'zod';
import { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from './error-codes.ts';

export { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from './error-codes.ts';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The one error envelope every non-2xx answer carries (spec 01-core §3 "App error"). */
export const ErrorEnvelopeSchema = z
  .object({
    message: z.string(),
    code: ErrorCodeSchema,
    statusCode: z.number().int(),
    details: z.unknown().optional(),
  })
  .meta({
    description: 'The error envelope of every non-2xx answer',
  }) satisfies z.ZodType<ErrorEnvelope>;

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

  /** The error an envelope describes (a stored or relayed outcome). */
  static fromEnvelope(envelope: ErrorEnvelope): AppError {
    return new AppError(envelope.code, envelope.statusCode, envelope.message, envelope.details);
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
export const unauthenticated = (message = 'Authentication required', details?: unknown) =>
  new AppError('AUTH_ERROR', 401, message, details);
export const forbidden = (message = 'You do not have permission for this action') =>
  new AppError('PERMISSION_ERROR', 403, message);
export const conflict = (message: string, details?: unknown) =>
  new AppError('CONFLICT', 409, message, details);
export const invalid = (message: string, details?: FieldErrors) =>
  new AppError('VALIDATION_ERROR', 400, message, details);
