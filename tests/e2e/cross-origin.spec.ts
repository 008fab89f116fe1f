import { createServer, type Server } from 'node:http';
import { PASSWORD, uniqueUsername } from './support/accounts.ts';
import { E2E_BASE_URL, E2E_CROSS_ORIGIN, E2E_PORT } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue #4 item 8: a page served from another origin that is on the server's ALLOWED_ORIGINS
 * (as the native app's WebView is) logs in and uses the API with its session, the way the client
 * does (credentials included, X-Requested-With marker).
 */
let other: Server;

test.beforeAll(async () => {
  other = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Other origin</title><h1>WebView</h1>');
  });
  await new Promise<void>((resolve) => other.listen(E2E_PORT + 1, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => other.close(resolve));
});

interface CallResult {
  status: number;
  body: unknown;
}

test('a page on an allowed origin logs in and chats with the session cookie', async ({ page }) => {
  await page.goto(`${E2E_CROSS_ORIGIN}/`);
  const username = uniqueUsername('native');

  const call = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ base, method, path, body }) => {
        const response = await fetch(`${base}${path}`, {
          method,
          credentials: 'include',
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            'Cache-Control': 'no-cache',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
      },
      { base: E2E_BASE_URL, method, path, body },
    ) as Promise<CallResult>;

  expect((await call('POST', '/api/register', { username, password: PASSWORD })).status).toBe(201);
  expect((await call('POST', '/api/logout')).status).toBe(200);

  const login = await call('POST', '/api/login', { username, password: PASSWORD });
  expect(login.status).toBe(200);
  expect(login.body).toMatchObject({ username });

  // The httpOnly cookie is invisible to the page but sent with its requests.
  expect(await page.evaluate('document.cookie')).toBe('');
  const settings = await call('GET', '/api/settings/me');
  expect(settings.status).toBe(200);
  expect(settings.body).toMatchObject({ theme: 'dunkel', language: 'de' });

  const chat = await call('POST', '/api/chat', {
    message: 'Hallo aus der App',
    conversationId: '',
  });
  expect(chat.status).toBe(200);
  const reply = chat.body as { conversationId: string; message: { content: string } };
  expect(reply.conversationId).toEqual(expect.any(String));
  expect(reply.message.content.length).toBeGreaterThan(0);
});
