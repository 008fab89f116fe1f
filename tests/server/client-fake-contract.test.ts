import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiDocumentSchema } from '#shared/api/api-schemas.ts';
import {
  createInstrumentedTestApp,
  type InstrumentedTestContext,
} from '#tests/support/instrumented-app.ts';
import { routeSchemasSource } from '#tests/support/route-schema-source.ts';
import { api } from '#tests/support/test-app.ts';
import { ROUTE_SCHEMAS } from '../client/support/route-schemas.ts';

/**
 * The client tests' fake server answers only documented routes (issue 10): it reads them from
 * tests/client/support/openapi-routes.json, which must equal the routes of GET /api/openapi.json.
 * and its success answers from tests/client/support/route-schemas.ts; both are generated from the
 * routes. After adding or changing a route, regenerate them with
 *   npx vitest run --project server-pglite tests/server/client-fake-contract.test.ts -u
 */
const ROUTES_FILE = '../client/support/openapi-routes.json';
const SCHEMAS_FILE = '../client/support/route-schemas.ts';
const REGENERATE =
  'the API changed: run npx vitest run --project server-pglite ' +
  'tests/server/client-fake-contract.test.ts -u';

let t: InstrumentedTestContext;
beforeAll(async () => (t = await createInstrumentedTestApp()));
afterAll(() => t.close());

describe('the routes the client fake may answer', () => {
  it('are the routes of GET /api/openapi.json', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/openapi.json' });
    const { paths } = OpenApiDocumentSchema.parse(response.json());
    const routes = Object.entries(paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    await expect(`${JSON.stringify(routes, null, 2)}\n`).toMatchFileSnapshot(
      ROUTES_FILE,
      REGENERATE,
    );
    expect(Object.keys(ROUTE_SCHEMAS).sort(), REGENERATE).toEqual(routes);
  });

  it('answer with the very schemas the server declares, named as src/shared exports them', async () => {
    const file = new URL(SCHEMAS_FILE, import.meta.url).pathname;
    await expect(await routeSchemasSource(t.routes, file)).toMatchFileSnapshot(
      SCHEMAS_FILE,
      REGENERATE,
    );
  });

  it('answer with the very schemas the server declares for each success status', () => {
    const isSchema = (value: unknown) =>
      typeof value === 'object' && value !== null && '_zod' in value;
    /** status → content type → schema; a bare schema is a JSON body. */
    const byContentType = (answers: Record<string, unknown>, read: (entry: unknown) => unknown) =>
      Object.fromEntries(
        Object.entries(answers)
          .filter(([status]) => /^2\d\d$/.test(status))
          .map(([status, answer]) => [
            status,
            isSchema(answer)
              ? { 'application/json': answer }
              : Object.fromEntries(
                  Object.entries(answer as Record<string, unknown>).map(([type, entry]) => [
                    type,
                    read(entry),
                  ]),
                ),
          ]),
      );
    for (const route of t.routes) {
      const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> };
      if (route.method === 'HEAD' || schema.hide) continue;
      const key = `${[route.method].flat().join()} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      const declared = byContentType(
        Object.fromEntries(
          Object.entries(schema.response ?? {}).map(([status, answer]) => [
            status,
            isSchema(answer) ? answer : (answer as { content: object }).content,
          ]),
        ),
        (entry) => (entry as { schema: unknown }).schema,
      );
      const faked = byContentType(ROUTE_SCHEMAS[key as keyof typeof ROUTE_SCHEMAS], (e) => e);
      expect(Object.keys(faked), key).toEqual(Object.keys(declared));
      for (const [status, types] of Object.entries(declared)) {
        expect(Object.keys(faked[status]!), `${key} ${status}`).toEqual(Object.keys(types));
        for (const [type, declaredSchema] of Object.entries(types)) {
          // The same object, not an equal one: the fake checks with what the server validates.
          expect(faked[status]![type] === declaredSchema, `${key} ${status} ${type}`).toBe(true);
        }
      }
    }
  });
});
