import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderCredentials } from '#server/ai/provider-credentials.ts';
import { buildApp } from '#server/app.ts';
import type { AuditActor } from '#server/audit/audit.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { aiModels } from '#server/db/schema/ai.ts';
import { providerCredentials } from '#server/db/schema/provider-credentials.ts';
import { createMemoryPubSub } from '#server/realtime/pubsub.ts';
import { MODEL_CATALOGUE_TOPIC } from '#server/realtime/topics.ts';
import { connectRedis } from '#server/redis.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import type { ProviderKeyList, ProviderKeyStatus } from '#shared/admin/provider-keys.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { cookieHeaderOf } from '#tests/support/auth-helpers.ts';
import { createSignedInUser, DEFAULT_PASSWORD } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, TEST_SECRET, type TestContext } from '#tests/support/test-app.ts';
import { TEST_DB } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

/**
 * Provider keys set in the admin area (issue 12 "api-keys"): used by the next chat, sealed at
 * rest, never returned, unusable (and said so) under another APP_SECRET.
 */
let t: TestContext;
let fake: FakeAi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
const ADMIN_KEY = 'sk-admin-set-0123456789-wxyz';
beforeAll(async () => {
  fake = await FakeAi.start();
  // No provider in the environment: the offline assistant answers until an admin sets one.
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const keys = () =>
  api(t.app, { method: 'GET', url: '/api/admin/provider-keys', cookie: admin.cookie });
const put = (provider: string, payload: object) =>
  api(t.app, {
    method: 'PUT',
    url: `/api/admin/provider-keys/${provider}`,
    cookie: admin.cookie,
    payload,
  });
const statusOf = (list: ProviderKeyList, provider: string) =>
  list.providers.find((status) => status.provider === provider)!;

describe('provider keys in the admin area', () => {
  it('start from the environment: nothing configured, the offline assistant answers', async () => {
    const list = (await keys()).json<ProviderKeyList>();
    expect(list.providers.map((status) => status.provider)).toEqual([
      'openai',
      'anthropic',
      'perplexity',
    ]);
    expect(statusOf(list, 'openai')).toMatchObject({
      apiKey: { configured: false, source: null, last4: null },
      baseUrl: { value: 'https://api.openai.com/v1', source: 'default' },
      updatedAt: null,
    });
    const { cookie } = await createSignedInUser(t.db);
    const models = await api(t.app, { method: 'GET', url: '/api/models', cookie });
    expect(models.json().offline).toBe(true);
  });

  it('take effect for the next chat: the fake provider sees the key, no GET returns it', async () => {
    const response = await put('openai', { apiKey: ADMIN_KEY, baseUrl: `${fake.url}/v1/` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(ADMIN_KEY);
    expect(response.json<ProviderKeyStatus>()).toMatchObject({
      provider: 'openai',
      apiKey: { configured: true, source: 'admin', last4: 'wxyz' },
      baseUrl: { value: `${fake.url}/v1`, source: 'admin' },
      updatedBy: admin.user.username,
      error: null,
    });

    const { cookie } = await createSignedInUser(t.db);
    const reply = await sendChat(t.app, cookie, { message: 'Hello [admin-key]' });
    expect(reply.statusCode, reply.body).toBe(200);
    const request = fake.requestWith('[admin-key]');
    expect(request?.headers.authorization).toBe(`Bearer ${ADMIN_KEY}`);

    for (const url of ['/api/admin/provider-keys', '/api/admin/settings', '/api/models']) {
      const body = (await api(t.app, { method: 'GET', url, cookie: admin.cookie })).body;
      expect(body).not.toContain(ADMIN_KEY);
      expect(body).not.toContain(ADMIN_KEY.slice(0, 12));
    }
  });

  it('are stored sealed: the row holds no plaintext, the audit log not even the sealed value', async () => {
    const [row] = await t.db
      .select()
      .from(providerCredentials)
      .where(eq(providerCredentials.provider, 'openai'));
    expect(row!.apiKeySealed).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(JSON.stringify(row)).not.toContain(ADMIN_KEY);
    expect(JSON.stringify(row)).not.toContain(ADMIN_KEY.slice(0, 12));

    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'provider-key.update'))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      targetType: 'provider_key',
      targetId: 'openai',
      actorId: admin.user.id,
      before: { apiKey: null, baseUrl: null },
      after: { apiKey: '[redacted]', baseUrl: `${fake.url}/v1` },
    });
    expect(JSON.stringify(audit)).not.toContain(row!.apiKeySealed);
  });

  it('under another APP_SECRET cannot be opened: a clear error, and the key counts as unset', async () => {
    const other = await buildApp({
      env: t.env,
      database: t.database,
      secret: 'another-app-secret-that-is-long-enough-000000',
      logger: false,
    });
    try {
      await other.ready();
      // Sessions are keyed by APP_SECRET too: sign in on this instance.
      const cookieOn = async (user: { username: string }) => {
        const login = await api(other, {
          method: 'POST',
          url: '/api/login',
          payload: { username: user.username, password: DEFAULT_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        return cookieHeaderOf(login);
      };
      const adminCookie = await cookieOn(admin.user);
      const listed = await api(other, {
        method: 'GET',
        url: '/api/admin/provider-keys',
        cookie: adminCookie,
      });
      const list = listed.json<ProviderKeyList>();
      expect(statusOf(list, 'openai')).toMatchObject({
        apiKey: { configured: false, source: null, last4: null },
        error: expect.stringContaining('another APP_SECRET'),
      });
      // The endpoint is not a secret and still applies (an OpenAI-compatible server needs no key).
      const { user } = await createSignedInUser(t.db);
      await sendChat(other, await cookieOn(user), { message: 'Hello [wrong-secret]' });
      const request = fake.requestWith('[wrong-secret]');
      expect(request?.headers.authorization).not.toContain(ADMIN_KEY);
    } finally {
      await other.close();
    }
  });

  it('reach an instance that missed the notice within its refresh', async () => {
    const actor: AuditActor = {
      userId: admin.user.id,
      username: admin.user.username,
      ipAddress: null,
      userAgent: null,
      requestId: null,
    };
    const silent = { warn() {}, error() {} } as never;
    const deps = { db: t.db, env: {}, secrets: createSecrets(TEST_SECRET), log: silent };
    const a = await createProviderCredentials({ ...deps, pubsub: createMemoryPubSub() });
    const deaf = await createProviderCredentials({
      ...deps,
      pubsub: createMemoryPubSub(),
      refreshMs: 200,
    });
    try {
      await a.update(actor, 'anthropic', { apiKey: 'sk-ant-refresh-0123456789' });
      expect(a.current().ANTHROPIC_API_KEY).toBe('sk-ant-refresh-0123456789');
      await until(
        () => deaf.current().ANTHROPIC_API_KEY,
        (key) => key === 'sk-ant-refresh-0123456789',
        { attempts: 120 },
      );
      await a.remove(actor, 'anthropic');
    } finally {
      await Promise.all([a.close(), deaf.close()]);
    }
  });

  it('removed, fall back to the environment (here: none, so offline again)', async () => {
    const removed = await api(t.app, {
      method: 'DELETE',
      url: '/api/admin/provider-keys/openai',
      cookie: admin.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ProviderKeyStatus>().apiKey).toEqual({
      configured: false,
      source: null,
      last4: null,
    });
    const again = await api(t.app, {
      method: 'DELETE',
      url: '/api/admin/provider-keys/openai',
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
    const { cookie } = await createSignedInUser(t.db);
    const models = await api(t.app, { method: 'GET', url: '/api/models', cookie });
    expect(models.json().offline).toBe(true);
  });

  it('refuse an unknown provider, a bad URL and unknown fields', async () => {
    expect((await put('mistral', { apiKey: 'x' })).statusCode).toBe(400);
    const badUrl = await put('openai', { baseUrl: 'ftp://example.com' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().code).toBe('VALIDATION_ERROR');
    expect((await put('openai', { apiKey: 'sk-x', extra: 1 })).statusCode).toBe(400);
  });
});

describe('an environment key', () => {
  it('shows as configured from env with its last four characters, and an admin key overrides it', async () => {
    const withEnv = await createTestApp(fake.env());
    try {
      const owner = await createSignedInUser(withEnv.db, { isAdmin: true });
      const get = () =>
        api(withEnv.app, { method: 'GET', url: '/api/admin/provider-keys', cookie: owner.cookie });
      const before = statusOf((await get()).json(), 'anthropic');
      expect(before.apiKey).toEqual({ configured: true, source: 'env', last4: '-key' });
      const set = await api(withEnv.app, {
        method: 'PUT',
        url: '/api/admin/provider-keys/anthropic',
        cookie: owner.cookie,
        payload: { apiKey: 'sk-ant-admin-0123456789-lmno' },
      });
      expect(set.json<ProviderKeyStatus>().apiKey.source).toBe('admin');
      const { cookie } = await createSignedInUser(withEnv.db, {
        subscriptionTier: 'ultimate',
        subscriptionExpiry: null,
      });
      await sendChat(withEnv.app, cookie, { message: 'Hi [ant-admin]', model: 'claude-sonnet-4' });
      expect(fake.requestWith('[ant-admin]')?.headers['x-api-key']).toBe(
        'sk-ant-admin-0123456789-lmno',
      );
    } finally {
      await withEnv.close();
    }
  });
});

describe.runIf(TEST_DB === 'postgres')('two instances on one Redis', () => {
  it('a key set on one instance is used by the next chat on the other at once', async () => {
    const env = {
      ...t.env,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `orbit-test-${randomBytes(6).toString('hex')}:`,
    };
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const redis = await connectRedis(env.REDIS_URL, env.REDIS_PREFIX);
        const app = await buildApp({
          env,
          database: t.database,
          redis,
          secret: TEST_SECRET,
          logger: false,
        });
        await app.ready();
        return { app, redis };
      }),
    );
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    try {
      const set = await api(a.app, {
        method: 'PUT',
        url: '/api/admin/provider-keys/openai',
        cookie: admin.cookie,
        payload: { apiKey: 'sk-redis-0123456789-abcd', baseUrl: `${fake.url}/v1` },
      });
      expect(set.statusCode, set.body).toBe(200);
      const { cookie } = await createSignedInUser(t.db);
      await until(
        async () => (await sendChat(b.app, cookie, { message: 'Hi [redis]' })).statusCode,
        () => fake.requestWith('[redis]') !== undefined,
        { attempts: 20 },
      );
      expect(fake.requestWith('[redis]')?.headers.authorization).toBe(
        'Bearer sk-redis-0123456789-abcd',
      );
      await api(a.app, {
        method: 'DELETE',
        url: '/api/admin/provider-keys/openai',
        cookie: admin.cookie,
      });
    } finally {
      for (const { app, redis } of instances) {
        await app.close();
        await redis.quit();
      }
    }
  });

  it('a catalogue change written elsewhere reaches an instance at once through the notice', async () => {
    const env = {
      ...t.env,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `orbit-test-${randomBytes(6).toString('hex')}:`,
    };
    const redis = await connectRedis(env.REDIS_URL, env.REDIS_PREFIX);
    const app = await buildApp({
      env,
      database: t.database,
      redis,
      secret: TEST_SECRET,
      logger: false,
    });
    const publisher = await connectRedis(env.REDIS_URL, '');
    try {
      await app.ready();
      const list = async () =>
        (await api(app, { method: 'GET', url: '/api/admin/models', cookie: admin.cookie })).json<
          { id: string }[]
        >();
      expect((await list()).map((model) => model.id)).not.toContain('notice-model');
      // As another instance's admin change would: the row, then the notice (no local write here).
      await t.db.insert(aiModels).values({
        modelId: 'notice-model',
        displayName: 'Notice model',
        provider: 'openai-compatible',
        upstreamModel: 'notice',
        minTier: 'free',
        vision: false,
        contextWindow: 8192,
        inputPricePerMillion: '0',
        outputPricePerMillion: '0',
        isEnabled: true,
      });
      await publisher.publish(`${env.REDIS_PREFIX}${MODEL_CATALOGUE_TOPIC}`, '{}');
      // Well inside the cache's own 15 s lifetime.
      await until(list, (models) => models.some((model) => model.id === 'notice-model'), {
        attempts: 40,
        everyMs: 50,
      });
    } finally {
      await t.db.delete(aiModels).where(eq(aiModels.modelId, 'notice-model'));
      await app.close();
      await redis.quit();
      await publisher.quit();
    }
  });
});
