import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import {
  createConversation,
  createSignedInUser,
  type UserOverrides,
} from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Model access by tier (spec 01-core §6), providers and the admin catalogue (issue #3 §1). */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const paid = (tier: string): UserOverrides => ({
  subscriptionTier: tier,
  subscriptionExpiry: null,
});
let counter = 0;
const mark = () => `[model-${++counter}]`;

async function chatWith(overrides: UserOverrides, model: string) {
  const { cookie, user } = await createSignedInUser(t.db, overrides);
  const marker = mark();
  const response = await sendChat(t.app, cookie, { message: `Hi ${marker}`, model });
  return { response, request: fake.requestWith(marker), cookie, user };
}

describe('model access by tier', () => {
  it.each([
    ['free', {}, ['gpt-4o'], ['gpt-4o-mini', 'gpt-4-turbo', 'gpt-5', 'claude-3-opus']],
    ['premium', paid('premium'), ['gpt-4o'], ['gpt-4o-mini', 'gpt-4-turbo']],
    ['expert', paid('expert'), ['gpt-4o', 'gpt-4o-mini', 'gpt-4-turbo'], ['gpt-5', 'gpt-4-32k']],
    [
      'ultimate',
      paid('ultimate'),
      ['gpt-5', 'gpt-4-vision-preview', 'gpt-4-32k', 'claude-sonnet-4', 'claude-3-opus'],
      [],
    ],
    ['administrator', { isAdmin: true }, ['gpt-5', 'claude-3-7-sonnet'], []],
  ] as const)(
    '%s may use its models and is refused the others',
    async (_tier, overrides, allowed, refused) => {
      for (const model of allowed) {
        const { response } = await chatWith(overrides, model);
        expect({ model, status: response.statusCode }).toEqual({ model, status: 200 });
      }
      for (const model of refused) {
        const { response, request, cookie } = await chatWith(overrides, model);
        expect({ model, status: response.statusCode }).toEqual({ model, status: 403 });
        expect(response.json().code).toBe('PERMISSION_ERROR');
        expect(request).toBeUndefined();
        const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
        expect(list.json()).toEqual([]);
      }
    },
  );

  it('leaves an existing conversation as it was when a message is refused', async () => {
    const { cookie, user } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      messages: ['Hallo', 'Hallo!'],
    });
    const get = async (url: string) => (await api(t.app, { method: 'GET', url, cookie })).json();
    const read = async () => ({
      list: await get('/api/conversations'),
      messages: await get(`/api/messages/${conversation.conversationId}`),
    });
    const before = await read();
    const marker = mark();
    const response = await sendChat(t.app, cookie, {
      message: `Hi ${marker}`,
      model: 'gpt-5',
      conversationId: conversation.conversationId,
    });
    expect(response.statusCode).toBe(403);
    expect(fake.requestWith(marker)).toBeUndefined();
    // No message, no new place at the top of the list, no other persona.
    expect(await read()).toEqual(before);
  });

  it('refuses an unknown model with 400', async () => {
    const { response } = await chatWith({}, 'gpt-99');
    expect(response.statusCode).toBe(400);
  });

  it('falls back to the default model when the stored setting is no longer on the plan', async () => {
    const { cookie, user } = await createSignedInUser(t.db, paid('expert'));
    await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { aiModel: 'gpt-4o-mini' },
    });
    const marker = mark();
    await sendChat(t.app, cookie, { message: `Mini ${marker}` });
    expect(fake.requestWith(marker)!.body.model).toBe('gpt-4o-mini');
    // The subscription lapses: the setting stays, the default answers.
    const { users } = await import('#server/db/schema/users.ts');
    await t.db
      .update(users)
      .set({ subscriptionExpiry: new Date('2020-01-01') })
      .where(eq(users.id, user.id));
    const lapsed = mark();
    expect((await sendChat(t.app, cookie, { message: `Lapsed ${lapsed}` })).statusCode).toBe(200);
    expect(fake.requestWith(lapsed)!.body.model).toBe('gpt-4o');
  });
});

