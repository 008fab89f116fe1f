import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { personas } from '#server/db/schema/personas.ts';
import { users } from '#server/db/schema/users.ts';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser, type UserOverrides } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/**
 * The OpenAI-compatible API (issue #12 item 3) through the official `openai` client against the
 * real server on 127.0.0.1, with a fake provider behind the chat engine.
 */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;
beforeAll(async () => {
  ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true }));
  fake.when('[api-plain]', {
    chunks: ['Hello', ' from', ' the', ' API'],
    usage: { input: 20, output: 4 },
  });
  fake.when('[api-broken]', { chunks: ['Half', ' a', ' reply'], failAfterChunks: 2 });
  fake.when('[api-flood]', {
    chunks: ['Start'],
    flood: { kind: 'chunks', text: 'spam '.repeat(200) },
  });
  fake.when('[api-huge]', { chunks: ['Expensive'], usage: { input: 400_000, output: 400_000 } });
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

const paid = (tier: string): UserOverrides => ({
  subscriptionTier: tier,
  subscriptionExpiry: null,
});
const ALL_SCOPES = ['models:read', 'chat:write'];

async function createKey(cookie: string, body: object = {}) {
  return api(t.app, {
    method: 'POST',
    url: '/api/api-keys',
    cookie,
    payload: { name: 'Laptop', scopes: ALL_SCOPES, expiresInDays: 30, ...body },
  });
}

/** An Expert user with a key (all scopes unless given) and an OpenAI client for it. */
async function expertWithKey(scopes = ALL_SCOPES, tier = 'expert') {
  const { user, cookie } = await createSignedInUser(t.db, paid(tier));
  const response = await createKey(cookie, { scopes });
  expect(response.statusCode).toBe(201);
  const created = response.json<CreatedApiKey>();
  return { user, cookie, created, client: clientFor(created.key) };
}

function clientFor(key: string) {
  return new OpenAI({ apiKey: key, baseURL: `${baseUrl}/api/v1`, maxRetries: 0 });
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<typeof OpenAI.APIError>;
  }
  throw new Error('expected the call to fail');
}

const ask = (client: OpenAI, content: string, extra: object = {}) =>
  client.chat.completions.create({
    model: 'gpt-4o',
    messages: [{ role: 'user', content }],
    ...extra,
  });

