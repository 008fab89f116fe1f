import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { streamChatCompletions, type ChatCompletionsEndpoint } from './chat-completions-stream.ts';
import { replyFromGenerator, type ReplyStream, type ReplyUsage } from './reply.ts';
import { toUpstreamError, UpstreamTimeout, upstreamTimeoutError } from './upstream-errors.ts';

export interface ModelCall {
  model: LanguageModelV3;
  /** For error details (which provider failed). */
  provider: string;
  /** Longest wait for the first and for each next chunk (AI_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /**
   * OpenAI and compatible servers: streamed replies go through the lean Chat Completions reader
   * (decision 041) instead of the SDK adapter, which still answers the non-streamed calls.
   */
  chatCompletions?: { endpoint: ChatCompletionsEndpoint; upstreamModel: string } | undefined;
}

function usageOf(usage: LanguageModelV3Usage): ReplyUsage {
  const result: ReplyUsage = {};
  if (usage.inputTokens.total !== undefined) result.inputTokens = usage.inputTokens.total;
  if (usage.outputTokens.total !== undefined) result.outputTokens = usage.outputTokens.total;
  return result;
}

/**
 * A reply through the provider adapter's own stream (`doStream`): the SDK's adapters speak each
 * wire format, while streamText's generic pipeline (steps, tools, tees of the stream) would cost
 * several times the CPU per chunk on the hot path (docs/PERFORMANCE.md).
 */
function sdkReply(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt,
  signal: AbortSignal,
): ReplyStream {
  const streaming = Promise.resolve(model.doStream({ prompt, abortSignal: signal }));
  // Handled when the reply is read; an unread rejection must not crash the process.
  streaming.catch(() => {});
  return replyFromGenerator(readSdkReply(streaming));
}

async function* readSdkReply(
  streaming: Promise<Awaited<ReturnType<LanguageModelV3['doStream']>>>,
): AsyncGenerator<string, ReplyUsage, undefined> {
  let usage: ReplyUsage = {};
  const { stream } = await streaming;
  const parts = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await parts.read();
      if (done) break;
      if (value.type === 'text-delta') {
        if (value.delta !== '') yield value.delta;
      } else if (value.type === 'finish') {
        usage = usageOf(value.usage);
      } else if (value.type === 'error') {
        throw value.error;
      }
    }
    finished = true;
  } finally {
    // A consumer that stops early (or an error) must not leave the upstream response open.
    if (!finished) parts.cancel().catch(() => {});
  }
  return usage;
}

/**
 * Streams a provider reply. The request is sent at once, not when the reply is read. No retries:
 * a failed call is reported at once and the user retries (the user message is kept). The idle
 * timer is refreshed on every chunk, so a slow but steady reply never times out while a hang
 * does. Ends normally when the request's signal aborts (Stop), with what was written.
 */
export function streamModelReply(
  call: ModelCall,
  request: { prompt: LanguageModelV3Prompt; signal: AbortSignal },
): ReplyStream {
  // Ends the provider request on Stop or when the provider falls silent. One controller fed by
  // both, not AbortSignal.any(), which costs a dependent-signal registry per request.
  const upstream = new AbortController();
  const idle = new AbortController();
  const timer = setTimeout(() => {
    idle.abort();
    upstream.abort(new UpstreamTimeout());
  }, call.idleTimeoutMs);
  const onStop = () => {
    // A reply stopped before anyone reads it needs no timer either.
    clearTimeout(timer);
    upstream.abort(request.signal.reason);
  };
  if (request.signal.aborted) onStop();
  else request.signal.addEventListener('abort', onStop, { once: true });
  const { signal } = upstream;
  const lean = call.chatCompletions;
  const parts = lean
    ? streamChatCompletions(lean.endpoint, {
        model: lean.upstreamModel,
        prompt: request.prompt,
        signal,
      })
    : sdkReply(call.model, request.prompt, signal);
  return guarded(parts, { call, timer, idle: idle.signal, stop: request.signal });
}

/** Refreshes the idle timer on every delta and maps failures to the chat's errors. */
function guarded(
  parts: ReplyStream,
  context: { call: ModelCall; timer: NodeJS.Timeout; idle: AbortSignal; stop: AbortSignal },
): ReplyStream {
  const { timer } = context;
  return {
    read: async (onText) => {
      try {
        return await parts.read((text) => {
          timer.refresh();
          onText(text);
        });
      } catch (error) {
        if (context.idle.aborted) throw upstreamTimeoutError();
        if (context.stop.aborted) return {};
        throw toUpstreamError(error, context.call.provider);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export interface ShortAnswer {
  text: string;
  usage: ReplyUsage;
}

/** One small non-streamed call (conversation titles). Throws an AppError on failure. */
export async function generateShortAnswer(
  call: ModelCall,
  request: { system: string; prompt: string; maxOutputTokens: number },
): Promise<ShortAnswer> {
  try {
    // The SDK's core is ≈ 20 MiB of memory; only these short calls (titles) use it (decision 270).
    const { generateText } = await import('ai');
    const result = await generateText({
      model: call.model,
      system: request.system,
      prompt: request.prompt,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(call.idleTimeoutMs),
    });
    const usage: ReplyUsage = {};
    if (result.usage.inputTokens !== undefined) usage.inputTokens = result.usage.inputTokens;
    if (result.usage.outputTokens !== undefined) usage.outputTokens = result.usage.outputTokens;
    return { text: result.text, usage };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw upstreamTimeoutError();
    throw toUpstreamError(error, call.provider);
  }
}
