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
import { RowIdSchema } from '#shared/validation/database-input.ts';
import { listConversationsForAdmin } from './admin-conversations.queries.ts';
import {
  openConversation,
  requireConversationAccess,
  toAdminConversation,
} from './admin-conversations.service.ts';

/** timestamptz as PostgreSQL writes it as text: '2026-12-07 22:11:51.284123+00'. */
const TIMESTAMPTZ_TEXT =
  /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `text` is a timestamp PostgreSQL reads back: a real calendar day of the years 1–9999. */
function isTimestampText(text: string) {
  const match = TIMESTAMPTZ_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

// The cursor is cast to timestamptz in the query: a forged one is a 400 here, not a failed
// query (decision 340).
const CursorKeySchema = z.tuple([z.string().max(64).refine(isTimestampText), RowIdSchema]);

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
