import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodObject } from 'zod';
import { OpenApiDocumentSchema } from '#shared/api/api-schemas.ts';
import {
  createInstrumentedTestApp,
  type InstrumentedTestContext,
} from '#tests/support/instrumented-app.ts';
import { api } from '#tests/support/test-app.ts';

// Issue 10: every route is documented — its input and its answers — from the schemas it
// validates and serializes with, and the document is published at GET /api/openapi.json.

/** The web app's own routes (the SPA and its files): not part of the API, hidden on purpose. */
const WEB_APP_ROUTES = ['HEAD,GET /*', 'GET /'];
/** Routes whose method could carry a JSON body but that take none, and why. */
const NO_JSON_BODY: Record<string, string> = {
  'POST /api/logout': 'takes nothing',
  'POST /api/files': 'multipart/form-data (documented in consumes)',
  'POST /api/admin/backups/restore-check': 'the backup file as application/octet-stream',
  'POST /api/codehub/sessions/:sessionId/join': 'takes nothing',
  'POST /api/codehub/sessions/:sessionId/end': 'takes nothing',
  'POST /api/omnichannel/messages/:id/reject': 'takes nothing',
  'POST /api/omnichannel/messages/:id/resolve': 'takes nothing',
  'POST /api/omnichannel/widget/:channelId/visitors': 'takes nothing',
};

/** The live code hub's WebSocket (y-websocket protocol, decision 231): no JSON answer to document. */
const WEBSOCKET_ROUTES = ['GET /api/codehub/live/:sessionId'];

interface RouteSchema {
  hide?: boolean;
  params?: ZodObject;
  body?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
}

let t: InstrumentedTestContext;
let routes: { key: string; method: string; url: string; schema: RouteSchema | undefined }[];
beforeAll(async () => {
  t = await createInstrumentedTestApp();
  routes = t.routes
    .filter((route: RouteOptions) => route.method !== 'HEAD')
    .map((route) => {
      const method = [route.method].flat().join(',');
      const schema = route.schema as RouteSchema | undefined;
      return { key: `${method} ${route.url}`, method, url: route.url, schema };
    });
});
afterAll(() => t.close());

describe('every registered route', () => {
  it('is documented, except the web app’s own routes', () => {
    const hidden = routes.filter((route) => route.schema?.hide).map((route) => route.key);
    expect(hidden).toEqual([...WEBSOCKET_ROUTES, ...WEB_APP_ROUTES]);
    const undocumented = routes.filter(
      (route) =>
        !route.schema?.hide &&
        !route.url.startsWith('/api/') &&
        !/^\/(healthz|readyz|metrics)$/.test(route.url),
    );
    expect(undocumented.map((route) => route.key)).toEqual([]);
  });

  it('declares a success response and the error envelope for 4xx and 5xx', () => {
    const missing: string[] = [];
    for (const { key, schema } of routes) {
      if (schema?.hide) continue;
      const statuses = Object.keys(schema?.response ?? {});
      if (!statuses.some((status) => /^2\d\d$/.test(status))) missing.push(`${key}: 2xx`);
      for (const range of ['4xx', '5xx'])
        if (!statuses.includes(range)) missing.push(`${key}: ${range}`);
    }
    expect(missing).toEqual([]);
  });

  it('declares a schema for every input it takes: path parameters and bodies', () => {
    const missing: string[] = [];
    for (const { key, method, url, schema } of routes) {
      if (schema?.hide) continue;
      const pathParams = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = Object.keys(schema?.params?.shape ?? {});
      if (pathParams.join() !== declared.join()) missing.push(`${key}: params ${declared.join()}`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !(key in NO_JSON_BODY);
      if (takesBody && !schema?.body) missing.push(`${key}: body`);
      if (!takesBody && schema?.body) missing.push(`${key}: body on a route that takes none`);
    }
    expect(missing).toEqual([]);
    expect(routes.find((route) => route.key === 'POST /api/files')?.schema?.consumes).toEqual([
      'multipart/form-data',
    ]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is public and lists every documented route with its parameters and answers', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = OpenApiDocumentSchema.parse(response.json());
    expect(document.openapi).toBe('3.1.0');
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const { key, method, url, schema } of routes) {
      if (schema?.hide) continue;
      const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(Object.keys(operation!.responses as object), key).toEqual(
        expect.arrayContaining(['4XX', '5XX']),
      );
    }
    const documented = Object.values(paths).flatMap((operations) => Object.keys(operations));
    expect(documented).toHaveLength(routes.filter((route) => !route.schema?.hide).length);
  });

  it('documents the event stream of a chat reply and the file types of an export', async () => {
    const { paths } = (await api(t.app, { method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    }>();
    expect(Object.keys(paths['/api/chat']!.post!.responses['200']!.content!)).toEqual([
      'application/json',
      'text/event-stream',
    ]);
    expect(Object.keys(paths['/api/chat/stream/{conversationId}']!.get!.responses)).toEqual([
      '200',
      '204',
      '4XX',
      '5XX',
    ]);
    expect(
      Object.keys(
        paths['/api/conversations/{conversationId}/export']!.get!.responses['200']!.content!,
      ),
    ).toEqual(['text/plain', 'text/markdown', 'application/json', 'text/html', 'application/pdf']);
  });

  it('documents the Idempotency-Key header of POST /api/chat', async () => {
    const { paths } = (await api(t.app, { method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Record<string, unknown>[] }>>;
    }>();
    const headers = paths['/api/chat']!.post!.parameters!.filter((p) => p.in === 'header');
    expect(headers).toEqual([
      expect.objectContaining({
        name: 'idempotency-key',
        in: 'header',
        required: false,
        schema: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 255 }),
      }),
    ]);
  });
});

describe('GET /api/docs', () => {
  it('is a public page whose scripts are files of our origin, so the CSP holds', async () => {
    const page = await api(t.app, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const asset = await api(t.app, { method: 'GET', url: src! });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type']).toBe('application/javascript; charset=utf-8');
    }
  });
});
