import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** `sse`: a text/event-stream body (written as is) instead of JSON. */
interface Answer {
  status: number;
  body?: unknown;
  sse?: string;
  /** Extra response headers (for example X-Next-Cursor of a paged list). */
  headers?: Record<string, string>;
}

/** A route's answer; a promise holds the response back until it settles (a slow request). */
type Handler = (request: RecordedRequest) => Answer | undefined | Promise<Answer | undefined>;

/** A text/event-stream body of the chat routes: `event:` and one JSON `data:` line each. */
export const sseBody = (events: [event: string, data: unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** A streamed reply as the chat routes send it: the stored question, then the reply in one piece. */
export const streamedReply = (
  conversationId: string,
  userMessageId: number,
  id: number,
  text: string,
) =>
  sseBody([
    ['start', { conversationId, userMessageId, assistantMessageId: id, model: 'gpt-4o' }],
    ['delta', { text }],
    [
      'done',
      {
        message: {
          id,
          content: text,
          timestamp: new Date().toISOString(),
          status: 'complete',
          model: 'gpt-4o',
        },
        conversationId,
        userMessageId,
      },
    ],
  ]);

/**
 * Replaces the browser's fetch (the network edge) with routes answered in-process, and records
 * every request the app sends. Our own code runs unchanged.
 */
export function fakeServer(routes: Record<string, Handler | Answer>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${request.method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(request) : route;
    const {
      status,
      body,
      sse,
      headers: extraHeaders = {},
    } = answer ?? {
      status: 404,
      body: { message: 'Not found', code: 'NOT_FOUND', statusCode: 404 },
    };
    if (sse !== undefined) {
      return new Response(sse, {
        status,
        headers: { 'content-type': 'text/event-stream', ...extraHeaders },
      });
    }
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...extraHeaders },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetch: fetchStub };
}

export const GUEST = {
  status: 401,
  body: { message: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
};

export function userBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    username: 'anna',
    displayName: 'Anna',
    isAdmin: false,
    isSubscribed: false,
    subscriptionTier: 'free',
    subscriptionExpiry: null,
    ...overrides,
  };
}

export function settingsBody(overrides: Record<string, unknown> = {}) {
  return {
    userId: 7,
    theme: 'dunkel',
    accentColor: 'purple',
    fontSize: 'medium',
    responseLength: 'balanced',
    aiModel: 'gpt-4o',
    defaultPersona: null,
    defaultPersonaId: null,
    animationsEnabled: true,
    language: 'de',
    ...overrides,
  };
}
