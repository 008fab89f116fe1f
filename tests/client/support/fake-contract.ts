import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import DOCUMENTED_ROUTES from './openapi-routes.json' with { type: 'json' };
import { ROUTE_SCHEMAS, type RouteKey } from './route-schemas.ts';

/**
 * The API contract the client tests' fake server keeps (issue 10): it answers only the routes of
 * GET /api/openapi.json (openapi-routes.json, kept equal to the server's by
 * tests/server/client-fake-contract.test.ts), with bodies that fit the route's shared schema.
 */

/** An answer of the fake. `sse`: a text/event-stream body (written as is) instead of JSON. */
export interface Answer {
  status: number;
  body?: unknown;
  sse?: string;
  /** Extra response headers (for example X-Next-Cursor of a paged list). */
  headers?: Record<string, string>;
  /** The route this answer was typed for (respond()): the request must be that route. */
  route?: RouteKey;
  /** Why this answer breaks the contract on purpose (a test of how the app meets that). */
  breaksContract?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** The documented routes, those with more fixed path segments first (/api/settings/me). */
const TEMPLATES = (DOCUMENTED_ROUTES as RouteKey[])
  .map((key) => {
    const [method, path = ''] = key.split(' ');
    const segments = path.split('/');
    const variable = (segment: string) => /^\{\w+\}$/.test(segment);
    const pattern = segments.map((s) => (variable(s) ? '[^/]+' : escapeRegExp(s))).join('/');
    const fixed = segments.filter((segment) => !variable(segment)).length;
    return { key, method, pattern: new RegExp(`^${pattern}$`), fixed };
  })
  .sort((a, b) => b.fixed - a.fixed);

/** The documented route a request (method and path, no query) is, if any. */
export function documentedRoute(method: string, path: string): RouteKey | undefined {
  return TEMPLATES.find((route) => route.method === method && route.pattern.test(path))?.key;
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The events of a text/event-stream body, as the chat routes write them. */
function readSse(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).trim())
          .join('\n');
      let data: unknown;
      try {
        data = JSON.parse(field('data'));
      } catch {
        data = field('data');
      }
      return { id: field('id'), event: field('event'), data };
    });
}

/** What is wrong with an answer to a route, or undefined when it keeps the contract. */
export function contractBreak(route: RouteKey, answer: Answer): string | undefined {
  if (answer.breaksContract !== undefined) return undefined;
  if (answer.route !== undefined && answer.route !== route) {
    return `an answer typed for ${answer.route} was given to ${route}`;
  }
  const { status, body, sse } = answer;
  const failure = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : `${route} ${status}: ${result.error.message}`;
  };
  if (status >= 400) return failure(ErrorEnvelopeSchema, body);
  const successes = (ROUTE_SCHEMAS[route] as Record<number, unknown>)[status];
  if (successes === undefined) return `${route} never answers ${status}`;
  if (sse !== undefined) {
    const events = (successes as Record<string, z.ZodType>)['text/event-stream'];
    if (!events) return `${route} ${status} is no event stream`;
    return readSse(sse)
      .map((event) => failure(events, event))
      .find(Boolean);
  }
  const json = isSchema(successes)
    ? successes
    : (successes as Record<string, z.ZodType>)['application/json'];
  if (!json) return `${route} ${status} has no JSON body`;
  return failure(json, body);
}

type Successes<K extends RouteKey> = (typeof ROUTE_SCHEMAS)[K];
type JsonSchemaOf<A> = A extends z.ZodType
  ? A
  : A extends { 'application/json': infer S extends z.ZodType }
    ? S
    : never;
/** The JSON body a route answers with this status, typed by its shared schema. */
export type BodyOf<K extends RouteKey, S extends keyof Successes<K>> = z.infer<
  JsonSchemaOf<Successes<K>[S]>
>;

/** A success answer of a route, its body typed by the route's shared schema. */
export function respond<K extends RouteKey, S extends keyof Successes<K> & number>(
  route: K,
  status: S,
  body: BodyOf<K, S>,
  headers?: Record<string, string>,
): Answer {
  return { route, status, body, ...(headers ? { headers } : {}) };
}
