import { APICallError } from '@ai-sdk/provider';
import { AppError } from '#shared/errors/app-error.ts';

/** The idle timer fired: no chunk within AI_TIMEOUT_MS. Used as the abort reason. */
export class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

/** 504 TIMEOUT_ERROR (spec 01-core §8). */
export function upstreamTimeoutError() {
  return new AppError(
    'TIMEOUT_ERROR',
    504,
    'The AI service took too long to answer. Please try again later.',
  );
}

/** Statuses meaning "try again later": overload, rate limit, maintenance (Anthropic uses 529). */
const UNAVAILABLE_STATUSES = new Set([408, 429, 503, 529]);

/** The provider answered with an error status: 503 when it means "later", else 502. */
export function upstreamStatusError(status: number | undefined, provider: string): AppError {
  if (status === undefined || UNAVAILABLE_STATUSES.has(status)) {
    return new AppError(
      'API_ERROR',
      503,
      'The AI service is currently unavailable. Please try again later.',
      { provider, upstreamStatus: status ?? null },
    );
  }
  return new AppError(
    'API_ERROR',
    502,
    'The AI service returned an error. Please try again later.',
    {
      provider,
      upstreamStatus: status,
    },
  );
}

/** The provider could not be reached (refused, reset before an answer, DNS). */
export function upstreamUnreachableError(provider: string): AppError {
  return upstreamStatusError(undefined, provider);
}

/** The provider's answer is not its protocol (malformed chunk, cut off mid-reply). */
export function upstreamInvalidError(provider: string): AppError {
  return new AppError(
    'API_ERROR',
    502,
    'The AI service sent an invalid response. Please try again later.',
    { provider },
  );
}

/** The provider kept sending past MAX_REPLY_CHARS (a runaway model or a broken server). */
export function upstreamTooLongError(provider: string | undefined): AppError {
  return new AppError(
    'API_ERROR',
    502,
    'The AI service sent a reply that is too long. Please try again.',
    provider === undefined ? undefined : { provider },
  );
}

/**
 * The provider ended the reply without any text (a content filter, a reasoning model that spent
 * its tokens thinking): nothing to show or store, so it fails like a broken reply and can be retried.
 */
export function upstreamEmptyError(provider: string | undefined): AppError {
  return new AppError(
    'API_ERROR',
    502,
    'The AI service sent an empty reply. Please try again later.',
    provider === undefined ? undefined : { provider },
  );
}

/** An error event inside a stream: rate limits and overload are "later" (503), the rest 502. */
export function upstreamStreamError(
  error: { code?: unknown; type?: unknown },
  provider: string,
): AppError {
  const kind = [error.code, error.type].filter((part) => typeof part === 'string').join(' ');
  if (/rate_limit|overloaded|unavailable/i.test(kind)) return upstreamUnreachableError(provider);
  return new AppError(
    'API_ERROR',
    502,
    'The AI service returned an error. Please try again later.',
    {
      provider,
      upstreamStatus: null,
    },
  );
}

/**
 * Any failure of a provider call as the API_ERROR the client shows as "AI service unavailable"
 * (spec 01-core §8): 503 when the service is unreachable, busy or rate-limited, 502 when it
 * answered with an error or with something that is not its protocol. The upstream status goes
 * into details for administrators; no provider text or key reaches the client.
 */
export function toUpstreamError(error: unknown, provider: string): AppError {
  if (error instanceof AppError) return error;
  if (APICallError.isInstance(error)) return upstreamStatusError(error.statusCode, provider);
  return upstreamInvalidError(provider);
}
