import { HttpError } from '#client/lib/http.ts';
import type { ErrorCode } from '#shared/errors/app-error.ts';

/** Kinds of spec 01-core §8 "Classification of errors on the client", in table order. */
export type ErrorKind =
  | 'timeout'
  | 'network'
  | 'quota'
  | 'aiService'
  | 'authentication'
  | 'permission'
  | 'rateLimit'
  | 'server'
  | 'client'
  | 'validation'
  | 'unknown';

/**
 * The codes of spec 01-core §8 the client classifies into: the shared error codes without the two
 * only the server answers with (a 404 or 409 is classified by its status).
 */
export type ClientErrorCode = Exclude<ErrorCode, 'NOT_FOUND' | 'CONFLICT'>;

export interface ClassifiedError {
  kind: ErrorKind;
  code: ClientErrorCode;
  status: number;
  /** The server's (or the error's own) message. */
  message: string;
}

const CODE_BY_KIND: Record<ErrorKind, ClientErrorCode> = {
  timeout: 'TIMEOUT_ERROR',
  network: 'NETWORK_ERROR',
  quota: 'QUOTA_EXCEEDED_ERROR',
  aiService: 'API_ERROR',
  authentication: 'AUTH_ERROR',
  permission: 'PERMISSION_ERROR',
  rateLimit: 'RATE_LIMIT_ERROR',
  server: 'SERVER_ERROR',
  client: 'CLIENT_ERROR',
  validation: 'VALIDATION_ERROR',
  unknown: 'UNKNOWN_ERROR',
};

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  const value = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
  if (typeof value.status === 'number') return value.status;
  if (typeof value.statusCode === 'number') return value.statusCode;
  return undefined;
}

function hasErrorsList(error: unknown): boolean {
  const value = error as { errors?: unknown; details?: unknown } | null;
  if (!value) return false;
  if (Array.isArray(value.errors)) return true;
  return error instanceof HttpError && error.code === 'VALIDATION_ERROR';
}

/** Applies the classification table of spec 01-core §8 top to bottom. */
export function classifyError(error: unknown): ClassifiedError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const lower = `${name} ${message}`.toLowerCase();
  const status = statusOf(error);
  const make = (kind: ErrorKind, code: number): ClassifiedError => ({
    kind,
    code: CODE_BY_KIND[kind],
    status: code,
    message,
  });

  if (lower.includes('timeout')) return make('timeout', 408);
  if (lower.includes('failed to fetch') || lower.includes('network request failed')) {
    return make('network', 0);
  }
  const text = message.toLowerCase();
  if (text.includes('quota') || text.includes('limit reached')) return make('quota', 429);
  if (/\bAPI\b/.test(message) || /openai|claude/i.test(message)) return make('aiService', 503);
  if (status === 401) return make('authentication', 401);
  if (status === 403) return make('permission', 403);
  if (status === 429) return make('rateLimit', 429);
  if (status !== undefined && status >= 500) return make('server', status);
  if (status !== undefined && status >= 400 && !hasErrorsList(error)) return make('client', status);
  if (hasErrorsList(error)) return make('validation', 400);
  return make('unknown', 500);
}

/** Rate limit and timeout toasts use the default look; every other error is destructive (§8). */
export function isDestructiveKind(kind: ErrorKind): boolean {
  return kind !== 'rateLimit' && kind !== 'timeout';
}
