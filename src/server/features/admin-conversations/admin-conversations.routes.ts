import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/audit/audit.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AdminConversationPageSchema,
  AdminConversationParamsSchema,
  AdminConversationQuerySchema,
  OpenConversationRequestSchema,
  OpenedConversationSchema,
} from '#shared/admin/admin-conversation-schemas.ts';
import { listConversationsForAdmin } from './admin-conversations.queries.ts';
import {
  openConversation,
  requireConversationAccess,
  toAdminConversation,
} from './admin-conversations.service.ts';

const CursorKeySchema = z.tuple([z.string().min(1).max(64), z.number().int().positive()]);

/**
 * /admin/conversations (issue 12 item 2): any user's conversations, found by owner and title,
 * and read with a reason that the audit log keeps. Not the owner-scoped /api/conversations routes.
 */
export function registerAdminConversationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/conversations',
    {
      config: { access: 'admin' },
      schema: {
        querystring: AdminConversationQuerySchema,
        response: { 200: AdminConversationPageSchema },
      },
    },
    async (request) => {
      requireConversationAccess(ctx.appSettings);
      const { query } = request;
      const after = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listConversationsForAdmin(ctx.db, query, after);
      return toPage(rows, query.limit, toAdminConversation, (row) => [row.updatedAtKey, row.id]);
    },
  );

  api.post(
    '/api/admin/conversations/:conversationId/open',
    {
      config: { access: 'admin' },
      schema: {
        params: AdminConversationParamsSchema,
        body: OpenConversationRequestSchema,
        response: { 200: OpenedConversationSchema },
      },
    },
    (request) => {
      const actor = auditActor(request);
      requireConversationAccess(ctx.appSettings);
      return openConversation(ctx.db, actor, request.params.conversationId, request.body.reason);
    },
  );
}
