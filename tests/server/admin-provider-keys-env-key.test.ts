import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { providerCredentials } from '#server/db/schema/provider-credentials.ts';
import type { ProviderKeyList, ProviderKeyStatus } from '#shared/admin/provider-keys.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, TEST_SECRET, type TestContext } from '#tests/support/test-app.ts';

/**
 * The environment's provider key goes only to the environment's endpoint (decision 324): an
 * administrator's endpoint gets the administrator's key or none, never the operator's secret.
 * `operator` is the endpoint the environment names, `elsewhere` one an administrator chose.
 */
let t: TestContext;
let operator: FakeAi;
let elsewhere: FakeAi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let chatter: string;
const ENV_KEY = 'sk-operator-env-0123456789-abcd';
const ADMIN_KEY = 'sk-admin-own-0123456789-wxyz';

beforeAll(async () => {
  [operator, elsewhere] = await Promise.all([FakeAi.start(), FakeAi.start()]);
  t = await createTestApp(operator.env({ OPENAI_API_KEY: ENV_KEY }));
  admin = await createSignedInUser(t.db, { isAdmin: true });
  // Ultimate: the Anthropic models are open to it too.
  ({ cookie: chatter } = await createSignedInUser(t.db, {
    subscriptionTier: 'ultimate',
    subscriptionExpiry: null,
  }));
});
afterAll(async () => {
  // Whatever each test did, no request that reached the other host carried the operator's key.
  const leaked = elsewhere.requests.filter((request) =>
    JSON.stringify(request.headers).includes(ENV_KEY),
  );
  expect(leaked).toEqual([]);
  await t.close();
  await Promise.all([operator.close(), elsewhere.close()]);
});

const put = (provider: string, payload: object) =>
  api(t.app, {
    method: 'PUT',
    url: `/api/admin/provider-keys/${provider}`,
    cookie: admin.cookie,
    payload,
  });
const removeOurs = (provider: string) =>
  api(t.app, {
    method: 'DELETE',
    url: `/api/admin/provider-keys/${provider}`,
    cookie: admin.cookie,
  });
const statusOf = (list: ProviderKeyList, provider: string) =>
  list.providers.find((status) => status.provider === provider)!;

describe("the environment's key and an administrator's endpoint", () => {
  it('an endpoint without a key of its own is refused while the environment has a key', async () => {
    for (const provider of ['openai', 'anthropic', 'perplexity']) {
      const refused = await put(provider, { baseUrl: `${elsewhere.url}/v1` });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining("environment's key is only sent"),
        details: { apiKey: [expect.any(String)] },
      });
    }
    expect(await t.db.select().from(providerCredentials)).toEqual([]);

    await sendChat(t.app, chatter, { message: 'Hello [refused-url]' });
    expect(operator.requestWith('[refused-url]')?.headers.authorization).toBe(`Bearer ${ENV_KEY}`);
    expect(elsewhere.requests).toEqual([]);
  });

  it('an endpoint stored without a key before this rule gets no environment key: a clear error instead', async () => {
    // As an install saved before decision 324: endpoints elsewhere, no key of the administrator's.
    await t.db.insert(providerCredentials).values(
      ['openai', 'anthropic', 'perplexity'].map((provider) => ({
        provider,
        baseUrl: `${elsewhere.url}/v1`,
        updatedBy: admin.user.id,
        updatedByUsername: admin.user.username,
      })),
    );
    const app = await buildApp({
      env: t.env,
      database: t.database,
      secret: TEST_SECRET,
      logger: false,
    });
    try {
      await app.ready();
      for (const model of [undefined, 'claude-sonnet-4']) {
        const reply = await sendChat(app, chatter, { message: 'Hello [stored-url]', model });
        expect(reply.statusCode, reply.body).toBe(503);
        expect(reply.json()).toMatchObject({
          code: 'API_ERROR',
          details: { reason: expect.stringContaining("environment's key is only sent") },
        });
      }
      expect(elsewhere.requests).toEqual([]);
      expect(operator.requestWith('[stored-url]')).toBeUndefined();

      const models = await api(app, { method: 'GET', url: '/api/models', cookie: chatter });
      // Not the offline assistant: the provider is set up, and says what is wrong.
      expect(models.json().offline).toBe(false);
      const listed = await api(app, {
        method: 'GET',
        url: '/api/admin/provider-keys',
        cookie: admin.cookie,
      });
      expect(statusOf(listed.json(), 'openai')).toMatchObject({
        apiKey: { configured: false, source: null, last4: null },
        baseUrl: { value: `${elsewhere.url}/v1`, source: 'admin' },
        endpointNeedsKey: true,
      });
    } finally {
      await app.close();
      await t.db.delete(providerCredentials);
    }
  });

  it("an endpoint with the administrator's key gets that key, and the key cannot be removed alone", async () => {
    const set = await put('openai', { apiKey: ADMIN_KEY, baseUrl: `${elsewhere.url}/v1` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ProviderKeyStatus>()).toMatchObject({
      apiKey: { configured: true, source: 'admin', last4: 'wxyz' },
      baseUrl: { value: `${elsewhere.url}/v1`, source: 'admin' },
      endpointNeedsKey: false,
    });
    const reply = await sendChat(t.app, chatter, { message: 'Hello [own-key]' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(elsewhere.requestWith('[own-key]')?.headers.authorization).toBe(`Bearer ${ADMIN_KEY}`);

    // Removing the key alone would leave the endpoint to the environment's key.
    const keyOnly = await put('openai', { apiKey: null });
    expect(keyOnly.statusCode, keyOnly.body).toBe(400);
    expect(keyOnly.json().details).toHaveProperty('apiKey');

    expect((await removeOurs('openai')).statusCode).toBe(200);
    await sendChat(t.app, chatter, { message: 'Hello [back-to-env]' });
    expect(operator.requestWith('[back-to-env]')?.headers.authorization).toBe(`Bearer ${ENV_KEY}`);
  });

  it("the environment's own endpoint needs no key of its own", async () => {
    const same = await put('openai', { baseUrl: `${operator.url}/v1/` });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<ProviderKeyStatus>()).toMatchObject({
      apiKey: { configured: true, source: 'env' },
      endpointNeedsKey: false,
    });
    await sendChat(t.app, chatter, { message: 'Hello [same-url]' });
    expect(operator.requestWith('[same-url]')?.headers.authorization).toBe(`Bearer ${ENV_KEY}`);
    expect((await removeOurs('openai')).statusCode).toBe(200);
  });
});
