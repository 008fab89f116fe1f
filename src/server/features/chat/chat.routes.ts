import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logSdkWarnings } from '#server/ai/providers.ts';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import type { Attachments } from '#server/ports/attachments.ts';
import type { ChatCompletions } from '#server/ports/completions.ts';
import { requireOwnConversation } from '#server/ports/ownership.ts';
import type { GenerationRegistry } from '#server/realtime/generation-registry.ts';
import type { ReplyEvents } from '#server/realtime/reply-events.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  ChatReplySchema,
  ChatRequestSchema,
  ChatStreamEventSchema,
  ChatStreamParamsSchema,
  EditRequestSchema,
  RegenerateRequestSchema,
  StopRequestSchema,
  StopResponseSchema,
  type ChatReply,
} from '#shared/chat/chat-schemas.ts';
import { ChatRequestHeadersSchema, IDEMPOTENCY_KEY_HEADER } from '#shared/chat/idempotency-key.ts';
import { defineTitleJob } from './chat-title-job.ts';
import { awaitReply, lastEventId, sendEventStream, wantsEventStream } from './chat-stream.ts';
import type { ChatEngine } from './chat.service.ts';
import { createChatCompletions } from './completions.service.ts';
import { deleteExpiredKeys } from './idempotency.queries.ts';
import { readKeyedRequest } from './idempotency.service.ts';
import { editMessage, regenerateReply, sendMessage } from './turns.service.ts';

const EVENT_STREAM = { 'text/event-stream': { schema: ChatStreamEventSchema } };

/** A turn answers JSON, or with `Accept: text/event-stream` the reply's events as they come. */
const TURN_RESPONSE = {
  200: {
    description: 'The stored reply (JSON), or its Server-Sent Events',
    content: { 'application/json': { schema: ChatReplySchema }, ...EVENT_STREAM },
  },
};

/** Running replies get this long to finish on shutdown before they are stopped (and kept). */
const SHUTDOWN_STOP_AFTER_MS = 5_000;

/** JSON for plain requests, Server-Sent Events for `Accept: text/event-stream` (issue #3). */
async function respond(request: FastifyRequest, reply: FastifyReply, generation: ReplyEvents) {
  if (!wantsEventStream(request)) return awaitReply(generation);
  sendEventStream(request, reply, generation);
  return reply;
}

/**
 * The chat: send, edit, regenerate, stop, and re-attach to a reply in progress. The attachment
 * reader is the files feature's, handed over by app.ts (features do not import each other); the
 * registry comes from app.ts too, which also hands it to conversations (delete cancels a reply).
 * Returns the engine's stateless completions, which app.ts hands to the OpenAI-compatible API.
 */
export function registerChatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  attachments: Attachments,
  registry: GenerationRegistry,
): ChatCompletions {
  const engine: ChatEngine = {
    db: ctx.db,
    env: ctx.env,
    providers: ctx.providers,
    defaultModel: () => ctx.appSettings.current().defaultModel,
    attachments,
    registry,
    log: app.log,
    jobs: app.jobs,
    metrics: ctx.metrics,
  };
  defineTitleJob(app.jobs, { ...engine, idleTimeoutMs: ctx.env.AI_TIMEOUT_MS });
  logSdkWarnings(app.log);
  app.addHook('preClose', () => engine.registry.drain({ stopAfterMs: SHUTDOWN_STOP_AFTER_MS }));
  // Expired Idempotency-Keys are never read again (findKey); this keeps the table small.
  app.jobs.schedule({
    name: 'chat.idempotency-keys.sweep',
    schedule: { everyMinutes: 60 },
    run: async () => {
      await deleteExpiredKeys(ctx.db);
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { config: { access: 'user' as const } };

  api.post(
    '/api/chat',
    {
      ...user,
      schema: {
        headers: ChatRequestHeadersSchema,
        body: ChatRequestSchema,
        response: TURN_RESPONSE,
      },
    },
    async (request, reply) => {
      const keyed = readKeyedRequest(request.headers[IDEMPOTENCY_KEY_HEADER], request.body);
      return respond(
        request,
        reply,
        await sendMessage(engine, requireUser(request), request.body, keyed),
      );
    },
  );

  api.post(
    '/api/chat/edit',
    { ...user, schema: { body: EditRequestSchema, response: TURN_RESPONSE } },
    async (request, reply) =>
      respond(request, reply, await editMessage(engine, requireUser(request), request.body)),
  );

  api.post(
    '/api/chat/regenerate',
    { ...user, schema: { body: RegenerateRequestSchema, response: TURN_RESPONSE } },
    async (request, reply) =>
      respond(request, reply, await regenerateReply(engine, requireUser(request), request.body)),
  );

  api.post(
    '/api/chat/stop',
    { ...user, schema: { body: StopRequestSchema, response: { 200: StopResponseSchema } } },
    async (request) => {
      const { conversationId } = request.body;
      await requireOwnConversation(ctx.db, requireUser(request).id, conversationId);
      const stopped = await engine.registry.stop(conversationId);
      const outcome = stopped?.outcome();
      const message = outcome?.event === 'done' ? (outcome.data as ChatReply).message : null;
      return { stopped: stopped !== undefined, message: message?.content ? message : null };
    },
  );

  api.get(
    '/api/chat/stream/:conversationId',
    {
      ...user,
      schema: {
        params: ChatStreamParamsSchema,
        response: {
          200: {
            description: 'The reply in progress, from Last-Event-ID on',
            content: EVENT_STREAM,
          },
          204: NoContentSchema,
        },
      },
    },
    async (request, reply) => {
      const { id: userId } = requireUser(request);
      const { conversationId } = request.params;
      await requireOwnConversation(ctx.db, userId, conversationId);
      const generation = await engine.registry.find(conversationId);
      const after = lastEventId(request);
      // 204 tells an EventSource there is nothing to follow: no reply in progress, or one whose
      // end the client has already seen (a 200 that ends at once would make it reconnect).
      const seenEnd = after !== undefined && generation?.outcome()?.id === after;
      if (!generation || generation.userId !== userId || seenEnd) {
        generation?.close();
        return reply.status(204).send();
      }
      sendEventStream(request, reply, generation, after);
      return reply;
    },
  );
  return createChatCompletions(engine);
}
