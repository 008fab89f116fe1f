import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeEventStreamHead } from '#server/http/event-stream-head.ts';
import type { Completion } from '#server/ports/completions.ts';
import { AppError } from '#shared/errors/app-error.ts';
import type { ChatCompletionChunk, OpenAiUsage } from '#shared/openai/openai-schemas.ts';
import { toOpenAiError } from './openai-errors.ts';

export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

export const toOpenAiUsage = (usage: {
  inputTokens: number;
  outputTokens: number;
}): OpenAiUsage => ({
  prompt_tokens: usage.inputTokens,
  completion_tokens: usage.outputTokens,
  total_tokens: usage.inputTokens + usage.outputTokens,
});

/** A comment line now and then keeps proxies from closing a quiet stream (as the chat's). */
const HEARTBEAT_MS = 15_000;

/**
 * A streamed completion in OpenAI's wire format: `data: {chat.completion.chunk}` lines, the first
 * with the role, one per delta, the last with finish_reason, optionally one with the usage
 * (stream_options.include_usage: the others then say `usage: null`), then `data: [DONE]`. A
 * failure after the first byte arrives as `data: {"error": …}` (what OpenAI's SDKs raise), and
 * the stream ends without [DONE].
 */
export async function sendCompletionStream(
  request: FastifyRequest,
  reply: FastifyReply,
  completion: Completion,
  meta: CompletionMeta,
  includeUsage: boolean,
) {
  reply.hijack();
  const res = writeEventStreamHead(request, reply);
  const write = (data: unknown) => {
    if (!res.destroyed && !res.writableEnded) res.write(`data: ${JSON.stringify(data)}\n\n`);
  };
  const chunk = (
    delta: ChatCompletionChunk['choices'][number]['delta'],
    finish: 'stop' | null,
  ): ChatCompletionChunk => ({
    object: 'chat.completion.chunk',
    ...meta,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    // OpenAI: with include_usage, every chunk but the last carries `usage: null`.
    ...(includeUsage ? { usage: null } : {}),
  });
  const heartbeat = setInterval(() => {
    if (!res.destroyed && !res.writableEnded) res.write(': ping\n\n');
  }, HEARTBEAT_MS).unref();
  try {
    write(chunk({ role: 'assistant', content: '' }, null));
    const usage = await completion.read((text) => write(chunk({ content: text }, null)));
    write(chunk({}, 'stop'));
    if (includeUsage) {
      write({ object: 'chat.completion.chunk', ...meta, choices: [], usage: toOpenAiUsage(usage) });
    }
    if (!res.destroyed && !res.writableEnded) res.write('data: [DONE]\n\n');
  } catch (error) {
    const appError =
      error instanceof AppError ? error : new AppError('SERVER_ERROR', 500, 'The reply failed');
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'completion stream failed');
    write(toOpenAiError(appError).body);
  } finally {
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }
}
