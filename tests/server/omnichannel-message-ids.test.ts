import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { visitorSignature } from '#server/features/omnichannel/widget-visitor.ts';
import type { OmnichannelMessage, Thread } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import {
  mailHeader,
  startFakeProviderPeer,
  startFakeSmtp,
} from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { orbitSignature } from '#tests/support/signed-webhook.ts';

/**
 * A message is stored once per channel, not once per channel type (decision 317): the same
 * provider id reaching two brands' channels is two customer messages, and rows stored under the
 * key without the channel keep answering, threading and counting as redeliveries.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

const SECRETS = {
  hmacKey: 'hmac-key-plaintext-1234',
  verifyToken: 'verify-token-plaintext-9012',
  botToken: 'bot-token-plaintext-7890',
  smtpPassword: 'smtp-pass',
};
const TYPES = ['api', 'email', 'telegram', 'widget'] as const;
type Type = (typeof TYPES)[number];
interface Brand {
  brandId: string;
  channels: Record<Type, string>;
}
let brandA: Brand;
let brandB: Brand;

beforeAll(async () => {
  peer = await startFakeProviderPeer();
  smtp = await startFakeSmtp();
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  brandA = await createBrand('brand-a');
  brandB = await createBrand('brand-b');
});
afterAll(async () => {
  await t.close();
  await peer.close();
  await smtp.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
}

async function createBrand(name: string): Promise<Brand> {
  const brand = await call('POST', '/api/omnichannel/brands', { name });
  expect(brand.statusCode, brand.body).toBe(201);
  const { brandId } = brand.json<{ brandId: string }>();
  const configs: Record<Type, object> = {
    api: { replyWebhookUrl: `${peer.url}/${name}/replies` },
    email: {
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUser: 'mailer',
      fromAddress: `support@${name}.test`,
    },
    telegram: { apiBaseUrl: `${peer.url}/${name}/telegram` },
    widget: {},
  };
  const channels = {} as Record<Type, string>;
  for (const type of TYPES) {
    const created = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
      channelType: type,
      channelIdentifier: `${type}-${name}`,
      config: configs[type],
      secrets: SECRETS,
    });
    expect(created.statusCode, created.body).toBe(201);
    channels[type] = created.json<{ channelId: string }>().channelId;
  }
  return { brandId, channels };
}

/** A provider's signed delivery to one channel's webhook; its receipt. */
async function deliver(channelId: string, type: Type, payload: object) {
  const body = JSON.stringify(payload);
  const signature: Record<string, string> =
    type === 'telegram'
      ? { 'x-telegram-bot-api-secret-token': SECRETS.verifyToken }
      : { 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) };
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/omnichannel/webhooks/${channelId}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...signature },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ received: boolean; duplicate: boolean }>();
}

const inboundOn = (channelId: string) =>
  t.db
    .select()
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.channelId, channelId),
        eq(omnichannelMessages.direction, 'inbound'),
      ),
    )
    .orderBy(asc(omnichannelMessages.id));

/** The channel's one inbound message once triage has handed it on (offline assistant: a draft). */
async function settledOn(channelId: string) {
  const [row] = await until(
    () => inboundOn(channelId),
    (rows) => rows.length === 1 && !['received', 'processing'].includes(rows[0]!.status),
  );
  return row!;
}

async function reply(inboundId: number, content: string) {
  const response = await call('POST', `/api/omnichannel/messages/${inboundId}/reply`, { content });
  expect(response.statusCode, response.body).toBe(201);
  const queued = response.json<OmnichannelMessage>();
  return until(
    async () => {
      const thread = await call(
        'GET',
        `/api/omnichannel/threads/${encodeURIComponent(queued.threadKey)}`,
      );
      return thread.json<Thread>().messages.find((m) => m.id === queued.id)!;
    },
    (message) => message.status === 'sent' || message.status === 'failed',
    { attempts: 600 },
  );
}

/** A row as it was stored before decision 317: `{type}:{providerId}`, already handled. */
async function storeLegacy(
  channelId: string,
  type: Type,
  providerId: string,
  sender: string,
  metadata: Record<string, unknown> = {},
) {
  const [row] = await t.db
    .insert(omnichannelMessages)
    .values({
      messageId: `${type}:${providerId}`,
      brandId: brandA.brandId,
      channelId,
      channelType: type,
      direction: 'inbound',
      threadKey: `${channelId}:${sender}`,
      senderIdentifier: sender,
      content: 'Stored before the upgrade',
      metadata,
      status: 'pending',
      processMode: 'manual',
    })
    .returning();
  return row!;
}

