import { describe, expect, it } from 'vitest';
import { documentedRoute, respond } from './support/fake-contract.ts';
import { fakeServer, takeContractBreaks, userBody } from './support/fake-server.ts';

// The fake answers as the API documents (issue 10): a test cannot pass against a server that
// does not exist.
describe('the client tests’ fake server', () => {
  it('refuses a route GET /api/openapi.json does not document', () => {
    expect(() =>
      fakeServer({ 'GET /api/users': respond('GET /api/user', 200, userBody()) }),
    ).toThrow(/GET \/api\/users, which GET \/api\/openapi.json does not document/);
    expect(documentedRoute('GET', '/api/settings/me')).toBe('GET /api/settings/me');
    expect(documentedRoute('GET', '/api/settings/7')).toBe('GET /api/settings/{userId}');
    expect(documentedRoute('GET', '/api/conversations/c1/export')).toBe(
      'GET /api/conversations/{conversationId}/export',
    );
  });

  it('refuses a fixed answer that breaks the route’s schema, or is typed for another route', () => {
    const { isSubscribed: _, ...withoutField } = userBody();
    expect(() => fakeServer({ 'GET /api/user': { status: 200, body: withoutField } })).toThrow(
      /GET \/api\/user breaks the API contract: .*isSubscribed/s,
    );
    expect(() =>
      fakeServer({ 'GET /api/user': { status: 401, body: { message: 'Anmelden' } } }),
    ).toThrow(/GET \/api\/user 401/);
    expect(() =>
      fakeServer({ 'POST /api/login': respond('GET /api/user', 200, userBody()) }),
    ).toThrow(/typed for GET \/api\/user was given to POST \/api\/login/);
    // @ts-expect-error: the body is typed by the route's shared schema.
    respond('GET /api/user', 200, { id: 'seven' });
  });

  it('fails the test when a handler answers outside the contract', async () => {
    fakeServer({ 'GET /api/user': () => ({ status: 200, body: { id: 'seven' } }) });
    await expect(fetch('/api/user')).rejects.toThrow(/breaks the API contract/);
    // setup.ts fails every test that leaves one of these; this test takes it to say so.
    expect(takeContractBreaks()).toEqual([expect.stringMatching(/^GET \/api\/user 200: /)]);
  });
});
