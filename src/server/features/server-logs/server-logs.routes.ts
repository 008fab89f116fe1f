import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { searchLogs } from '#server/observability/log-query.ts';
import { LogPageSchema, LogQuerySchema } from '#shared/admin/logs-schemas.ts';

const CursorKeySchema = z.number().int().min(0);

/**
 * GET /api/admin/logs: this instance's recent server log (the ring of LOG_BUFFER_SIZE lines),
 * newest first; older days are in DATA_DIR/logs. Other instances keep their own (decision 161).
 */
export function registerServerLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/logs',
    {
      config: { access: 'admin' },
      schema: { querystring: LogQuerySchema, response: { 200: LogPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const beforeSeq = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const { lines, more } = searchLogs(ctx.logs.ring, query, beforeSeq);
      const last = lines.at(-1);
      return {
        items: lines,
        nextCursor: more && last ? encodeCursor(last.seq) : null,
        instance: {
          ...ctx.logs.instance,
          bufferSize: ctx.logs.ring.size,
          retentionDays: ctx.logs.retentionDays,
        },
      };
    },
  );
}
