import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/explode', { config: { access: 'public' } }, () => {
      throw new Error('internal detail /srv/secret/path');
    });
    app.get('/api/test/reject', { config: { access: 'public' } }, () =>
      Promise.reject(new TypeError('cannot read properties of undefined')),
    );
  });
});
afterAll(() => t.close());

function expectEnvelope(body: string, statusCode: number, code: string) {
  const envelope = ErrorEnvelopeSchema.parse(JSON.parse(body));
  expect(envelope).toMatchObject({ statusCode, code });
  expect(body).not.toMatch(/"stack"|at .+\(.+:\d+:\d+\)/);
  return envelope;
}

describe('the one error envelope', () => {
  it('answers malformed JSON with a 400, not a crash', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", ',
    });
    expect(response.statusCode).toBe(400);
    expect(expectEnvelope(response.body, 400, 'VALIDATION_ERROR').message).toBe(
      'Malformed JSON body',
    );
  });

  it('answers wrong types with per-field details', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    const envelope = expectEnvelope(response.body, 400, 'VALIDATION_ERROR');
    expect(Object.keys(envelope.details as object)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('refuses bodies over 1 MB with a 413', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(1024 * 1024 + 10), password: 'x' }),
    });
    expect(response.statusCode).toBe(413);
    expectEnvelope(response.body, 413, 'VALIDATION_ERROR');
  });

  it('refuses content types it does not parse with a 415', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><username>x</username></login>',
    });
    expect(response.statusCode).toBe(415);
    expectEnvelope(response.body, 415, 'VALIDATION_ERROR');
  });

  it('hides unexpected failures behind a generic 500 and keeps serving', async () => {
    for (const url of ['/api/test/explode', '/api/test/reject']) {
      const response = await api(t.app, { method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const envelope = expectEnvelope(response.body, 500, 'SERVER_ERROR');
      expect(envelope.message).toBe('Internal server error');
      expect(response.body).not.toContain('/srv/secret/path');
    }
    expect((await api(t.app, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers every unknown API method and path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await api(t.app, { method, url: '/api/unknown/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expectEnvelope(response.body, 404, 'NOT_FOUND');
    }
  });
});