describe('providers', () => {
  it('calls Anthropic Messages for Claude with the upstream model name and the system prompt', async () => {
    const { response, request } = await chatWith(paid('ultimate'), 'claude-3-7-sonnet');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({
      content: 'Hello from the fake model.',
      model: 'claude-3-7-sonnet',
    });
    expect(request).toMatchObject({ provider: 'anthropic', path: '/v1/messages' });
    expect(request!.body.model).toBe('claude-3-7-sonnet-20250219');
    expect(String(JSON.stringify(request!.body.system))).toContain('Persona42');
    expect(request!.headers['x-api-key']).toBe('test-anthropic-key');
  });

  it('calls Perplexity at its base URL without /v1', async () => {
    const { response, request } = await chatWith(
      paid('ultimate'),
      'llama-3.1-sonar-large-128k-online',
    );
    expect(response.statusCode).toBe(200);
    expect(request).toMatchObject({ provider: 'openai', path: '/chat/completions' });
    expect(request!.body.model).toBe('sonar');
    expect(request!.headers.authorization).toBe('Bearer test-perplexity-key');
  });

  it('calls OpenAI Chat Completions with the key', async () => {
    const { request } = await chatWith({}, 'gpt-4o');
    expect(request).toMatchObject({ provider: 'openai', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer test-openai-key');
    expect(request!.body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(request!.body.messages![0]!.role).toBe('system');
  });

  it('gives a reasoning model (GPT-5) the system prompt as a developer message', async () => {
    const { response, request } = await chatWith({ isAdmin: true }, 'gpt-5');
    expect(response.statusCode).toBe(200);
    const [first] = request!.body.messages!;
    expect(first!.role).toBe('developer');
    expect(first!.content).toContain('Persona42');
  });
});

describe('GET /api/models', () => {
  it('lists every model with whether the plan includes it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const body = (await api(t.app, { method: 'GET', url: '/api/models', cookie })).json();
    expect(body.offline).toBe(false);
    const byId = Object.fromEntries(body.models.map((model: { id: string }) => [model.id, model]));
    expect(byId['gpt-4o']).toMatchObject({
      name: 'GPT-4o',
      allowed: true,
      available: true,
      reason: null,
      provider: 'openai',
    });
    expect(byId['gpt-5']).toMatchObject({
      allowed: false,
      available: true,
      reason: 'Requires the ultimate plan',
    });
    expect(byId.offline).toBeUndefined();
  });
});

describe('admin catalogue', () => {
  const admin = () => createSignedInUser(t.db, { isAdmin: true });

  it('adds a model of an OpenAI-compatible server that users can pick', async () => {
    const { cookie: adminCookie } = await admin();
    const put = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/llama3.1:8b',
      cookie: adminCookie,
      payload: {
        displayName: 'Llama 3.1 8B',
        provider: 'openai-compatible',
        upstreamModel: 'llama3.1:8b',
        minTier: 'free',
        inputPricePerMillion: 1,
        outputPricePerMillion: 2,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: 'llama3.1:8b', origin: 'custom', configured: true });

    const { response, request, user } = await chatWith({}, 'llama3.1:8b');
    expect(response.statusCode).toBe(200);
    expect(request!.body.model).toBe('llama3.1:8b');
    const [usage] = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    // The fake reports 11 input and 5 output tokens: 11 × 1 + 5 × 2 per million.
    expect(usage).toMatchObject({
      model: 'llama3.1:8b',
      inputTokens: 11,
      outputTokens: 5,
      cost: '0.000021',
    });

    const list = await api(t.app, { method: 'GET', url: '/api/admin/models', cookie: adminCookie });
    expect(list.json().map((model: { id: string }) => model.id)).toContain('llama3.1:8b');
    expect(
      (
        await api(t.app, {
          method: 'DELETE',
          url: '/api/admin/models/llama3.1:8b',
          cookie: adminCookie,
        })
      ).statusCode,
    ).toBe(204);
    expect((await chatWith({}, 'llama3.1:8b')).response.statusCode).toBe(400);
  });

  it('answers with an added model the user saved as their default', async () => {
    const { cookie: adminCookie } = await admin();
    const put = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/mistral-local',
      cookie: adminCookie,
      payload: {
        displayName: 'Mistral (local)',
        provider: 'openai-compatible',
        upstreamModel: 'mistral:7b-instruct',
        minTier: 'free',
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const { cookie, user } = await createSignedInUser(t.db);
    const saved = await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { aiModel: 'mistral-local' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const marker = mark();
    const response = await sendChat(t.app, cookie, { message: `Hi ${marker}` });
    expect(response.statusCode).toBe(200);
    expect(fake.requestWith(marker)!.body.model).toBe('mistral:7b-instruct');
  });

  it('maps a built-in model to another upstream model and back', async () => {
    const { cookie: adminCookie } = await admin();
    const put = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/gpt-4o',
      cookie: adminCookie,
      payload: { upstreamModel: 'gpt-4o-2024-11-20' },
    });
    expect(put.json()).toMatchObject({
      id: 'gpt-4o',
      name: 'GPT-4o',
      origin: 'override',
      minTier: 'free',
    });
    expect((await chatWith({}, 'gpt-4o')).request!.body.model).toBe('gpt-4o-2024-11-20');
    await api(t.app, { method: 'DELETE', url: '/api/admin/models/gpt-4o', cookie: adminCookie });
    expect((await chatWith({}, 'gpt-4o')).request!.body.model).toBe('gpt-4o');
  });

  it('validates the entry', async () => {
    const { cookie } = await admin();
    const missing = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/new-model',
      cookie,
      payload: { displayName: 'New' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details)).toEqual(['provider', 'upstreamModel']);
    const reserved = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/offline',
      cookie,
      payload: {},
    });
    expect(reserved.statusCode).toBe(400);
    const unknown = await api(t.app, {
      method: 'DELETE',
      url: '/api/admin/models/never-added',
      cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a provider that is not configured', () => {
  let only: TestContext;
  beforeAll(async () => {
    only = await createTestApp({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${fake.url}/v1` });
  });
  afterAll(() => only.close());

  it('lists its models as unavailable with the reason and refuses them with 503, storing nothing', async () => {
    const { cookie } = await createSignedInUser(only.db, paid('ultimate'));
    const models = (await api(only.app, { method: 'GET', url: '/api/models', cookie })).json();
    const claude = models.models.find((model: { id: string }) => model.id === 'claude-3-opus');
    expect(claude).toMatchObject({
      allowed: true,
      available: false,
      reason: 'ANTHROPIC_API_KEY is not set',
    });
    const response = await sendChat(only.app, cookie, { message: 'Hi', model: 'claude-3-opus' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'API_ERROR',
      details: { reason: 'ANTHROPIC_API_KEY is not set' },
    });
    expect(
      (await api(only.app, { method: 'GET', url: '/api/conversations', cookie })).json(),
    ).toEqual([]);
  });
});
