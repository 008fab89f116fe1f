import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAuditRows, type AuditRow } from '#server/audit/audit.queries.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AuditLogPageSchema,
  AuditLogQuerySchema,
  type AuditEntry,
} from '#shared/admin/audit-schemas.ts';

const CursorKeySchema = z.number().int().positive();

function toAuditEntry(row: AuditRow): AuditEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The audit log is read here and nowhere written to: rows come only from withAudit. */
export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listAuditRows(ctx.db, query, afterId);
      return toPage(rows, query.limit, toAuditEntry, (row) => row.id);
    },
  );
}
