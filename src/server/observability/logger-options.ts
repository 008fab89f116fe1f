import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream } from 'pino';
import { toLoggableError } from '#server/db/loggable-error.ts';
import type { Env } from '#server/env.ts';

/**
 * Secrets must never reach the logs, the admin log screen or the log files: cookies, auth and
 * API-key headers, passwords and keys in bodies (issue 12, logs).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.apiKey',
  '*.token',
  '*.secret',
];

/**
 * Query parameters whose values are credentials (download links, keys, a webhook's
 * `hub.verify_token`): any name ending in one of these words is blanked in logged URLs.
 */
const SECRET_QUERY = /([?&][^=&#]*(?:token|key|password|secret|signature)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/**
 * Request lines carry the route pattern and, once known, the user: the admin log screen selects
 * whole requests by them. Computed only when a line is written.
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions?.url,
    host: request.host,
    remoteAddress: request.ip,
  }),
  res: (reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) => ({
    statusCode: reply.statusCode,
    route: reply.request?.routeOptions?.url,
    userId: reply.request?.user?.id,
  }),
  // Every logged error, wherever it is logged: a database error loses its query parameters.
  err: (error: Error) => stdSerializers.err(toLoggableError(error) as Error),
};

export function loggerOptions(
  level: Env['LOG_LEVEL'],
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    ...(stream ? { stream } : {}),
  };
}
