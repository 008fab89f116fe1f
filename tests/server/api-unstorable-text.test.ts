import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 15: NUL (and a lone surrogate) in every documented string field of every route, read
// from the OpenAPI document: never a 5xx, always the one envelope, 400 where validation applies.

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  security?: unknown[];
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Where a string can go in a JSON body: property paths, `0` for an array's items. */
function stringPaths(schema: JsonSchema, path: string[] = []): string[][] {
  const types = [schema.type ?? []].flat();
  const found = types.includes('string') ? [path] : [];
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    found.push(...stringPaths(branch, path));
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push(...stringPaths(property, [...path, name]));
  }
  if (schema.items) found.push(...stringPaths(schema.items, [...path, '0']));
  const unique = new Map(found.map((entry) => [entry.join('.'), entry]));
  return [...unique.values()];
}

function bodyWith(path: string[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '0' ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

/** A path parameter that passes its own check, for the parameters not under test. */
const placeholder = (schema: JsonSchema) =>
  schema.enum?.[0] ?? (schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : '1');

const UNSTORABLE = [
  { kind: 'NUL', text: 'a\u0000b', encoded: 'a%00b' },
  // Not valid UTF-8 once percent-encoded: Fastify refuses such a URL before routing.
  { kind: 'lone surrogate', text: 'a\ud800b', encoded: 'a%ED%A0%80b' },
];

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  field: string;
  isPublic: boolean;
  /** The field is part of the URL path, which Fastify decodes before any route is found. */
  inPath: boolean;
}

let t: TestContext;
let cases: Case[];
beforeAll(async () => {
  t = await createTestApp();
  const document = (await api(t.app, { method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  cases = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    // The OpenAI-compatible API takes a bearer key and answers in OpenAI's error shape;
    // tests/server/openai-api.test.ts sends it unstorable text.
    if (template.startsWith('/api/v1/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const url = (target?: string, value?: string) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => {
          const parameter = parameters.find((p) => p.in === 'path' && p.name === name)!;
          return name === target ? value! : placeholder(parameter.schema);
        });
      const base = { method: method.toUpperCase(), isPublic: operation.security === undefined };
      for (const { kind, text, encoded } of UNSTORABLE) {
        for (const parameter of parameters) {
          if (![parameter.schema.type].flat().includes('string')) continue;
          // Header values cannot carry these sequences at all (HTTP allows visible ASCII, and
          // the one header a route declares, Idempotency-Key, takes nothing else).
          if (parameter.in === 'header') continue;
          const inPath = parameter.in === 'path';
          // A query string keeps a sequence that is not valid UTF-8 as the literal text
          // 'a%ED%A0%80b', which is storable: no lone surrogate reaches the server that way.
          if (!inPath && kind === 'lone surrogate') continue;
          cases.push({
            ...base,
            name: `${method.toUpperCase()} ${template} ${parameter.in} ${parameter.name} (${kind})`,
            url: inPath ? url(parameter.name, encoded) : `${url()}?${parameter.name}=${encoded}`,
            field: parameter.name,
            inPath,
          });
        }
        const body = operation.requestBody?.content['application/json']?.schema;
        // A body that is one string is a provider's signed delivery (a webhook): it is checked by
        // its signature, not field by field, and its own tests send it unstorable text.
        const fields = body ? stringPaths(body).filter((path) => path.length > 0) : [];
        for (const path of fields) {
          cases.push({
            ...base,
            name: `${method.toUpperCase()} ${template} body ${path.join('.')} (${kind})`,
            url: url(),
            payload: bodyWith(path, text),
            field: path.join('.'),
            inPath: false,
          });
        }
      }
    }
  }
});
afterAll(() => t.close());

async function expectRefused(test: Case, cookie?: string) {
  const response = await api(t.app, {
    method: test.method,
    url: test.url,
    remoteAddress: nextIp(),
    ...(test.payload === undefined ? {} : { payload: test.payload as object }),
    ...(cookie ? { cookie } : {}),
  });
  expect(response.statusCode, test.name).toBe(400);
  const envelope = ErrorEnvelopeSchema.strict().parse(response.json());
  expect(envelope.code, test.name).toBe('VALIDATION_ERROR');
  // The refusal names the field under test (a URL Fastify cannot decode has no field yet).
  if (!(test.inPath && test.url.includes('%ED'))) {
    expect(Object.keys(envelope.details as object), test.name).toContain(test.field);
  }
}

describe('text PostgreSQL cannot store, in every documented string field', () => {
  it('covers the fields of the routes the audit found', () => {
    const names = cases.map((test) => test.name);
    for (const expected of [
      'POST /api/login body username (NUL)',
      'POST /api/register body displayName (NUL)',
      'POST /api/client-errors body message (NUL)',
      'PATCH /api/user body displayName (NUL)',
      'POST /api/personas body name (NUL)',
      'PATCH /api/personas/{id} body name (NUL)',
      'PUT /api/admin/models/{modelId} body displayName (NUL)',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('is refused with 400 VALIDATION_ERROR for a signed-in administrator, on every route', async () => {
    const { cookie } = await createSignedInUser(t.db, { isAdmin: true });
    for (const test of cases) await expectRefused(test, cookie);
  });

  it('is refused with 400 VALIDATION_ERROR for a guest, on every public route', async () => {
    for (const test of cases.filter((entry) => entry.isPublic)) await expectRefused(test);
  });
});