describe('the same provider id on two channels of one type', () => {
  it('API: brand B’s message "1001" after brand A’s is stored, and its reply names "1001"', async () => {
    const payload = (content: string) => ({ messageId: '1001', sender: 'customer-1', content });
    expect(await deliver(brandA.channels.api, 'api', payload('For brand A'))).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await deliver(brandB.channels.api, 'api', payload('For brand B'))).toEqual({
      received: true,
      duplicate: false,
    });
    // Each channel's own redelivery is still stored once.
    expect(await deliver(brandB.channels.api, 'api', payload('For brand B'))).toMatchObject({
      duplicate: true,
    });
    const a = await settledOn(brandA.channels.api);
    const b = await settledOn(brandB.channels.api);
    expect([a.content, b.content]).toEqual(['For brand A', 'For brand B']);
    expect(b.brandId).toBe(brandB.brandId);

    const sent = await reply(b.id, 'Brand B answers');
    expect(sent.status, sent.deliveryError ?? '').toBe('sent');
    const [hook] = peer.to('/brand-b/replies');
    expect(JSON.parse(hook!.body)).toMatchObject({ inReplyTo: '1001', recipient: 'customer-1' });
    expect(peer.to('/brand-a/replies')).toEqual([]);
  });

  it('e-mail: one mail sent to two brands’ addresses reaches both, each reply threads under it', async () => {
    const mailId = `<${randomUUID()}@mail.example.org>`;
    const mail = (to: string) => ({
      from: 'kunde@example.org',
      to,
      subject: 'Both of you',
      text: 'Same mail to two shops',
      messageId: mailId,
      inReplyTo: null,
      references: null,
    });
    expect(
      await deliver(brandA.channels.email, 'email', mail('support@brand-a.test')),
    ).toMatchObject({ duplicate: false });
    expect(
      await deliver(brandB.channels.email, 'email', mail('support@brand-b.test')),
    ).toMatchObject({ duplicate: false });
    const b = await settledOn(brandB.channels.email);
    await settledOn(brandA.channels.email);

    const sent = await reply(b.id, 'Brand B here.');
    expect(sent.status, sent.deliveryError ?? '').toBe('sent');
    const out = smtp.mails.at(-1)!;
    expect(out.from).toBe('support@brand-b.test');
    expect(mailHeader(out.raw, 'In-Reply-To')).toBe(mailId);
    expect(mailHeader(out.raw, 'References')).toBe(mailId);
  });

  it('Telegram: two brands’ bots in one group each store the group’s message', async () => {
    const update = {
      update_id: 5,
      message: { message_id: 42, chat: { id: -100777 }, from: { first_name: 'Ana' }, text: 'Hi' },
    };
    expect(await deliver(brandA.channels.telegram, 'telegram', update)).toMatchObject({
      duplicate: false,
    });
    expect(await deliver(brandB.channels.telegram, 'telegram', update)).toMatchObject({
      duplicate: false,
    });
    expect(await inboundOn(brandA.channels.telegram)).toHaveLength(1);
    expect(await inboundOn(brandB.channels.telegram)).toHaveLength(1);
  });

  it('widget: one visitor id and message id on two brands’ widgets, each in its own history', async () => {
    const visitor = 'visitor-shared';
    const input = {
      visitor,
      signature: visitorSignature(SECRETS.hmacKey, visitor),
      clientMessageId: randomUUID(),
      content: 'Hello widget',
    };
    for (const brand of [brandA, brandB]) {
      const url = `/api/omnichannel/widget/${brand.channels.widget}/messages`;
      const posted = await t.app.inject({ method: 'POST', url, payload: input });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json()).toMatchObject({ duplicate: false });
      const history = await t.app.inject({
        method: 'GET',
        url: `${url}?visitor=${visitor}&signature=${input.signature}`,
      });
      expect(history.json<{ items: { id: string; from: string }[] }>().items).toEqual([
        expect.objectContaining({ id: input.clientMessageId, from: 'visitor' }),
      ]);
    }
  });
});

describe('rows stored before the key named the channel', () => {
  it('a redelivery to the same channel is a duplicate; the same id on another channel is new', async () => {
    await storeLegacy(brandA.channels.api, 'api', 'legacy-7', 'customer-old');
    const payload = { messageId: 'legacy-7', sender: 'customer-old', content: 'Again' };
    expect(await deliver(brandA.channels.api, 'api', payload)).toMatchObject({ duplicate: true });
    const onA = await t.db
      .select()
      .from(omnichannelMessages)
      .where(eq(omnichannelMessages.threadKey, `${brandA.channels.api}:customer-old`));
    expect(onA.map((row) => row.messageId)).toEqual(['api:legacy-7']);
    expect(await deliver(brandB.channels.api, 'api', payload)).toMatchObject({ duplicate: false });
  });

  it('their replies still name the customer’s id (API) and thread under their Message-ID (e-mail)', async () => {
    const api = await storeLegacy(brandA.channels.api, 'api', 'legacy-8', 'customer-older');
    const apiSent = await reply(api.id, 'Late answer');
    expect(apiSent.status, apiSent.deliveryError ?? '').toBe('sent');
    expect(JSON.parse(peer.to('/brand-a/replies').at(-1)!.body)).toMatchObject({
      inReplyTo: 'legacy-8',
    });

    const mailId = '<legacy-9@mail.example.org>';
    const email = await storeLegacy(brandA.channels.email, 'email', mailId, 'old@example.org', {
      subject: 'Old order',
      references: '<earlier@mail.example.org>',
    });
    const mailSent = await reply(email.id, 'Late mail');
    expect(mailSent.status, mailSent.deliveryError ?? '').toBe('sent');
    const out = smtp.mails.at(-1)!;
    expect(mailHeader(out.raw, 'In-Reply-To')).toBe(mailId);
    expect(mailHeader(out.raw, 'References')).toBe(`<earlier@mail.example.org> ${mailId}`);
  });

  it('the widget history gives a visitor’s old message its own id', async () => {
    const visitor = 'visitor-old';
    const clientMessageId = randomUUID();
    await storeLegacy(brandA.channels.widget, 'widget', `${visitor}:${clientMessageId}`, visitor);
    const signature = visitorSignature(SECRETS.hmacKey, visitor);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/omnichannel/widget/${brandA.channels.widget}/messages?visitor=${visitor}&signature=${signature}`,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([
      clientMessageId,
    ]);
  });
});
