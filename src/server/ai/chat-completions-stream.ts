import http from 'node:http';
import https from 'node:https';
import { StringDecoder } from 'node:string_decoder';
import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { AppError } from '#shared/errors/app-error.ts';
import type { ReplyStream, ReplyUsage } from './reply.ts';
import {
  upstreamInvalidError,
  upstreamStatusError,
  upstreamStreamError,
  upstreamUnreachableError,
} from './upstream-errors.ts';

/**
 * The streaming hot path for OpenAI and every OpenAI-compatible server: a lean reader of the
 * Chat Completions wire format on node:http (docs/decisions/041-chat-hot-path.md).
 * The AI SDK adapter stays for titles and the other providers; this one replaces, for streamed
 * replies only, its fetch → web streams → event-source parser → schema validation pipeline, which
 * cost several times the CPU of the bytes themselves per chunk (docs/PERFORMANCE.md).
 */

export interface ChatCompletionsEndpoint {
  /** The API base including `/v1` (OPENAI_BASE_URL), without the trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** For error details (which provider failed). */
  provider: string;
}

/** Kept-alive connections: a reply's first token must not wait for a TCP (or TLS) handshake. */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** The longest line of the event stream; one chunk is a few hundred bytes, so past it the stream is broken. */
const MAX_LINE = 1024 * 1024;

/** An error body is read only this far (it goes nowhere but the log). */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * OpenAI's reasoning models (o-series, GPT-5 and later except the chat variants) take the system
 * prompt as a `developer` message; the same rule as the AI SDK's OpenAI adapter.
 */
export function isReasoningModel(model: string) {
  if (/^o\d+(?:-|$)/.test(model)) return true;
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.+))?$/.exec(model);
  return gpt !== null && Number(gpt[1]) >= 5 && !(gpt[2] ?? '').startsWith('chat');
}

const base64 = (data: string | Uint8Array) =>
  typeof data === 'string' ? data : Buffer.from(data).toString('base64');

type WirePart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'file'; file: { filename: string; file_data: string } };

function userContent(content: Extract<LanguageModelV3Message, { role: 'user' }>['content']) {
  const [only] = content;
  if (content.length === 1 && only?.type === 'text') return only.text;
  return content.map((part, index): WirePart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    const { data, mediaType } = part;
    if (mediaType.startsWith('image/')) {
      const type = mediaType === 'image/*' ? 'image/jpeg' : mediaType;
      const url = data instanceof URL ? data.toString() : `data:${type};base64,${base64(data)}`;
      return { type: 'image_url', image_url: { url } };
    }
    if (mediaType === 'application/pdf' && !(data instanceof URL)) {
      return {
        type: 'file',
        file: {
          filename: part.filename ?? `part-${index}.pdf`,
          file_data: `data:application/pdf;base64,${base64(data)}`,
        },
      };
    }
    throw new Error(`Unsupported attachment type ${mediaType}`);
  });
}

/** The request body, as the AI SDK's Chat Completions adapter writes it for a plain chat. */
export function chatCompletionsBody(model: string, prompt: LanguageModelV3Prompt) {
  const systemRole = isReasoningModel(model) ? 'developer' : 'system';
  const messages = prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { role: systemRole, content: message.content };
      case 'user':
        return { role: 'user', content: userContent(message.content) };
      case 'assistant':
        return {
          role: 'assistant',
          content: message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
        };
      default:
        throw new Error(`Unsupported prompt role ${message.role}`);
    }
  });
  return { model, messages, stream: true, stream_options: { include_usage: true } };
}

