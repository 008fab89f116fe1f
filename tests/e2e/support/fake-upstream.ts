import type { Script } from '../../support/fake-ai/script.ts';
import { E2E_PORT } from './e2e-server.ts';

/**
 * The fake OpenAI-compatible upstream the e2e server answers chats with (started by the global
 * setup in e2e-server.ts). Tests run in parallel on that one server, so each scripts and finds
 * its requests by a marker of its own in the user's message.
 */
export const FAKE_UPSTREAM_PORT = E2E_PORT + 2;
export const FAKE_UPSTREAM_URL = `http://127.0.0.1:${FAKE_UPSTREAM_PORT}`;
/** What the upstream answers when no script matches. */
export const DEFAULT_FAKE_REPLY = 'Hello from the fake model.';

export type { Script };

/** Chats whose last user message contains `marker` are answered by `script`. */
export async function scriptReply(marker: string, script: Script): Promise<void> {
  const response = await fetch(`${FAKE_UPSTREAM_URL}/__control/scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marker, script }),
  });
  if (!response.ok) throw new Error(`scripting the fake upstream failed: ${response.status}`);
}

export interface UpstreamRequest {
  provider: 'openai' | 'anthropic';
  path: string;
  body: {
    model?: string;
    messages?: { role: string; content: string | { type: string; [key: string]: unknown }[] }[];
    [key: string]: unknown;
  };
  /** True once our server closed the upstream connection before the answer ended (Stop). */
  closedByClient: boolean;
}

/** Every streamed chat request so far whose last user message contains `marker`. */
export async function upstreamRequestsWith(marker: string): Promise<UpstreamRequest[]> {
  const response = await fetch(
    `${FAKE_UPSTREAM_URL}/__control/requests?marker=${encodeURIComponent(marker)}`,
  );
  if (!response.ok) throw new Error(`reading the fake upstream failed: ${response.status}`);
  return (await response.json()) as UpstreamRequest[];
}

/** The latest such request, waiting up to `timeoutMs` for it to arrive. */
export async function upstreamRequestWith(
  marker: string,
  timeoutMs = 10_000,
): Promise<UpstreamRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await upstreamRequestsWith(marker)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no upstream request with "${marker}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The system prompt and message texts of a recorded request, in order. */
export function upstreamTexts(request: UpstreamRequest): { role: string; text: string }[] {
  return (request.body.messages ?? []).map((message) => ({
    role: message.role,
    text:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => (typeof part.text === 'string' ? part.text : '')).join(''),
  }));
}
