import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/audit/audit.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AdminUserDetailSchema,
  AdminUserIdParamsSchema,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserPatchSchema,
  AdminUserSchema,
  SuspendRequestSchema,
  UnsuspendRequestSchema,
} from '#shared/admin/admin-users-schemas.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { toAdminUser } from './admin-user-views.ts';
import { listUsers, type UserCursor } from './admin-users.queries.ts';
import { createAdminUsersService } from './admin-users.service.ts';

// What the query can bind: a forged cursor is a 400, not a failed query (decision 340).
const IdCursorSchema = z.object({ id: RowIdSchema });
const NameCursorSchema = z.object({ name: textSchema().max(100), id: RowIdSchema });

/** /api/admin/users (issue 12 "users"). */
export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminUsersService(ctx.db, ctx.sessions, ctx.subscriptions);
  const admin = { access: 'admin' as const };
  const params = AdminUserIdParamsSchema;

  api.get(
    '/api/admin/users',
    {
      config: admin,
      schema: { querystring: AdminUserListQuerySchema, response: { 200: AdminUserPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const byName = query.sort === 'username';
      const after: UserCursor | null = query.cursor
        ? decodeCursor(query.cursor, byName ? NameCursorSchema : IdCursorSchema)
        : null;
      const rows = await listUsers(ctx.db, query, after);
      const now = new Date();
      return toPage(
        rows,
        query.limit,
        (row) => toAdminUser(row, now),
        (row) => (byName ? { name: row.username.toLowerCase(), id: row.id } : { id: row.id }),
      );
    },
  );

  api.get(
    '/api/admin/users/:id',
    { config: admin, schema: { params, response: { 200: AdminUserDetailSchema } } },
    (request) => service.detail(request.params.id),
  );

  api.patch(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: { params, body: AdminUserPatchSchema, response: { 200: AdminUserSchema } },
    },
    (request) => service.update(auditActor(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/users/:id/suspend',
    {
      config: admin,
      schema: { params, body: SuspendRequestSchema, response: { 200: AdminUserSchema } },
    },
    (request) => service.suspend(auditActor(request), request.params.id, request.body.reason),
  );

  api.post(
    '/api/admin/users/:id/unsuspend',
    {
      config: admin,
      schema: { params, body: UnsuspendRequestSchema, response: { 200: AdminUserSchema } },
    },
    (request) => service.unsuspend(auditActor(request), request.params.id, request.body?.reason),
  );

  api.delete(
    '/api/admin/users/:id',
    { config: admin, schema: { params, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await service.remove(auditActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
