import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvents } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Decision 302: JSON answers of 1 KB and more go gzipped to clients that take gzip. */
const APP_ORIGIN = 'https://app.example.com';
let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: APP_ORIGIN }, (app) => {
    // Answers no route gives today, so the hook's edges are tested: a large answer (compressed
    // on the thread pool), a Vary set as a list, and a later onSend hook that fails.
    app.get('/test/large', async () => ({ rows: LARGE_ROWS }));
    app.get('/test/vary-list', async (_request, reply) => {
      void reply.header('vary', ['Origin', 'Cookie']);
      return { rows: LARGE_ROWS.slice(0, 50) };
    });
    app.get(
      '/test/failing-hook',
      {
        // Fails on the compressed body only, so the error envelope that replaces it passes.
        onSend: async (_request, _reply, payload) => {
          if (Buffer.isBuffer(payload)) throw new Error('a hook after compression failed');
          return payload;
        },
      },
      async () => ({ rows: LARGE_ROWS }),
    );
  });
  // A subscriber's list holds every built-in persona, each in six languages.
  ({ cookie } = await createSignedInUser(t.db, {
    subscriptionTier: 'expert',
    subscriptionExpiry: null,
  }));
});
afterAll(() => t.close());

const BROWSER = 'gzip, deflate, br, zstd';
const LARGE_ROWS = Array.from({ length: 3000 }, (_, id) => ({ id, text: `row ${id}` }));
const personas = (acceptEncoding?: string, headers: Record<string, string> = {}) =>
  api(t.app, {
    method: 'GET',
    url: '/api/personas',
    cookie,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
  });

describe('JSON answers', () => {
  it('sends the personas list gzipped to a browser, the same list in less than half the bytes', async () => {
    const plain = await personas();
    const compressed = await personas(BROWSER);

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('tells caches that the answer depends on Accept-Encoding, keeping the Origin it varies on', async () => {
    expect((await personas()).headers.vary).toBe('Accept-Encoding');
    const crossOrigin = await personas(BROWSER, { origin: APP_ORIGIN });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(crossOrigin.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it.each([
    ['gzip;q=0, br', undefined],
    ['identity', undefined],
    ['br', undefined],
    ['*', 'gzip'],
    ['*, gzip;q=0', undefined],
    ['GZIP;q=0.5', 'gzip'],
  ])('honours Accept-Encoding %j', async (acceptEncoding, expected) => {
    const answer = await personas(acceptEncoding);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(Array.isArray(JSON.parse(decoded(answer)))).toBe(true);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const user = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      cookie,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(user.statusCode).toBe(200);
    expect(user.headers['content-encoding']).toBeUndefined();
    expect(user.headers.vary).toBe('Accept-Encoding');
    expect(user.json()).toMatchObject({ username: expect.any(String) as string });
  });
});

describe('edges of the hook', () => {
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': BROWSER } });

  it('compresses an answer too large for the event loop on the thread pool, intact', async () => {
    const answer = await get('/test/large');
    expect(answer.rawPayload.length).toBeGreaterThan(0);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(answer))).toEqual({ rows: LARGE_ROWS });
  });

  it('adds Accept-Encoding to a Vary given as a list, keeping its names', async () => {
    const answer = await get('/test/vary-list');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Origin, Cookie, Accept-Encoding');
  });

  it('sends a readable error envelope when a hook after compression fails', async () => {
    const answer = await get('/test/failing-hook');
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(decoded(answer))).toMatchObject({ statusCode: 500, code: 'SERVER_ERROR' });
  });
});

describe('a streamed reply', () => {
  it('is never compressed: every event reaches the browser as it is written', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/chat',
      cookie,
      payload: { message: 'Hallo', conversationId: null },
      headers: { accept: 'text/event-stream', 'accept-encoding': BROWSER },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(parseEvents(response.body).map((event) => event.event)).toContain('done');
  });
});

function decoded(answer: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  return answer.headers['content-encoding'] === 'gzip'
    ? gunzipSync(answer.rawPayload).toString('utf8')
    : answer.rawPayload.toString('utf8');
}
