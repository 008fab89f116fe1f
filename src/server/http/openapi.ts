import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpenApiDocumentSchema, type OpenApiDocument } from '#shared/api/api-schemas.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { REQUESTED_WITH } from './csrf.ts';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate and serialize with
 * (issue 10): GET /api/openapi.json. The reference page that renders it is api-reference.ts.
 */

const SECURITY_SCHEME = 'session';
/** The OpenAI-compatible API (/api/v1): a personal API key as a bearer token. */
const API_KEY_SCHEME = 'apiKey';

const DESCRIPTION = [
  'The API of Orbit Chat. Signed-in calls carry the session cookie that `POST /api/login` or',
  '`POST /api/register` sets. Every call that changes something (POST, PUT, PATCH, DELETE) must',
  `send the header \`X-Requested-With: ${REQUESTED_WITH}\` (CSRF defence). Every answer other`,
  'than 2xx is the error envelope `{ message, code, statusCode, details? }`.',
].join(' ');

/** Routes of the same area share a tag (the first path segment otherwise). */
const TAGS: Record<string, string> = {
  register: 'auth',
  login: 'auth',
  logout: 'auth',
  user: 'auth',
  messages: 'conversations',
  admin: 'admin',
  docs: 'documentation',
  'openapi.json': 'documentation',
};

function tagOf(url: string) {
  const segment = url.split('/')[2] ?? 'health';
  return TAGS[segment] ?? segment;
}

/** API routes and the health probes are documented; the web app's own routes are not. */
export function isDocumentedUrl(url: string) {
  return url.startsWith('/api/') || ['/healthz', '/readyz', '/metrics'].includes(url);
}

/**
 * Every documented route answers errors with the one envelope (4XX, 5XX) and names its access:
 * added here, once, so no route can forget either.
 */
function documentRoute(route: RouteOptions) {
  if (!isDocumentedUrl(route.url) || route.schema?.hide) return;
  const schema = (route.schema ??= {}) as Record<string, unknown>;
  const response = (schema.response ??= {}) as Record<string, unknown>;
  response['4xx'] ??= ErrorEnvelopeSchema;
  response['5xx'] ??= ErrorEnvelopeSchema;
  schema.tags ??= [tagOf(route.url)];
  const access = route.config?.access;
  if (access === 'user' || access === 'admin') {
    schema.security ??= [{ [SECURITY_SCHEME]: [] }];
    if (access === 'admin') schema.description ??= 'Administrators only.';
  }
  if (access === 'apiKey') {
    schema.security ??= [{ [API_KEY_SCHEME]: [] }];
    const scope = route.config?.apiScope;
    schema.description ??= `A personal API key (Expert and Ultimate) with the scope \`${scope}\`, as \`Authorization: Bearer sk-orbit-…\`; no cookie, no X-Requested-With. Errors in OpenAI's shape.`;
  }
}

/** Call before any route is registered: the document lists the routes registered after it. */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string) {
  app.addHook('onRoute', documentRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Orbit Chat API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: sessionCookie },
          [API_KEY_SCHEME]: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/openapi.json',
    {
      config: { access: 'public' },
      schema: { summary: 'This document', response: { 200: OpenApiDocumentSchema } },
    },
    // The document is built once, on the first call, from the routes registered by then.
    () => app.swagger() as unknown as OpenApiDocument,
  );
}