interface ChunkJson {
  choices?: { delta?: { content?: string | null } | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { code?: unknown; type?: unknown } | null;
}

/** Sends the request; resolves with the response once its status line and headers are in. */
function post(
  endpoint: ChatCompletionsEndpoint,
  body: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const url = new URL(`${endpoint.baseUrl}/chat/completions`);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      headers: {
        authorization: `Bearer ${endpoint.apiKey}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'content-length': Buffer.byteLength(body),
      },
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

async function failure(response: http.IncomingMessage, provider: string) {
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > MAX_ERROR_BODY) break;
  }
  response.destroy();
  return upstreamStatusError(response.statusCode ?? 0, provider);
}

/**
 * Streams a Chat Completions reply: hands each text delta to the reader as it arrives, resolves
 * with the usage the server reported. Starts the request at once (not when the reply is read),
 * so a caller can do other work while the upstream thinks. Rejects with the AppErrors of
 * upstream-errors.ts; aborting the signal destroys the request and rejects with the signal's
 * reason. The response is read by its 'data' events (decision 041): no async iteration per chunk.
 */
export function streamChatCompletions(
  endpoint: ChatCompletionsEndpoint,
  request: { model: string; prompt: LanguageModelV3Prompt; signal: AbortSignal },
): ReplyStream {
  const responding = Promise.resolve().then(() =>
    post(
      endpoint,
      JSON.stringify(chatCompletionsBody(request.model, request.prompt)),
      request.signal,
    ),
  );
  // Handled when the reply is read; an unread rejection must not crash the process.
  responding.catch(() => {});
  return {
    read: (onText) => readReply(responding, endpoint.provider, request.signal, onText),
  };
}

async function readReply(
  responding: Promise<http.IncomingMessage>,
  provider: string,
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<ReplyUsage> {
  let response: http.IncomingMessage;
  try {
    response = await responding;
  } catch (error) {
    if (signal.aborted) throw error;
    throw upstreamUnreachableError(provider);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) throw await failure(response, provider);

  return new Promise<ReplyUsage>((resolve, reject) => {
    const usage: ReplyUsage = {};
    const decoder = new StringDecoder('utf8');
    let buffer = '';
    let finished = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Also when the reader failed: the upstream response must not stay open.
      response.destroy();
      if (signal.aborted) reject(signal.reason as Error);
      else if (error instanceof AppError) reject(error);
      // A dropped connection mid-reply (ECONNRESET, "aborted") is the provider failing.
      else reject(upstreamInvalidError(provider));
    };

    /** Events end with a blank line; a `data:` line carries one JSON chunk (or [DONE]). */
    const readLines = () => {
      let end: number;
      while ((end = buffer.indexOf('\n')) !== -1) {
        const line =
          buffer.charCodeAt(end - 1) === 13 ? buffer.slice(0, end - 1) : buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        if (data === '[DONE]') {
          finished = true;
          continue;
        }
        let chunk: ChunkJson;
        try {
          chunk = JSON.parse(data) as ChunkJson;
        } catch {
          throw upstreamInvalidError(provider);
        }
        if (chunk.error) throw upstreamStreamError(chunk.error, provider);
        const text = chunk.choices?.[0]?.delta?.content;
        if (typeof text === 'string' && text !== '') onText(text);
        if (chunk.usage) {
          if (typeof chunk.usage.prompt_tokens === 'number') {
            usage.inputTokens = chunk.usage.prompt_tokens;
          }
          if (typeof chunk.usage.completion_tokens === 'number') {
            usage.outputTokens = chunk.usage.completion_tokens;
          }
        }
      }
    };

    response.on('data', (bytes: Buffer) => {
      if (settled) return;
      buffer += decoder.write(bytes);
      try {
        readLines();
        // What is left is an unfinished line: an endless one must not fill the memory.
        if (buffer.length > MAX_LINE) throw upstreamInvalidError(provider);
      } catch (error) {
        fail(error);
      }
    });
    response.once('error', fail);
    response.once('end', () => {
      if (settled) return;
      settled = true;
      if (signal.aborted) reject(signal.reason as Error);
      // Compatible servers may omit [DONE]; a complete body is a complete reply.
      else if (!finished && !response.complete) reject(upstreamInvalidError(provider));
      else resolve(usage);
    });
    // Closed before its end without an error event: cut off.
    response.once('close', () => fail(new Error('The upstream response closed early')));
  });
}
