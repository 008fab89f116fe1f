import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressKey, RateLimitedError, RateLimiter } from '#server/http/rate-limit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { CLIENT_ERROR_BODY_LIMIT } from '#shared/client-errors/client-error-limits.ts';
import {
  ClientErrorReceiptSchema,
  ClientErrorReportSchema,
} from '#shared/client-errors/client-error-schemas.ts';
import { z } from 'zod';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import {
  ClientErrorPageSchema,
  ClientErrorQuerySchema,
  type ClientErrorEntry,
} from '#shared/admin/logs-schemas.ts';
import {
  insertClientError,
  listClientErrors,
  type ClientErrorRow,
} from './client-errors.queries.ts';
import { defineClientErrorCleanup } from './client-error-retention.ts';
import { parseSentryDsn, sendToSentry } from './sentry.ts';

/**
 * A crash loop in one browser must not fill the table: 10 reports a minute per address (an
 * IPv6 client by its /64). All addresses together: 60 a minute and 2,000 a day, so many
 * addresses cannot fill it either (docs/decisions/326-client-error-reports-bounded.md).
 */
export const CLIENT_ERROR_RATE = { limit: 10, windowMs: 60_000 } as const;
export const CLIENT_ERROR_GLOBAL_RATES = [
  { limit: 60, windowMs: 60_000 },
  { limit: 2000, windowMs: 24 * 60 * 60_000 },
] as const;
const EVERYONE = 'all';

/**
 * POST /api/client-errors: the error screen's report (spec 01-core §2), public because a crash
 * can happen before or without a login; stored for the admin logs.
 */
export function registerClientErrorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // ctx.rateLimits: counted across instances when Redis is configured (decision 061).
  const perAddress = new RateLimiter(ctx.rateLimits, {
    name: 'client-errors',
    ...CLIENT_ERROR_RATE,
  });
  const global = CLIENT_ERROR_GLOBAL_RATES.map(
    (rule) => new RateLimiter(ctx.rateLimits, { name: `client-errors-${rule.windowMs}`, ...rule }),
  );
  /** The address first, so one looping browser spends only its own 10 of the shared budget. */
  const requireReportAllowed = async (ip: string) => {
    const checks = [
      () => perAddress.consume(addressKey(ip)),
      ...global.map((limiter) => () => limiter.consume(EVERYONE)),
    ];
    for (const check of checks) {
      const verdict = await check();
      if (!verdict.allowed) {
        throw new RateLimitedError(verdict.retryAfterSeconds, 'Too many error reports');
      }
    }
  };
  defineClientErrorCleanup(app.jobs, ctx.db, app.log);
  const sentry = ctx.env.SENTRY_DSN ? parseSentryDsn(ctx.env.SENTRY_DSN) : null;

  api.post(
    '/api/client-errors',
    {
      config: { access: 'public' },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: { body: ClientErrorReportSchema, response: { 201: ClientErrorReceiptSchema } },
    },
    async (request, reply) => {
      await requireReportAllowed(request.ip);
      const userAgent = request.headers['user-agent'];
      const row = {
        userId: request.user?.id ?? null,
        message: request.body.message,
        stack: request.body.stack ?? null,
        componentStack: request.body.componentStack ?? null,
        url: request.body.url ?? null,
        userAgent: userAgent ? userAgent.slice(0, 512) : null,
      };
      const id = await insertClientError(ctx.db, row);
      if (sentry) {
        // The report is stored either way; Sentry being down must not fail it.
        sendToSentry(sentry, row).catch((error: unknown) =>
          request.log.warn({ err: error }, 'forwarding a client error to Sentry failed'),
        );
      }
      return reply.status(201).send({ id });
    },
  );

  // The admin logs screen: every instance's reports, since they share the table.
  api.get(
    '/api/admin/logs/client-errors',
    {
      config: { access: 'admin' },
      schema: { querystring: ClientErrorQuerySchema, response: { 200: ClientErrorPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listClientErrors(ctx.db, query, afterId);
      return toPage(rows, query.limit, toEntry, (row) => row.id);
    },
  );
}

const CursorKeySchema = z.number().int().positive();

function toEntry(row: ClientErrorRow): ClientErrorEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