describe('personal API keys', () => {
  it('shows the key once and stores only its SHA-256 hash and prefix', async () => {
    const { user, cookie, created } = await expertWithKey();
    expect(created.key).toMatch(/^sk-orbit-[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({
      name: 'Laptop',
      scopes: ALL_SCOPES,
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(9));

    const listed = await api(t.app, { method: 'GET', url: '/api/api-keys', cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.key.slice(9));
    const { key: _key, ...shown } = created;
    expect(listed.json()).toEqual({ keys: [shown] });
  });

  it('refuses plans without API access with 403 PERMISSION_ERROR', async () => {
    for (const tier of ['free', 'premium']) {
      const { cookie } = await createSignedInUser(t.db, paid(tier));
      const response = await createKey(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR' });
    }
  });

  it('validates name, scopes and expiry', async () => {
    const { cookie } = await createSignedInUser(t.db, paid('ultimate'));
    for (const body of [
      { name: ' ' },
      { scopes: [] },
      { scopes: ['admin'] },
      { scopes: ['chat:write', 'chat:write'] },
      { expiresInDays: 0 },
      { expiresInDays: 366 },
    ]) {
      expect((await createKey(cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("revokes one's own key; another user's is a 404", async () => {
    const { cookie, created, client } = await expertWithKey();
    const other = await createSignedInUser(t.db, paid('expert'));
    const foreign = await api(t.app, {
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      cookie: other.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await client.models.list()).data.length).toBeGreaterThan(0);

    const revoked = await api(t.app, {
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      cookie,
    });
    expect(revoked.statusCode).toBe(204);
    const error = await errorOf(client.models.list());
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    const [listed] = (await api(t.app, { method: 'GET', url: '/api/api-keys', cookie })).json<{
      keys: { revokedAt: string | null }[];
    }>().keys;
    expect(listed!.revokedAt).not.toBeNull();
  });
});

describe('GET /api/v1/models', () => {
  it("lists the models of the owner's plan in OpenAI's list shape", async () => {
    const { client } = await expertWithKey();
    const models = await client.models.list();
    const ids = models.data.map((model) => model.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'gpt-4-turbo']));
    expect(ids).not.toContain('gpt-5');
    expect(models.data[0]).toMatchObject({ object: 'model', owned_by: 'openai' });
    const ultimate = await expertWithKey(ALL_SCOPES, 'ultimate');
    expect((await ultimate.client.models.list()).data.map((model) => model.id)).toContain('gpt-5');
  });
});

describe('POST /api/v1/chat/completions', () => {
  it('answers a non-streamed completion and records its token_usage', async () => {
    const { user, client } = await expertWithKey();
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Hi [api-plain]' },
      ],
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: 'Hello from the API' },
        },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 },
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    // The client's messages reach the model as sent, with no stored history or instructions.
    const upstream = fake.requestWith('Hi [api-plain]')!;
    expect(upstream.body.messages!.map((message) => message.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(upstream.body.messages![0])).toContain('Answer briefly.');

    const rows = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      model: 'gpt-4o',
      conversationId: null,
      inputTokens: 20,
      outputTokens: 4,
      status: 'success',
      cost: '0.000090',
    });
    const [key] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(key!.lastUsedAt).not.toBeNull();
  });

  it('streams chunks in the wire format, with usage when asked', async () => {
    const { client } = await expertWithKey();
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream [api-plain]' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Hello from the API');
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toEqual({
      prompt_tokens: 20,
      completion_tokens: 4,
      total_tokens: 24,
    });
  });

  it('ends a stream that fails upstream with an error event, and records the failed call', async () => {
    const { user, client } = await expertWithKey();
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Break [api-broken]' }],
      stream: true,
    });
    let text = '';
    const failure = await errorOf(
      (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      })(),
    );
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(text).toBe('Half a');
    const [row] = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(row).toMatchObject({ status: 'error', conversationId: null });
  });

  it('ends an upstream that floods with a clear error and closes it', async () => {
    const { user, client } = await expertWithKey();
    const failure = await errorOf(
      client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Flood [api-flood]' }],
      }),
    );
    expect(failure.status).toBe(502);
    expect(failure.message).toContain('The AI service sent a reply that is too long');
    const request = fake.requestWith('Flood [api-flood]')!;
    await request.finished;
    expect(request.closedByClient).toBe(true);
    const [row] = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(row).toMatchObject({ status: 'error', conversationId: null });
  });

  it('answers as one of the owner’s personas (orbit_persona_id)', async () => {
    const { user, client } = await expertWithKey();
    const [persona] = await t.db
      .insert(personas)
      .values({
        userId: user.id,
        name: 'Pirate',
        description: 'Arr',
        systemPrompt: 'You are a pirate.',
        icon: 'sparkles',
        color: '#8b5cf6',
      })
      .returning({ id: personas.id });
    await ask(client, 'Ahoy [api-plain]', { orbit_persona_id: persona!.id });
    const upstream = fake.requestWith('Ahoy [api-plain]')!;
    expect(JSON.stringify(upstream.body.messages![0])).toContain('You are a pirate.');

    const stranger = await expertWithKey();
    const error = await errorOf(ask(stranger.client, 'Ahoy', { orbit_persona_id: persona!.id }));
    expect(error.status).toBe(404);
  });

  it('refuses models above the plan (403) and unknown ones (404 model_not_found)', async () => {
    const { client } = await expertWithKey();
    const above = await errorOf(ask(client, 'Hi', { model: 'gpt-5' }));
    expect(above).toBeInstanceOf(OpenAI.PermissionDeniedError);
    const unknown = await errorOf(ask(client, 'Hi', { model: 'no-such-model' }));
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('model_not_found');
  });
});

