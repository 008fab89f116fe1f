import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiKey } from '#server/http/access.ts';
import type { RateLimitClass } from '#server/http/general-rate-limit.ts';
import type { ChatCompletions, CompletionMessage } from '#server/ports/completions.ts';
import { requireApiAccess } from '#shared/api-keys/api-access.ts';
import {
  ChatCompletionChunkSchema,
  ChatCompletionRequestSchema,
  ChatCompletionSchema,
  OpenAiErrorSchema,
  OpenAiModelListSchema,
  type ChatCompletion,
  type OpenAiMessage,
} from '#shared/openai/openai-schemas.ts';
import { sendCompletionStream, toOpenAiUsage } from './completion-stream.ts';
import { openAiErrorHandler } from './openai-errors.ts';

const ERRORS = { '4xx': OpenAiErrorSchema, '5xx': OpenAiErrorSchema };
const unixNow = () => Math.floor(Date.now() / 1000);

function toMessage(message: OpenAiMessage): CompletionMessage {
  const content =
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => part.text).join('');
  return { role: message.role === 'developer' ? 'system' : message.role, content };
}

/**
 * The OpenAI-compatible API (issue #12 item 3, decision 131): GET /api/v1/models and
 * POST /api/v1/chat/completions, for a personal API key of an Expert or Ultimate owner. The
 * chat engine answers through the completions port, so quotas, token limits and token_usage are
 * the web chat's. Errors come in OpenAI's shape (openai-errors.ts), also those of the hooks.
 */
export function registerOpenAiRoutes(app: FastifyInstance, completions: ChatCompletions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = (scope: string, rateLimit?: RateLimitClass) => ({
    config: { access: 'apiKey' as const, apiScope: scope, ...(rateLimit ? { rateLimit } : {}) },
    errorHandler: openAiErrorHandler,
  });

  api.get(
    '/api/v1/models',
    {
      ...route('models:read'),
      schema: {
        summary: "The models the key owner's plan allows (OpenAI's list shape)",
        response: { 200: OpenAiModelListSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { user } = requireApiKey(request);
      requireApiAccess(user);
      const created = unixNow();
      const models = await completions.listModels(user);
      return {
        object: 'list' as const,
        data: models.map((model) => ({
          id: model.id,
          object: 'model' as const,
          created,
          owned_by: model.provider,
        })),
      };
    },
  );

  api.post(
    '/api/v1/chat/completions',
    {
      // Each completion calls a paid model: the chat's per-minute limit.
      ...route('chat:write', 'chat'),
      schema: {
        summary: 'A chat completion, streamed (stream: true) or not, in OpenAI’s wire format',
        body: ChatCompletionRequestSchema,
        response: {
          200: {
            description: 'The completion (JSON), or its chunks as Server-Sent Events',
            content: {
              'application/json': { schema: ChatCompletionSchema },
              'text/event-stream': { schema: ChatCompletionChunkSchema },
            },
          },
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireApiKey(request);
      requireApiAccess(user);
      const { body } = request;
      // A connection that closes stops the model call, its usage still recorded: a client that
      // hangs up, or a stream ended because its key was revoked (http/live-connections.ts).
      // Once the reply is complete the abort finds nothing left to stop.
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const completion = await completions.start(
        user,
        {
          model: body.model,
          messages: body.messages.map(toMessage),
          personaId: body.orbit_persona_id ?? undefined,
        },
        controller.signal,
      );
      const meta = {
        id: `chatcmpl-${randomBytes(12).toString('base64url')}`,
        created: unixNow(),
        model: completion.model,
      };
      if (body.stream) {
        const includeUsage = body.stream_options?.include_usage === true;
        await sendCompletionStream(request, reply, completion, meta, includeUsage);
        return reply;
      }
      let content = '';
      const usage = await completion.read((text) => {
        content += text;
      });
      const answer: ChatCompletion = {
        object: 'chat.completion',
        ...meta,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: toOpenAiUsage(usage),
      };
      return reply.type('application/json').send(answer);
    },
  );
}
