import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the process and the database as up', async () => {
    expect((await api(t.app, { method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await api(t.app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown API routes with a JSON 404 envelope', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Route GET /api/nope not found',
      code: 'NOT_FOUND',
      statusCode: 404,
    });
  });
});
