import { describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  backoffDelay,
  ContractError,
  getJson,
  HttpError,
  TIMEOUT_MESSAGE,
  TimeoutError,
} from '#client/lib/http.ts';
import { fakeServer } from './support/fake-server.ts';

describe('request helper (spec 01-core §7, §8)', () => {
  it('sends credentials, no-cache headers and the XMLHttpRequest marker', async () => {
    const server = fakeServer({ 'POST /api/client-errors': { status: 201, body: { id: 1 } } });
    await apiRequest('POST', '/api/client-errors', { name: 'x' });
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/client-errors',
      credentials: 'include',
      body: { name: 'x' },
    });
    expect(request!.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
      'content-type': 'application/json',
    });
  });

  it("throws the server's message, else the body text, else the status text", async () => {
    fakeServer({
      'POST /api/register': {
        status: 409,
        body: { message: 'Username taken', code: 'CONFLICT', statusCode: 409 },
      },
    });
    await expect(apiRequest('POST', '/api/register')).rejects.toMatchObject({
      name: 'HttpError',
      status: 409,
      message: 'Username taken',
      code: 'CONFLICT',
    });

    vi.stubGlobal('fetch', async () => new Response('plain failure', { status: 500 }));
    await expect(apiRequest('GET', '/text')).rejects.toMatchObject({ message: 'plain failure' });

    vi.stubGlobal(
      'fetch',
      async () => new Response(null, { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('GET', '/empty')).rejects.toMatchObject({ message: '502 Bad Gateway' });
  });

  it('returns null for an empty body and, when asked, for 401', async () => {
    fakeServer({
      'GET /api/user': {
        status: 401,
        body: { message: 'no', code: 'AUTH_ERROR', statusCode: 401 },
      },
    });
    expect(
      await getJson('/api/user', (s) => s.PublicUserSchema, { on401: 'returnNull' }),
    ).toBeNull();
    await expect(getJson('/api/user', (s) => s.PublicUserSchema)).rejects.toBeInstanceOf(HttpError);
    vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
    expect(await getJson('/api/user', (s) => s.PublicUserSchema)).toBeNull();
  });

  it("checks an answer against the route's shared schema and names what breaks the contract", async () => {
    const user = { id: 7, username: 'anna', displayName: 'Anna', isAdmin: false };
    vi.stubGlobal('fetch', async () => Response.json({ ...user, isSubscribed: 'yes' }));
    const broken = getJson('/api/user', (s) => s.PublicUserSchema);
    await expect(broken).rejects.toBeInstanceOf(ContractError);
    await expect(getJson('/api/user', (s) => s.PublicUserSchema)).rejects.toThrow(/isSubscribed/);
  });

  it('times out after 60 s with the German TimeoutError', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = apiRequest('GET', '/slow');
    const assertion = expect(pending).rejects.toSatisfy(
      (error: unknown) => error instanceof TimeoutError && error.message === TIMEOUT_MESSAGE,
    );
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(TIMEOUT_MESSAGE).toBe(
      'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.',
    );
  });

  it('retries with a backoff of 1 s doubling up to 5 s', async () => {
    expect([0, 1, 2, 3, 4].map(backoffDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
    vi.useFakeTimers();
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return calls < 4 ? new Response(null, { status: 503 }) : new Response('{"ok":true}');
    });
    const pending = apiRequest('GET', '/flaky', undefined, { retries: 3 });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toBe(4);
    expect((await pending).status).toBe(200);
  });
});
