import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toAppError } from '#server/http/error-handler.ts';
import type { AppError } from '#shared/errors/app-error.ts';
import type { OpenAiError } from '#shared/openai/openai-schemas.ts';

function reasonOf(error: AppError): string | undefined {
  const details = error.details as { reason?: unknown } | undefined;
  return typeof details?.reason === 'string' ? details.reason : undefined;
}

function firstField(error: AppError): string | null {
  const details = error.details;
  if (!details || typeof details !== 'object' || 'reason' in details) return null;
  const [field] = Object.keys(details);
  return field === undefined || field === '_' ? null : field;
}

/**
 * Our AppError in OpenAI's error shape (https://platform.openai.com/docs/guides/error-codes), so
 * its SDKs raise their usual classes: 401 invalid_api_key, 403 permission, 404 model_not_found,
 * 429 insufficient_quota (token limits, allowance) or rate_limit_exceeded (requests per minute).
 */
export function toOpenAiError(error: AppError): { status: number; body: OpenAiError } {
  const reason = reasonOf(error);
  const body = (type: string, code: string | null, param: string | null = null) => ({
    error: { message: error.message, type, code, param },
  });
  const status = error.statusCode;
  if (status === 400 && error.message === 'Unknown AI model') {
    return { status: 404, body: body('invalid_request_error', 'model_not_found', 'model') };
  }
  if (status === 401) return { status, body: body('invalid_request_error', 'invalid_api_key') };
  if (status === 403)
    return { status, body: body('permission_error', reason ?? 'permission_denied') };
  if (status === 404) return { status, body: body('invalid_request_error', 'not_found') };
  if (status === 429) {
    return error.code === 'RATE_LIMIT_ERROR'
      ? { status, body: body('requests', 'rate_limit_exceeded') }
      : { status, body: body('insufficient_quota', 'insufficient_quota') };
  }
  if (status < 500) {
    return { status, body: body('invalid_request_error', reason ?? null, firstField(error)) };
  }
  return {
    status,
    body: body(status === 503 ? 'service_unavailable' : 'server_error', error.code.toLowerCase()),
  };
}

/** The error handler of every /api/v1 route, hooks included (rate limit, access). */
export function openAiErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = toOpenAiError(toAppError(error, request, reply));
  if (status === 401) void reply.header('www-authenticate', 'Bearer');
  return reply.status(status).send(body);
}
