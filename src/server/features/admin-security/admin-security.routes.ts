import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  ActiveSessionPageSchema,
  ActiveSessionQuerySchema,
  FailedLoginsSchema,
  LoginLogPageSchema,
  LoginLogQuerySchema,
  RevokeSessionRequestSchema,
  RevokeSessionResponseSchema,
  SessionIdParamsSchema,
} from '#shared/admin/admin-security-schemas.ts';
import { RowIdSchema } from '#shared/validation/database-input.ts';
import { listActiveSessions, listLogins } from './admin-security.queries.ts';
import { failedLogins, revokeSession } from './admin-security.service.ts';

/** A row id the query can bind: a forged cursor is a 400, not a failed query (decision 340). */
const CursorKeySchema = RowIdSchema;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** /api/admin/security (issue 12 "security"): who signed in, who failed, who is signed in. */
export function registerAdminSecurityRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  api.get(
    '/api/admin/security/logins',
    {
      config: admin,
      schema: { querystring: LoginLogQuerySchema, response: { 200: LoginLogPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listLogins(ctx.db, query, afterId);
      return toPage(
        rows,
        query.limit,
        (row) => ({ ...row, loginTime: row.loginTime.toISOString() }),
        (row) => row.id,
      );
    },
  );

  api.get(
    '/api/admin/security/failed-logins',
    { config: admin, schema: { response: { 200: FailedLoginsSchema } } },
    () => failedLogins(ctx.db),
  );

  api.get(
    '/api/admin/sessions',
    {
      config: admin,
      schema: { querystring: ActiveSessionQuerySchema, response: { 200: ActiveSessionPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listActiveSessions(ctx.db, query, afterId, new Date());
      return toPage(
        rows,
        query.limit,
        (row) => ({
          ...row,
          loginTime: row.loginTime.toISOString(),
          lastSeenAt: iso(row.lastSeenAt),
          expiresAt: row.expiresAt!.toISOString(),
          current: row.id === request.sessionId,
        }),
        (row) => row.id,
      );
    },
  );

  api.post(
    '/api/admin/sessions/:id/revoke',
    {
      config: admin,
      schema: {
        params: SessionIdParamsSchema,
        body: RevokeSessionRequestSchema,
        response: { 200: RevokeSessionResponseSchema },
      },
    },
    async (request) => {
      await revokeSession(
        ctx.db,
        ctx.sessions,
        auditActor(request),
        request.params.id,
        request.body?.reason,
      );
      return { revoked: true as const };
    },
  );
}
