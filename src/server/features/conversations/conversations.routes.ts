import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { MessageListSchema } from '#shared/chat/chat-schemas.ts';
import {
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationParamsSchema,
  ConversationSchema,
  DeleteConversationParamsSchema,
  FeedbackRequestSchema,
  FeedbackResponseSchema,
  MessageIdParamsSchema,
  MessageListQuerySchema,
  UpdateConversationSchema,
} from '#shared/chat/conversation-schemas.ts';
import {
  changeConversation,
  getConversation,
  getConversations,
  getMessages,
  giveFeedback,
  removeConversation,
  type Page,
} from './conversations.service.ts';

/**
 * Spec 01-core §7 answers plain lists; the next page's cursor travels in headers
 * (X-Next-Cursor and an RFC 8288 Link rel="next"), so spec clients keep working. A first page
 * also tells the total (X-Total-Count), for lists that show only the latest few. A message page
 * opened in the middle (around a search hit) also names the newer page (X-Newer-Cursor,
 * rel="prev").
 */
function sendPage<T>(reply: FastifyReply, url: string, page: Page<T>, limit: number) {
  if (page.total !== undefined) void reply.header('x-total-count', String(page.total));
  const path = url.split('?')[0];
  const links: string[] = [];
  if (page.nextCursor) {
    void reply.header('x-next-cursor', page.nextCursor);
    links.push(
      `<${path}?limit=${limit}&before=${encodeURIComponent(page.nextCursor)}>; rel="next"`,
    );
  }
  if (page.newerCursor) {
    void reply.header('x-newer-cursor', page.newerCursor);
    links.push(
      `<${path}?limit=${limit}&after=${encodeURIComponent(page.newerCursor)}>; rel="prev"`,
    );
  }
  if (links.length > 0) void reply.header('link', links.join(', '));
  return page.items;
}

/** Conversations and their messages (spec 01-core §7). */
export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { config: { access: 'user' as const } };

  api.get(
    '/api/conversations',
    {
      ...user,
      schema: {
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListSchema },
      },
    },
    async (request, reply) => {
      const page = await getConversations(ctx.db, requireUser(request).id, request.query);
      return sendPage(reply, request.url, page, request.query.limit);
    },
  );

  api.get(
    '/api/conversations/:id',
    {
      ...user,
      schema: { params: ConversationParamsSchema, response: { 200: ConversationSchema } },
    },
    async (request) => getConversation(ctx.db, requireUser(request).id, request.params.id),
  );

  api.patch(
    '/api/conversations/:id',
    {
      ...user,
      schema: {
        params: ConversationParamsSchema,
        body: UpdateConversationSchema,
        response: { 200: ConversationSchema },
      },
    },
    async (request) =>
      changeConversation(ctx.db, requireUser(request), request.params.id, request.body),
  );

  api.delete(
    '/api/conversations/:conversationId',
    {
      ...user,
      schema: { params: DeleteConversationParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      const { conversationId } = request.params;
      await removeConversation(ctx, requireUser(request).id, conversationId);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/messages/:id',
    {
      ...user,
      schema: {
        params: ConversationParamsSchema,
        querystring: MessageListQuerySchema,
        response: { 200: MessageListSchema },
      },
    },
    async (request, reply) => {
      const page = await getMessages(
        ctx.db,
        requireUser(request).id,
        request.params.id,
        request.query,
      );
      return sendPage(reply, request.url, page, request.query.limit);
    },
  );

  api.put(
    '/api/messages/:id/feedback',
    {
      ...user,
      schema: {
        params: MessageIdParamsSchema,
        body: FeedbackRequestSchema,
        response: { 200: FeedbackResponseSchema },
      },
    },
    async (request) =>
      giveFeedback(ctx.db, requireUser(request).id, request.params.id, request.body.feedback),
  );
}
