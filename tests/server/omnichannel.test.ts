import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { channels, omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { twilioSignature } from '#server/features/omnichannel/channel-verify.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { orbitSignature } from '#tests/support/signed-webhook.ts';

/** Brands, channels and their verified inbound webhooks (issue 14 items 1 and 2). */
const PUBLIC_ORIGIN = 'https://chat.example.com';
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  // One trusted reverse proxy in front of the app, which users reach at PUBLIC_ORIGIN.
  t = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: PUBLIC_ORIGIN });
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

const SECRETS = {
  hmacKey: 'hmac-key-plaintext-1234',
  appSecret: 'app-secret-plaintext-5678',
  verifyToken: 'verify-token-plaintext-9012',
  authToken: 'auth-token-plaintext-3456',
  botToken: 'bot-token-plaintext-7890',
};

async function createBrand(payload: object = { name: 'Acme' }) {
  const response = await call('POST', '/api/omnichannel/brands', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ brandId: string } & Record<string, unknown>>();
}

async function createChannel(brandId: string, channelType: string, secrets: object = SECRETS) {
  const response = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType,
    channelIdentifier: `${channelType}-1`,
    config: { apiBaseUrl: 'http://127.0.0.1:9/provider' },
    secrets,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ channelId: string; webhookPath: string }>();
}

async function messageCount(channelId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.channelId, channelId),
        eq(omnichannelMessages.direction, 'inbound'),
      ),
    );
  return row!.n;
}

function deliver(path: string, body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

interface ChannelCase {
  type: string;
  body: (id: string) => string;
  sign: (body: string, path: string) => Record<string, string>;
  wrong: (body: string, path: string) => Record<string, string>;
  sender: string;
  content: string;
  headers?: Record<string, string>;
}

const ownJson = (id: string) =>
  JSON.stringify({
    messageId: id,
    sender: 'customer-7',
    senderName: 'Kim',
    content: 'Hello there',
  });
const form = (id: string) =>
  new URLSearchParams({
    MessageSid: id,
    From: '+15550001',
    To: '+15550002',
    Body: 'Hello by SMS',
  }).toString();
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'chat.example.com' };

const CASES: ChannelCase[] = [
  {
    type: 'api',
    body: ownJson,
    sign: (body) => ({ 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) }),
    wrong: (body) => ({ 'x-orbit-signature': orbitSignature('another key', body) }),
    sender: 'customer-7',
    content: 'Hello there',
  },
  {
    type: 'widget',
    body: ownJson,
    sign: (body) => ({ 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) }),
    wrong: (body) => ({ 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, `${body} `) }),
    sender: 'customer-7',
    content: 'Hello there',
  },
  {
    type: 'whatsapp',
    body: (id) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                value: {
                  metadata: { phone_number_id: '1055' },
                  contacts: [{ wa_id: '4917600', profile: { name: 'Lena' } }],
                  messages: [{ from: '4917600', id: id, type: 'text', text: { body: 'Hallo' } }],
                },
              },
            ],
          },
        ],
      }),
    sign: (body) => ({ 'x-hub-signature-256': orbitSignature(SECRETS.appSecret, body) }),
    wrong: (body) => ({ 'x-hub-signature-256': orbitSignature(SECRETS.verifyToken, body) }),
    sender: '4917600',
    content: 'Hallo',
  },
  {
    type: 'telegram',
    body: (id) =>
      JSON.stringify({
        update_id: 1,
        message: {
          message_id: Number(id.replace(/\D/g, '').slice(0, 9)) || 1,
          chat: { id: 777 },
          from: { id: 777, first_name: 'Ana' },
          text: 'Zdravo',
        },
      }),
    sign: () => ({ 'x-telegram-bot-api-secret-token': SECRETS.verifyToken }),
    wrong: () => ({ 'x-telegram-bot-api-secret-token': SECRETS.botToken }),
    sender: '777',
    content: 'Zdravo',
  },
  {
    type: 'sms',
    body: form,
    // Twilio signs the URL it called: the public one, in front of the proxy.
    sign: (body, path) => ({
      ...forwarded,
      'x-twilio-signature': twilioSignature(
        SECRETS.authToken,
        PUBLIC_ORIGIN + path,
        new URLSearchParams(body),
      ),
    }),
    // The URL as the app sees it behind the proxy is not what Twilio signed.
    wrong: (body, path) => ({
      ...forwarded,
      'x-twilio-signature': twilioSignature(
        SECRETS.authToken,
        `http://localhost${path}`,
        new URLSearchParams(body),
      ),
    }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    sender: '+15550001',
    content: 'Hello by SMS',
  },
  {
    type: 'email',
    body: (id) =>
      JSON.stringify({
        from: 'kunde@example.org',
        to: 'support@acme.test',
        subject: 'Order',
        text: 'Where is my order?',
        html: '<p>Where is my order?</p>',
        messageId: `<${id}@mail.example.org>`,
        inReplyTo: null,
        references: null,
      }),
    sign: (body) => ({ 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) }),
    wrong: (body) => ({ 'x-orbit-signature': orbitSignature(SECRETS.appSecret, body) }),
    sender: 'kunde@example.org',
    content: 'Where is my order?',
  },
];

