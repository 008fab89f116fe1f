import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '#shared/errors/app-error.ts';
import { isRedisUnavailable } from '#server/redis.ts';
import { RateLimitedError } from './rate-limit.ts';

/** Maps Fastify's own client errors (bad JSON, too large, wrong type…) to the envelope. */
function fromFastifyError(error: FastifyError): AppError {
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('VALIDATION_ERROR', 413, 'Request body is too large');
  if (status === 415) return new AppError('VALIDATION_ERROR', 415, 'Unsupported content type');
  if (status === 429) return new AppError('RATE_LIMIT_ERROR', 429, error.message);
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : error.message;
    return new AppError('VALIDATION_ERROR', status, message);
  }
  return new AppError('SERVER_ERROR', 500, 'Internal server error');
}

/** zod issues as the envelope's details: field path → messages. */
export function toFieldErrors(issues: { instancePath: string; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fields;
}

/**
 * Errors Fastify answers before any route or hook runs (a path that is not valid percent-encoded
 * UTF-8, such as an encoded lone surrogate): the same envelope as everything else.
 */
export const frameworkErrors = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const appError = fromFastifyError(error);
  void reply.status(appError.statusCode).send(appError.toEnvelope());
};

/**
 * Any error as the AppError it answers with: logged when it is the server's fault, with
 * Retry-After set for a rate limit. Also used by routes that answer errors in another shape
 * (the OpenAI-compatible API).
 */
export function toAppError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let appError: AppError;
  if (error instanceof AppError) {
    appError = error;
  } else if (isRedisUnavailable(error)) {
    // Shared state (rate limits, live replies) is out of reach: refuse for now, clearly.
    appError = new AppError(
      'SERVER_ERROR',
      503,
      'The service is temporarily unavailable. Please try again shortly.',
    );
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    // The first problem is the message a toast shows; details list every field.
    const message = error.validation[0]?.message ?? 'The entered data is invalid';
    appError = new AppError('VALIDATION_ERROR', 400, message, toFieldErrors(error.validation));
  } else {
    appError = fromFastifyError(error);
  }
  // The envelope replaces whatever body the reply had, and with it that body's encoding (an
  // onSend hook may have gzipped it before a later one failed).
  void reply.removeHeader('content-encoding');
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (appError instanceof RateLimitedError) {
    void reply.header('retry-after', String(appError.retryAfterSeconds));
  }
  return appError;
}

/** One error envelope for every non-2xx answer; no stack trace leaves the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request, reply);
    return reply.status(appError.statusCode).send(appError.toEnvelope());
  });
}
