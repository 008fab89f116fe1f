import { vi } from 'vitest';
import type { z } from 'zod';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { Plan, PlanList } from '#shared/billing/billing-schemas.ts';
import {
  ChatStreamEventSchema,
  type StreamEventName,
  type StreamEventSchemas,
} from '#shared/chat/chat-schemas.ts';
import {
  SYSTEM_PROMPT_FIELDS,
  TRANSLATION_FIELDS,
  type BuiltinPersona,
  type SystemPromptField,
  type TranslationField,
} from '#shared/personas/persona-schemas.ts';
import type { Settings } from '#shared/settings/settings-schemas.ts';
import { contractBreak, documentedRoute, respond, type Answer } from './fake-contract.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A route's answer; a promise holds the response back until it settles (a slow request). */
type Handler = (request: RecordedRequest) => Answer | undefined | Promise<Answer | undefined>;

/** One event of a reply's stream: its name and its data, typed by the shared schema. */
export type StreamEventInput = {
  [E in StreamEventName]: [event: E, data: z.infer<(typeof StreamEventSchemas)[E]>];
}[StreamEventName];

/**
 * A text/event-stream body of the chat routes: `id:`, `event:` and one JSON `data:` line each,
 * every event checked against the shared ChatStreamEventSchema.
 */
export const sseBody = (events: StreamEventInput[]) =>
  events
    .map(([event, data], index) => {
      const id = `f-${index + 1}`;
      ChatStreamEventSchema.parse({ id, event, data });
      return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    })
    .join('');

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
/** Answers that broke the API contract since the last look (setup.ts fails the test on any). */
const contractBreaks: string[] = [];

/** The unhandled requests of the test that just ran; the list starts empty for the next one. */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

/** The answers of the test that just ran that broke the contract; the list starts empty. */
export function takeContractBreaks(): string[] {
  return contractBreaks.splice(0);
}

/** `METHOD /path` of a route key, as the API documents it; throws for an undocumented one. */
function requireDocumented(key: string) {
  const [method = '', path = ''] = key.split(' ');
  const route = documentedRoute(method, path);
  if (!route) {
    throw new Error(
      `The fake server was given ${key}, which GET /api/openapi.json does not document ` +
        '(tests/client/support/openapi-routes.json)',
    );
  }
  return route;
}

/**
 * Replaces the browser's fetch (the network edge) with routes answered in-process, and records
 * every request the app sends. Our own code runs unchanged. Only documented routes can be given
 * (openapi-routes.json), and every answer must fit the route's shared schema (fake-contract.ts):
 * a fixed answer is checked here, a handler's when it answers. A request no route matches is
 * answered 404 and fails the test (as the browser tests fail on an unexpected failed load): a
 * test that means a 404 says so with a route.
 */
export function fakeServer(routes: Record<string, Handler | Answer>) {
  const documented = new Map<string, ReturnType<typeof requireDocumented>>();
  for (const [key, route] of Object.entries(routes)) {
    const template = requireDocumented(key);
    documented.set(key, template);
    const broken = typeof route === 'function' ? undefined : contractBreak(template, route);
    if (broken) throw new Error(`The fake answer to ${key} breaks the API contract: ${broken}`);
  }
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
    const broken = answer && contractBreak(documented.get(key)!, answer);
    if (broken) {
      contractBreaks.push(broken);
      throw new TypeError(`The fake answer to ${key} breaks the API contract`);
    }
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
export const HEALTHY = respond('GET /healthz', 200, { status: 'ok' });

/** An answer the server gives for a route that does not exist (yet) on it. */
export const NOT_FOUND: Answer = {
  status: 404,
  body: { message: 'Not found', code: 'NOT_FOUND', statusCode: 404 },
};

/** The input bar's reads of a server without models or personas to offer. */
export const NO_CHOICES = {
  'GET /api/models': respond('GET /api/models', 200, { offline: false, models: [] }),
  'GET /api/personas': respond('GET /api/personas', 200, []),
};

/** GET /api/conversations/{id} of a conversation without a title or persona. */
export const conversationRoutes = (...ids: string[]) =>
  Object.fromEntries(
    ids.map((conversationId, index) => [
      `GET /api/conversations/${conversationId}`,
      respond('GET /api/conversations/{id}', 200, {
        id: index + 1,
        title: null,
        timestamp: '2026-01-01T00:00:00.000Z',
        conversationId,
        personaId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    ]),
  );

export const GUEST: Answer = {
  status: 401,
  body: { message: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
};

export function userBody(overrides: Partial<PublicUser> = {}): PublicUser {
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

export function settingsBody(overrides: Partial<Settings> = {}): Settings {
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
export function plansBody(provider: 'sandbox' | 'stripe' = 'sandbox'): PlanList {
  const plan = (
    id: Plan['id'],
    name: string,
    rank: number,
    monthly: number,
    groups: Plan['modelGroups'],
  ) => ({
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

/**
 * A built-in persona as GET /api/personas lists it: every field the server sends (no system
 * prompts, decision 303), translations null.
 */
export function personaBody(
  fields: Partial<BuiltinPersona> & { id: number; name: string },
): BuiltinPersona {
  const translations = TRANSLATION_FIELDS.filter(
    (field) => !(SYSTEM_PROMPT_FIELDS as readonly string[]).includes(field),
  ).map((field) => [field, null]);
  return {
    description: '',
    icon: 'bot',
    color: '#a855f7',
    isDefault: false,
    userId: null,
    language: 'en',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...(Object.fromEntries(translations) as Record<
      Exclude<TranslationField, SystemPromptField>,
      null
    >),
    ...fields,
    isCustom: false,
  };
}