describe('who may call /api/v1', () => {
  it('answers 401 invalid_api_key in OpenAI’s shape for an unknown key', async () => {
    const error = await errorOf(clientFor('sk-orbit-not-a-real-key').models.list());
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.error).toEqual({
      message: 'Invalid API key',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });
  });

  it('refuses an expired key', async () => {
    const { created, client } = await expertWithKey();
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.id));
    expect((await errorOf(ask(client, 'Hi'))).status).toBe(401);
  });

  it('stops a suspended owner’s keys at once, and takes them back after unsuspension', async () => {
    const { user, client } = await expertWithKey();
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const adminCall = (action: 'suspend' | 'unsuspend') =>
      api(t.app, {
        method: 'POST',
        url: `/api/admin/users/${user.id}/${action}`,
        cookie: admin.cookie,
        payload: action === 'suspend' ? { reason: 'API abuse' } : {},
      });
    expect((await adminCall('suspend')).statusCode).toBe(200);
    const error = await errorOf(client.models.list());
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.code).toBe('invalid_api_key');
    expect((await adminCall('unsuspend')).statusCode).toBe(200);
    expect((await client.models.list()).data.length).toBeGreaterThan(0);
  });

  it('refuses text PostgreSQL cannot store with 400 in OpenAI’s shape, naming the field', async () => {
    const { client } = await expertWithKey();
    for (const content of ['Hi\u0000there', 'Hi \uD800 there']) {
      const error = await errorOf(ask(client, content));
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error.error).toMatchObject({ type: 'invalid_request_error' });
      expect(JSON.stringify(error.error)).toContain('messages');
    }
  });

  it('needs the scope of the route (403)', async () => {
    const reader = await expertWithKey(['models:read']);
    const error = await errorOf(ask(reader.client, 'Hi'));
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error.code).toBe('missing_scope');
    const writer = await expertWithKey(['chat:write']);
    expect((await errorOf(writer.client.models.list())).status).toBe(403);
    expect((await ask(writer.client, 'Hi [api-plain]')).choices[0]!.message.content).toBe(
      'Hello from the API',
    );
  });

  it('refuses the key of an owner whose plan lost API access (premium: 403)', async () => {
    const { user, client } = await expertWithKey();
    await t.db.update(users).set({ subscriptionTier: 'premium' }).where(eq(users.id, user.id));
    const error = await errorOf(client.models.list());
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error.code).toBe('plan_without_api_access');
  });

  it('never takes a session cookie, and needs no X-Requested-With with a key', async () => {
    const { cookie, created } = await expertWithKey();
    const withCookie = await api(t.app, { method: 'GET', url: '/api/v1/models', cookie });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/completions',
      headers: { authorization: `Bearer ${created.key}` },
      payload: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Bare [api-plain]' }] },
    });
    expect(bare.statusCode).toBe(200);
  });
});

describe('quotas shared with the web chat', () => {
  it('counts API usage against the token limits the web chat checks', async () => {
    const { cookie, client } = await expertWithKey();
    await ask(client, 'Spend [api-huge]');
    // Expert: 750,000 tokens a day; the API call used 800,000.
    const refused = await sendChat(t.app, cookie, { message: 'Still there?' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED_ERROR' });
    expect(refused.json().message).toContain('Daily token limit reached');
  });

  it('refuses the API with 429 insufficient_quota once the web chat used the limit up', async () => {
    const { cookie, client } = await expertWithKey();
    expect((await sendChat(t.app, cookie, { message: 'Spend [api-huge]' })).statusCode).toBe(200);
    const error = await errorOf(ask(client, 'Hi'));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.code).toBe('insufficient_quota');
    expect(error.message).toContain('Daily token limit reached');
  });
});
