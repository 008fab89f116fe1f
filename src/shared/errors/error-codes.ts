// No zod here: the web app classifies errors on its first screen (docs/PERFORMANCE.md, bundle).

/** Error codes of spec 01-core §8, plus NOT_FOUND and CONFLICT for the server. */
export const ERROR_CODES = [
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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error envelope every non-2xx answer carries (spec 01-core §3 "App error"). */
export interface ErrorEnvelope {
  message: string;
  code: ErrorCode;
  statusCode: number;
  /** For VALIDATION_ERROR: field path → messages. */
  details?: unknown;
}
