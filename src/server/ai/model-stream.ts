import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { generateText } from 'ai';
import type { ReplyStream, ReplyUsage } from './reply.ts';
import { toUpstreamError, UpstreamTimeout, upstreamTimeoutError } from './upstream-errors.ts';

export interface ModelCall {
  model: LanguageModelV3;
  /** For error details (which provider failed). */
  provider: string;
  /** Longest wait for the first and for each next chunk (AI_TIMEOUT_MS). */
  idleTimeoutMs: number;
}

function usageOf(usage: LanguageModelV3Usage): ReplyUsage {
  const result: ReplyUsage = {};
  if (usage.inputTokens.total !== undefined) result.inputTokens = usage.inputTokens.total;
  if (usage.outputTokens.total !== undefined) result.outputTokens = usage.outputTokens.total;
  return result;
}

/**
 * Streams a provider reply through the provider adapter's own stream (`doStream`): the SDK's
 * adapters speak each wire format, while streamText's generic pipeline (steps, tools, tees of
 * the stream) would cost several times the CPU per chunk on the hot path (docs/PERFORMANCE.md).
 * No retries: a failed call is reported at once and the user retries (the user message is
 * kept). The idle timer is refreshed on every chunk, so a slow but steady reply never times out
 * while a hang does.
 */
export async function* streamModelReply(
  call: ModelCall,
  request: { prompt: LanguageModelV3Prompt; signal: AbortSignal },
): ReplyStream {
  const idle = new AbortController();
  const timer = setTimeout(() => idle.abort(new UpstreamTimeout()), call.idleTimeoutMs);
  let usage: ReplyUsage = {};
  let reader: ReadableStreamDefaultReader<unknown> | undefined;
  let finished = false;
  try {
    const { stream } = await call.model.doStream({
      prompt: request.prompt,
      abortSignal: AbortSignal.any([request.signal, idle.signal]),
    });
    const parts = stream.getReader();
    reader = parts;
    for (;;) {
      const { done, value } = await parts.read();
      if (done) break;
      if (value.type === 'text-delta') {
        timer.refresh();
        if (value.delta !== '') yield value.delta;
      } else if (value.type === 'finish') {
        usage = usageOf(value.usage);
      } else if (value.type === 'error') {
        throw value.error;
      }
    }
    finished = true;
  } catch (error) {
    if (idle.signal.aborted) throw upstreamTimeoutError();
    if (request.signal.aborted) return usage;
    throw toUpstreamError(error, call.provider);
  } finally {
    clearTimeout(timer);
    // A consumer that stops early (or an error) must not leave the upstream response open.
    if (!finished) reader?.cancel().catch(() => {});
  }
  return usage;
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