describe('inbound webhooks', () => {
  for (const c of CASES) {
    it(`${c.type}: a valid signature stores the message once; a wrong or missing one is 401 and stores nothing`, async () => {
      const brand = await createBrand({ name: `Brand ${c.type}` });
      const channel = await createChannel(brand.brandId, c.type);
      const body = c.body(`${c.type}123456`);
      const headers = { ...c.headers };

      const missing = await deliver(channel.webhookPath, body, { ...headers });
      expect(missing.statusCode).toBe(401);
      const wrong = await deliver(channel.webhookPath, body, {
        ...headers,
        ...c.wrong(body, channel.webhookPath),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'AUTH_ERROR' });
      expect(await messageCount(channel.channelId)).toBe(0);

      const signed = { ...headers, ...c.sign(body, channel.webhookPath) };
      const first = await deliver(channel.webhookPath, body, signed);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      // The provider's retry of the same message: 200, stored once.
      const retry = await deliver(channel.webhookPath, body, signed);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ received: true, duplicate: true });
      expect(await messageCount(channel.channelId)).toBe(1);

      const page = await call('GET', `/api/omnichannel/brands/${brand.brandId}/messages`);
      expect(page.statusCode).toBe(200);
      const message = page
        .json<{ items: Record<string, unknown>[] }>()
        .items.find((item) => item.direction === 'inbound');
      expect(message).toMatchObject({
        channelType: c.type,
        direction: 'inbound',
        senderIdentifier: c.sender,
        content: c.content,
        threadKey: `${channel.channelId}:${c.sender}`,
      });
      // Scoped by the channel (decision 317).
      expect(String(message!.messageId).startsWith(`${c.type}:${channel.channelId}:`)).toBe(true);
      // The job triages it: with no AI provider the offline assistant drafts every reply.
      await expect
        .poll(
          async () =>
            (await call('GET', `/api/omnichannel/brands/${brand.brandId}/messages`))
              .json<{ items: { direction: string; status: string }[] }>()
              .items.find((item) => item.direction === 'inbound')?.status,
          { timeout: 15_000, interval: 200 },
        )
        .toBe('awaiting_approval');
    });
  }

  it('a body over the size limit is refused and nothing is stored', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'api');
    const body = JSON.stringify({ messageId: 'big', sender: 's', content: 'x'.repeat(300 * 1024) });
    const response = await deliver(channel.webhookPath, body, {
      'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body),
    });
    expect(response.statusCode).toBe(413);
    expect(await messageCount(channel.channelId)).toBe(0);
  });

  it('an inactive channel or an unknown one is 404', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'api');
    await call('PATCH', `/api/omnichannel/brands/${brand.brandId}/channels/${channel.channelId}`, {
      isActive: false,
    });
    const body = ownJson('x1');
    const response = await deliver(channel.webhookPath, body, {
      'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body),
    });
    expect(response.statusCode).toBe(404);
    expect(await messageCount(channel.channelId)).toBe(0);
  });

  it('secrets sealed under another APP_SECRET: 503 so the provider retries, stored once the secrets are entered again', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'api');
    // As after APP_SECRET changed: the stored value names a key this server does not have.
    const foreign = createSecrets('an-earlier-app-secret-of-32-characters!');
    await t.db
      .update(channels)
      .set({
        secrets: {
          hmacKey: foreign.seal(SECRETS.hmacKey, `omnichannel:${channel.channelId}:hmacKey`),
        },
      })
      .where(eq(channels.id, channel.channelId));
    const body = ownJson('sealed-elsewhere');
    const signed = { 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) };

    const refused = await deliver(channel.webhookPath, body, signed);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 'SERVER_ERROR',
      statusCode: 503,
      message: 'This channel is not available at the moment',
    });
    expect(refused.body).not.toContain(SECRETS.hmacKey);
    expect(await messageCount(channel.channelId)).toBe(0);

    const reentered = await call(
      'PATCH',
      `/api/omnichannel/brands/${brand.brandId}/channels/${channel.channelId}`,
      { secrets: { hmacKey: SECRETS.hmacKey } },
    );
    expect(reentered.statusCode, reentered.body).toBe(200);
    const retried = await deliver(channel.webhookPath, body, signed);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await messageCount(channel.channelId)).toBe(1);
  });

  it('WhatsApp GET verification echoes the challenge only for the right verify token', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'whatsapp');
    const verify = (token: string, mode = 'subscribe') =>
      t.app.inject({
        method: 'GET',
        url: `${channel.webhookPath}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });
    const ok = await verify(SECRETS.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await verify('wrong')).statusCode).toBe(403);
    expect((await verify(SECRETS.verifyToken, 'unsubscribe')).statusCode).toBe(403);
    const api = await createChannel(brand.brandId, 'api');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${api.webhookPath}?hub.mode=subscribe&hub.verify_token=${SECRETS.verifyToken}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('brands and channels', () => {
  it('a brand takes the spec defaults, is edited and listed', async () => {
    const brand = await createBrand({ name: 'Defaults' });
    expect(brand).toMatchObject({
      autoReplyEnabled: true,
      maxAutopilotAmount: '1000.00',
      maxDiscountPercent: '5.00',
      slaResponseMinutes: 120,
      isActive: true,
    });
    const patched = await call('PATCH', `/api/omnichannel/brands/${brand.brandId}`, {
      maxAutopilotAmount: '250.5',
      maxDiscountPercent: '7.25',
      primaryColor: '#112233',
      signatureChat: '— Acme',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      maxAutopilotAmount: '250.50',
      maxDiscountPercent: '7.25',
    });
    const bad = await call('PATCH', `/api/omnichannel/brands/${brand.brandId}`, {
      maxAutopilotAmount: '1e3',
    });
    expect(bad.statusCode).toBe(400);
    const list = await call('GET', '/api/omnichannel/brands');
    expect(list.json<{ items: { brandId: string }[] }>().items.map((b) => b.brandId)).toContain(
      brand.brandId,
    );
  });

  it('secrets are never returned, not stored in plain text, and write-only', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'whatsapp');
    const listed = await call('GET', `/api/omnichannel/brands/${brand.brandId}/channels`);
    const created = await call(
      'PATCH',
      `/api/omnichannel/brands/${brand.brandId}/channels/${channel.channelId}`,
      {
        secrets: { authToken: null },
      },
    );
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, channel.channelId));
    const [row] = await t.db.select().from(channels).where(eq(channels.id, channel.channelId));
    for (const text of [listed.body, created.body, JSON.stringify(audit), JSON.stringify(row)]) {
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    }
    expect(
      listed.json<{ items: { secretsConfigured: object }[] }>().items[0]!.secretsConfigured,
    ).toEqual({
      appSecret: true,
      verifyToken: true,
      authToken: true,
    });
    expect(created.json()).toMatchObject({
      secretsConfigured: { appSecret: true, verifyToken: true, authToken: false },
      config: { apiBaseUrl: 'http://127.0.0.1:9/provider' },
    });
    expect(Object.keys(row!.secrets).sort()).toEqual(['appSecret', 'verifyToken']);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['channel.create', 'channel.update']);
  });

  it('deleting a brand deletes its channels', async () => {
    const brand = await createBrand();
    const channel = await createChannel(brand.brandId, 'telegram');
    const removed = await call('DELETE', `/api/omnichannel/brands/${brand.brandId}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(channels).where(eq(channels.id, channel.channelId))).toEqual(
      [],
    );
    expect((await call('GET', `/api/omnichannel/brands/${brand.brandId}`)).statusCode).toBe(404);
    const body = JSON.stringify({
      update_id: 2,
      message: { message_id: 1, chat: { id: 1 }, text: 'x' },
    });
    const late = await deliver(channel.webhookPath, body, {
      'x-telegram-bot-api-secret-token': SECRETS.verifyToken,
    });
    expect(late.statusCode).toBe(404);
  });

  it('a channel of another brand is 404 under this brand', async () => {
    const one = await createBrand();
    const two = await createBrand();
    const channel = await createChannel(one.brandId, 'api');
    const response = await call(
      'DELETE',
      `/api/omnichannel/brands/${two.brandId}/channels/${channel.channelId}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
