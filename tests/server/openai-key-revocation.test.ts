import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { SLOW_REPLY, SLOW_REPLY_SCRIPT } from '#tests/support/fake-ai/script.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * A key is checked when a call starts; these calls outlive that check. Revoking the key (by its
 * owner or an administrator) or suspending its owner must end what is still open, and the limit
 * of 20 active keys must hold against parallel requests (decision 337).
 */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;
beforeAll(async () => {
  ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true }));
  fake.when('[slow]', SLOW_REPLY_SCRIPT);
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

async function expertWithKey() {
  const { user, cookie } = await createSignedInUser(t.db, {
    subscriptionTier: 'expert',
    subscriptionExpiry: null,
  });
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/api-keys',
    cookie,
    payload: { name: 'Laptop', scopes: ['models:read', 'chat:write'], expiresInDays: 30 },
  });
  expect(response.statusCode).toBe(201);
  const created = response.json<CreatedApiKey>();
  return { user, cookie, created };
}

const clientFor = (key: string, maxRetries = 0) =>
  new OpenAI({ apiKey: key, baseURL: `${baseUrl}/api/v1`, maxRetries });

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<typeof OpenAI.APIError>;
  }
  throw new Error('expected the call to fail');
}

/** Streams a slow reply; `whileOpen` runs once the first words arrived. Returns the text read. */
async function streamUntilEnded(key: string, marker: string, whileOpen: () => Promise<void>) {
  const stream = await clientFor(key).chat.completions.create({
    model: 'gpt-4o',
    messages: [{ role: 'user', content: `Tell me ${marker} [slow]` }],
    stream: true,
  });
  let text = '';
  let acted = false;
  const failure = await errorOf(
    (async () => {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (!acted && text !== '') {
          acted = true;
          await whileOpen();
        }
      }
    })(),
  );
  return { failure, text };
}

/** The call's token_usage row, once the stopped model call has written it. */
const usageOf = (userId: number) =>
  until(
    () => t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId)),
    (rows) => rows.length > 0,
  );

describe('calls open when their key stops being valid', () => {
  it('ends a stream whose key its owner revokes, stops the model call and records its usage', async () => {
    const { user, cookie, created } = await expertWithKey();
    const { failure, text } = await streamUntilEnded(created.key, 'owner-revoke', async () => {
      const revoked = await api(t.app, {
        method: 'DELETE',
        url: `/api/api-keys/${created.id}`,
        cookie,
      });
      expect(revoked.statusCode).toBe(204);
    });
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(failure.code).toBe('invalid_api_key');
    expect(failure.message).toContain('This API key is no longer valid');
    expect(text.length).toBeLessThan(SLOW_REPLY.length);

    const upstream = fake.requestWith('owner-revoke')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    const [row] = await usageOf(user.id);
    expect(row).toMatchObject({ status: 'stopped', conversationId: null });
  });

  it("ends a stream whose key an administrator revokes, and only that key's", async () => {
    const { created } = await expertWithKey();
    const bystander = await expertWithKey();
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const other = clientFor(bystander.created.key).chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Bystander [slow]' }],
    });
    const { failure } = await streamUntilEnded(created.key, 'admin-revoke', async () => {
      const revoked = await api(t.app, {
        method: 'POST',
        url: `/api/admin/api-keys/${created.id}/revoke`,
        cookie: admin.cookie,
        payload: {},
      });
      expect(revoked.statusCode).toBe(200);
    });
    expect(failure.code).toBe('invalid_api_key');
    expect((await other).choices[0]!.message.content).toBe(SLOW_REPLY);
  });

  it('ends a stream whose owner is suspended', async () => {
    const { user, created } = await expertWithKey();
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const { failure } = await streamUntilEnded(created.key, 'suspend', async () => {
      const suspended = await api(t.app, {
        method: 'POST',
        url: `/api/admin/users/${user.id}/suspend`,
        cookie: admin.cookie,
        payload: { reason: 'API abuse' },
      });
      expect(suspended.statusCode).toBe(200);
    });
    expect(failure.code).toBe('invalid_api_key');
    const upstream = fake.requestWith('suspend')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
  });

  it('cuts a non-streamed call whose key is revoked; the retry gets 401', async () => {
    const { user, cookie, created } = await expertWithKey();
    // The SDK retries a dropped connection once; that retry meets the revoked key.
    const call = errorOf(
      clientFor(created.key, 1).chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Whole answer please [slow]' }],
      }),
    );
    await until(
      () => fake.requestWith('Whole answer please'),
      (request) => request !== undefined,
    );
    await api(t.app, { method: 'DELETE', url: `/api/api-keys/${created.id}`, cookie });
    const failure = await call;
    expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(failure.code).toBe('invalid_api_key');
    const upstream = fake.requestWith('Whole answer please')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    const [row] = await usageOf(user.id);
    expect(row).toMatchObject({ status: 'stopped' });
  });
});

describe('the limit of active keys', () => {
  it('holds against 30 creations at once: 20 keys, then 409', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: null,
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        api(t.app, {
          method: 'POST',
          url: '/api/api-keys',
          cookie,
          payload: { name: `Key ${index}`, scopes: ['chat:write'], expiresInDays: 7 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    const rows = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows).toHaveLength(20);
  });
});
