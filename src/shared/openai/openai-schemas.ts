import { z } from 'zod';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/**
 * The OpenAI wire format of /api/v1 (issue #12 item 3): the subset of Chat Completions and Models
 * that Orbit answers, as https://platform.openai.com/docs/api-reference describes it. Fields a
 * client sends that Orbit does not use (temperature, top_p…) are accepted and ignored.
 */

const TextPartSchema = z.object({ type: z.literal('text'), text: textSchema() });

const MessageSchema = z.object({
  /** 'developer' is the newer name of 'system'; tool calls are not offered. */
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([textSchema(), z.array(TextPartSchema)], {
    error: 'Only text content is supported',
  }),
  name: textSchema().optional(),
});
export type OpenAiMessage = z.infer<typeof MessageSchema>;

export const ChatCompletionRequestSchema = z.object({
  model: textSchema().min(1, 'model is required').max(100),
  messages: z.array(MessageSchema).min(1, 'messages must not be empty').max(500),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  /** Orbit's extension: answer as this persona of the key's owner (or a built-in one). */
  orbit_persona_id: RowIdSchema.nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  n: z.literal(1, { error: 'Only n = 1 is supported' }).nullish(),
  user: textSchema().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

const UsageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
export type OpenAiUsage = z.infer<typeof UsageSchema>;

export const ChatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string(),
        refusal: z.null(),
      }),
      finish_reason: z.enum(['stop', 'length']),
      logprobs: z.null(),
    }),
  ),
  usage: UsageSchema,
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

/** One `data:` line of a streamed completion (the stream ends with `data: [DONE]`). */
export const ChatCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
      finish_reason: z.enum(['stop', 'length']).nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: UsageSchema.nullable().optional(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;

export const OpenAiModelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
});

export const OpenAiModelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(OpenAiModelSchema),
});
export type OpenAiModelList = z.infer<typeof OpenAiModelListSchema>;

/** Every error of /api/v1, in OpenAI's shape (what its SDKs parse). */
export const OpenAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      code: z.string().nullable(),
      param: z.string().nullable(),
    }),
  })
  .meta({ description: "OpenAI's error shape" });
export type OpenAiError = z.infer<typeof OpenAiErrorSchema>;
