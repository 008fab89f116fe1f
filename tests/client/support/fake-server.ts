import { vi } from 'vitest';
import { TRANSLATION_FIELDS } from '#shared/personas/persona-schemas.ts';

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
 * What every screen reads (the shell's maintenance banner): answered unless a test names the
 * route itself.
 */
const DEFAULT_ROUTES: Record<string, Answer> = {
  'GET /api/app-config': { status: 200, body: { registrationOpen: true, maintenanceMode: false } },
};

/** Requests no route of the fake answered since the last look (setup.ts fails the test on any). */
const unhandled: string[] = [];

/** The unhandled requests of the test that just ran; the list starts empty for the next one. */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

/**
 * Replaces the browser's fetch (the network edge) with routes answered in-process, and records
 * every request the app sends. Our own code runs unchanged. A request no route matches is answered
 * 404 and fails the test (as the browser tests fail on an unexpected failed load): a test that
 * means a 404 says so with a route.
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
    const key = `${request.method} ${url.split('?')[0]}`;
    const route = routes[key] ?? DEFAULT_ROUTES[key];
    if (route === undefined) unhandled.push(key);
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

/** GET /healthz of a running server (the home page shows whether it is reachable). */
export const HEALTHY = { status: 200, body: { status: 'ok' } };

/** An answer the server gives for a route that does not exist (yet) on it. */
export const NOT_FOUND = {
  status: 404,
  body: { message: 'Not found', code: 'NOT_FOUND', statusCode: 404 },
};

/** The input bar's reads of a server without models or personas to offer. */
export const NO_CHOICES = {
  'GET /api/models': { status: 200, body: { offline: false, models: [] } },
  'GET /api/personas': { status: 200, body: [] },
};

/** GET /api/conversations/{id} of a conversation without a title or persona. */
export const conversationRoutes = (...ids: string[]) =>
  Object.fromEntries(
    ids.map((conversationId, index) => [
      `GET /api/conversations/${conversationId}`,
      {
        status: 200,
        body: {
          id: index + 1,
          title: null,
          timestamp: '2026-01-01T00:00:00.000Z',
          conversationId,
          personaId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ]),
  );

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

/** GET /api/plans as the seeded server answers it (decision 080: cents, a year is ten months). */
export function plansBody(provider: 'sandbox' | 'stripe' = 'sandbox') {
  const plan = (id: string, name: string, rank: number, monthly: number, groups: string[]) => ({
    id,
    name,
    rank,
    monthlyPriceCents: monthly,
    yearlyPriceCents: monthly * 10,
    crypto6PriceCents: Math.floor((6 * monthly * 90 + 50) / 100),
    crypto12PriceCents: Math.floor((12 * monthly * 80 + 50) / 100),
    currency: 'EUR',
    yearlySavingPercent: rank === 0 ? 0 : 16,
    features: [],
    modelGroups: groups,
    apiAccess: rank >= 2,
  });
  return {
    provider,
    plans: [
      plan('free', 'Free', 0, 0, ['standard']),
      plan('premium', 'Premium', 1, 1299, ['standard']),
      plan('expert', 'Expert', 2, 2999, ['standard', 'expert_plus']),
      plan('ultimate', 'Ultimate', 3, 9900, ['standard', 'expert_plus', 'ultimate']),
    ],
  };
}

/** A persona as GET /api/personas lists it: every field the server sends, translations null. */
export function personaBody(fields: Record<string, unknown> & { id: number; name: string }) {
  return {
    description: '',
    systemPrompt: '',
    icon: 'bot',
    color: '#a855f7',
    isDefault: false,
    isCustom: false,
    userId: null,
    language: 'en',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, null])),
    ...fields,
  };
}
