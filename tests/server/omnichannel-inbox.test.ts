import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { twilioSignature } from '#server/features/omnichannel/channel-verify.ts';
import { OMNICHANNEL_DELIVER_JOB } from '#server/features/omnichannel/outbox.ts';
import { visitorSignature } from '#server/features/omnichannel/widget-visitor.ts';
import type { OmnichannelMessage, Thread } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import {
  mailHeader,
  startFakeProviderPeer,
  startFakeSmtp,
} from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { streamReader } from '#tests/support/stream-reader.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { orbitSignature } from '#tests/support/signed-webhook.ts';

/** The inbox and replies reaching each provider (issue 14 item 3 and the outbound half of item 2). */
const PUBLIC_ORIGIN = 'https://chat.example.com';
const HOUR = 60 * 60_000;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
/** The app's clock runs this far ahead of the real one (WhatsApp's 24-hour window). */
let clockAhead = 0;
let brandId: string;
const channelIds: Record<string, string> = {};

const SECRETS = {
  hmacKey: 'hmac-key-plaintext-1234',
  appSecret: 'app-secret-plaintext-5678',
  verifyToken: 'verify-token-plaintext-9012',
  authToken: 'auth-token-plaintext-3456',
  botToken: 'bot-token-plaintext-7890',
  smtpPassword: 'smtp-pass',
};
const FOOTER = 'Acme Team\n\nNo legal advice.';

beforeAll(async () => {
  peer = await startFakeProviderPeer();
  smtp = await startFakeSmtp();
  t = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: PUBLIC_ORIGIN }, undefined, {
    clock: () => new Date(Date.now() + clockAhead),
  });
  admin = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await call('POST', '/api/omnichannel/brands', {
    name: 'Acme',
    signatureChat: 'Acme Team',
    signatureEmail: 'Acme Support\nsupport@acme.test',
    legalDisclaimer: 'No legal advice.',
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json<{ brandId: string }>().brandId;
  const configs: Record<string, object> = {
    whatsapp: { apiBaseUrl: `${peer.url}/graph/v21.0`, phoneNumberId: '1055' },
    telegram: { apiBaseUrl: `${peer.url}/telegram` },
    sms: { apiBaseUrl: `${peer.url}/twilio`, accountSid: 'AC123' },
    api: { replyWebhookUrl: `${peer.url}/brand-hook/replies` },
    email: {
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUser: 'mailer',
      fromAddress: 'support@acme.test',
    },
    widget: {},
  };
  for (const [channelType, config] of Object.entries(configs)) {
    const created = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
      channelType,
      channelIdentifier: channelType === 'sms' ? '+15550002' : `${channelType}-acme`,
      config,
      secrets: SECRETS,
    });
    expect(created.statusCode, created.body).toBe(201);
    channelIds[channelType] = created.json<{ channelId: string }>().channelId;
  }
});
afterAll(async () => {
  await t.close();
  await peer.close();
  await smtp.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
}

/** A customer message as its provider delivers it (signed), for a new sender each time. */
function delivery(type: string, sender: string) {
  const id = randomUUID();
  switch (type) {
    case 'whatsapp': {
      const body = JSON.stringify({
        entry: [
          {
            changes: [
              {
                value: {
                  metadata: { phone_number_id: '1055' },
                  contacts: [{ wa_id: sender, profile: { name: 'Lena' } }],
                  messages: [
                    { from: sender, id: `wamid.${id}`, type: 'text', text: { body: 'Hallo' } },
                  ],
                },
              },
            ],
          },
        ],
      });
      return { body, headers: { 'x-hub-signature-256': orbitSignature(SECRETS.appSecret, body) } };
    }
    case 'telegram': {
      const body = JSON.stringify({
        update_id: 1,
        message: { message_id: Date.now() % 1e9, chat: { id: Number(sender) }, text: 'Zdravo' },
      });
      return { body, headers: { 'x-telegram-bot-api-secret-token': SECRETS.verifyToken } };
    }
    case 'sms': {
      const body = new URLSearchParams({
        MessageSid: `SM${id}`,
        From: sender,
        To: '+15550002',
        Body: 'Hi by SMS',
      }).toString();
      const path = `/api/omnichannel/webhooks/${channelIds.sms}`;
      return {
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'chat.example.com',
          'x-twilio-signature': twilioSignature(
            SECRETS.authToken,
            PUBLIC_ORIGIN + path,
            new URLSearchParams(body),
          ),
        },
      };
    }
    case 'email': {
      const body = JSON.stringify({
        from: sender,
        to: 'support@acme.test',
        subject: 'Order 42',
        text: 'Where is my order?',
        messageId: `<${id}@mail.example.org>`,
        inReplyTo: null,
        references: '<earlier@mail.example.org>',
      });
      return { body, headers: { 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) } };
    }
    default: {
      const body = JSON.stringify({
        messageId: id,
        sender,
        senderName: 'Kim',
        content: 'Hello there',
      });
      return { body, headers: { 'x-orbit-signature': orbitSignature(SECRETS.hmacKey, body) } };
    }
  }
}

/** Delivers a customer message and returns it as the inbox lists it. */
async function receive(type: string, sender: string = randomSender(type)) {
  const { body, headers } = delivery(type, sender);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/omnichannel/webhooks/${channelIds[type]}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  const threadKey = `${channelIds[type]}:${sender}`;
  const stored = response.json<{ duplicate: boolean }>();
  expect(stored.duplicate).toBe(false);
  // The newest customer message of the thread, once triage has handed it on: with the offline
  // assistant that is a draft awaiting approval (decision 260).
  return until(
    async () => (await thread(threadKey)).messages.findLast((m) => m.direction === 'inbound')!,
    (message) => message.status === 'pending' || message.status === 'awaiting_approval',
  );
}

let senders = 0;
function randomSender(type: string) {
  senders += 1;
  if (type === 'email') return `customer${senders}@example.org`;
  if (type === 'telegram') return String(700 + senders);
  return `+49176${String(senders).padStart(5, '0')}`;
}

async function thread(threadKey: string) {
  const response = await call('GET', `/api/omnichannel/threads/${encodeURIComponent(threadKey)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Thread>();
}

async function replyTo(message: OmnichannelMessage, content: string, extra: object = {}) {
  const response = await call('POST', `/api/omnichannel/messages/${message.id}/reply`, {
    content,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OmnichannelMessage>();
}

/** Waits for the reply's delivery job to record its outcome. */
async function outcome(reply: OmnichannelMessage) {
  return until(
    async () => (await thread(reply.threadKey)).messages.find((m) => m.id === reply.id)!,
    (message) => message.status === 'sent' || message.status === 'failed',
    { attempts: 600 },
  );
}

describe('a reply reaches its provider', () => {
  it('WhatsApp: the Cloud API messages endpoint with the access token, as text inside the window', async () => {
    const inbound = await receive('whatsapp', '4917600');
    const reply = await replyTo(inbound, 'Your order ships today.');
    expect(reply).toMatchObject({
      direction: 'outbound',
      status: 'queued',
      processMode: 'manual',
      parentMessageId: inbound.messageId,
      content: `Your order ships today.\n\n${FOOTER}`,
    });
    const done = await outcome(reply);
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    const [sent] = peer.to('/graph/v21.0/1055/messages');
    expect(sent!.headers.authorization).toBe(`Bearer ${SECRETS.authToken}`);
    expect(JSON.parse(sent!.body)).toEqual({
      messaging_product: 'whatsapp',
      to: '4917600',
      type: 'text',
      text: { body: `Your order ships today.\n\n${FOOTER}` },
    });
    expect(done.providerMessageId).toMatch(/^wamid\.OUT/);
    const answered = (await thread(inbound.threadKey)).messages[0]!;
    expect(answered.status).toBe('responded');
    expect(answered.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('WhatsApp outside the 24-hour window: a free text fails clearly, a template is sent', async () => {
    const inbound = await receive('whatsapp');
    const before = peer.to('/graph/').length;
    clockAhead = 25 * HOUR;
    try {
      const text = await outcome(await replyTo(inbound, 'Are you still there?'));
      expect(text.status).toBe('failed');
      expect(text.deliveryError).toMatch(/24-hour/);
      expect(peer.to('/graph/').length).toBe(before);

      const template = await call('POST', `/api/omnichannel/brands/${brandId}/templates`, {
        name: 'order_update',
        channelType: 'whatsapp',
        language: 'en',
        content: 'Hello {{customer_name}}, your order has an update.',
      });
      expect(template.statusCode, template.body).toBe(201);
      const { templateId } = template.json<{ templateId: string }>();
      const sent = await outcome(
        await replyTo(inbound, 'Hello Lena, your order has an update.', { templateId }),
      );
      expect(sent.status, sent.deliveryError ?? '').toBe('sent');
      const request = peer.to('/graph/').at(-1)!;
      expect(JSON.parse(request.body)).toMatchObject({
        type: 'template',
        template: { name: 'order_update', language: { code: 'en' } },
      });
      const templates = await call('GET', `/api/omnichannel/brands/${brandId}/templates`);
      expect(
        templates.json<{
          items: { templateId: string; usageCount: number; variables: string[] }[];
        }>().items,
      ).toContainEqual(
        expect.objectContaining({ templateId, usageCount: 1, variables: ['customer_name'] }),
      );
    } finally {
      clockAhead = 0;
    }
  });

  it('Telegram: sendMessage with the bot token to the customer’s chat', async () => {
    const inbound = await receive('telegram', '777');
    const done = await outcome(await replyTo(inbound, 'Zdravo!'));
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    const [sent] = peer.to(`/telegram/bot${SECRETS.botToken}/sendMessage`);
    expect(JSON.parse(sent!.body)).toEqual({ chat_id: '777', text: `Zdravo!\n\n${FOOTER}` });
  });

  it('Twilio: the Messages API with basic auth, from the channel’s number', async () => {
    const inbound = await receive('sms', '+15550001');
    const done = await outcome(await replyTo(inbound, 'Got it.'));
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    const [sent] = peer.to('/twilio/2010-04-01/Accounts/AC123/Messages.json');
    expect(sent!.headers.authorization).toBe(
      `Basic ${Buffer.from(`AC123:${SECRETS.authToken}`).toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      To: '+15550001',
      From: '+15550002',
      Body: `Got it.\n\n${FOOTER}`,
    });
    expect(done.providerMessageId).toMatch(/^SM/);
  });

  it('generic API: a webhook to the brand signed with the channel key over the raw body', async () => {
    const inbound = await receive('api', 'customer-7');
    const done = await outcome(await replyTo(inbound, 'Hello Kim'));
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    const [sent] = peer.to('/brand-hook/replies');
    expect(sent!.headers['x-orbit-signature']).toBe(orbitSignature(SECRETS.hmacKey, sent!.body));
    expect(JSON.parse(sent!.body)).toMatchObject({
      messageId: done.messageId,
      recipient: 'customer-7',
      content: `Hello Kim\n\n${FOOTER}`,
    });
  });

  it('email: SMTP with the channel’s login, threaded by In-Reply-To and References', async () => {
    const inbound = await receive('email', 'kunde@example.org');
    const done = await outcome(await replyTo(inbound, 'It left our warehouse.'));
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    const mail = smtp.mails.at(-1)!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('support@acme.test');
    expect(mail.to).toEqual(['kunde@example.org']);
    // Stored as `email:{channelId}:<Message-ID>` (decision 317).
    const customerId = inbound.messageId.slice(`email:${channelIds.email}:`.length);
    expect(customerId).toMatch(/^<[^<>@]+@mail\.example\.org>$/);
    expect(mailHeader(mail.raw, 'In-Reply-To')).toBe(customerId);
    expect(mailHeader(mail.raw, 'References')).toBe(`<earlier@mail.example.org> ${customerId}`);
    expect(mailHeader(mail.raw, 'Subject')).toBe('Re: Order 42');
    expect(mail.raw).toContain('It left our warehouse.');
    expect(mail.raw).toContain('Acme Support');
  });
});

describe('delivery outcomes', () => {
  it('a provider’s passing trouble is retried and the reply sent once', async () => {
    const inbound = await receive('telegram');
    let calls = 0;
    peer.answerWith(() => {
      calls += 1;
      return calls === 1
        ? { status: 503, body: { ok: false } }
        : { status: 200, body: { ok: true, result: { message_id: 1 } } };
    });
    try {
      const done = await outcome(await replyTo(inbound, 'Second try'));
      expect(done.status, done.deliveryError ?? '').toBe('sent');
      expect(calls).toBe(2);
    } finally {
      peer.answerWith(({ path }) => ({
        status: 200,
        body: path.includes('sendMessage') ? { ok: true, result: { message_id: 2 } } : { id: 'x' },
      }));
    }
  });

  it('a refusal fails the reply at once with the provider’s answer', async () => {
    const inbound = await receive('api');
    peer.answerWith(() => ({ status: 401, body: { error: 'bad signature' } }));
    const before = peer.to('/brand-hook/').length;
    try {
      const done = await outcome(await replyTo(inbound, 'Refused'));
      expect(done.status).toBe('failed');
      expect(done.deliveryError).toMatch(/401/);
      expect(peer.to('/brand-hook/').length).toBe(before + 1);
    } finally {
      peer.answerWith(() => ({ status: 200, body: { id: 'ok' } }));
    }
  });

  it('the delivery job run again after a send sends nothing', async () => {
    const inbound = await receive('api');
    const done = await outcome(await replyTo(inbound, 'Only once'));
    expect(done.status).toBe('sent');
    const sentBefore = peer.to('/brand-hook/').length;
    await t.app.jobs.enqueue(OMNICHANNEL_DELIVER_JOB, { id: done.id }, { key: `again-${done.id}` });
    await until(
      async () =>
        (
          await t.db
            .select({ status: jobs.status })
            .from(jobs)
            .where(and(eq(jobs.name, OMNICHANNEL_DELIVER_JOB), eq(jobs.key, `again-${done.id}`)))
        )[0]?.status,
      (status) => status === 'done',
    );
    expect(peer.to('/brand-hook/').length).toBe(sentBefore);
    expect(
      (await thread(inbound.threadKey)).messages.filter((m) => m.direction === 'outbound'),
    ).toHaveLength(1);
  });
});

/** A copilot draft as triage stores it: awaiting approval with its reasons. */
/** Replaces the offline assistant's draft of `inbound` with one the test names. */
async function draftFor(inbound: OmnichannelMessage, content: string) {
  await t.db
    .delete(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.parentMessageId, inbound.messageId),
        eq(omnichannelMessages.status, 'draft'),
      ),
    );
  await t.db.insert(omnichannelMessages).values({
    messageId: `api:draft:${randomUUID()}`,
    brandId: inbound.brandId,
    channelId: inbound.channelId,
    channelType: inbound.channelType,
    direction: 'outbound',
    threadKey: inbound.threadKey,
    senderIdentifier: inbound.senderIdentifier,
    content,
    metadata: { reasons: ['discount 10 % > limit 5 %'] },
    status: 'draft',
    processMode: 'copilot',
    parentMessageId: inbound.messageId,
  });
  await t.db
    .update(omnichannelMessages)
    .set({ status: 'awaiting_approval', processMode: 'copilot' })
    .where(eq(omnichannelMessages.id, inbound.id));
}

describe('drafts, assignment and resolution', () => {
  it('approve: the edited draft is queued and reaches the brand; the inbound is responded', async () => {
    const inbound = await receive('api');
    await draftFor(inbound, 'We give you 10 % off.');
    const shown = await thread(inbound.threadKey);
    expect(shown.messages[0]!.status).toBe('awaiting_approval');
    expect(shown.messages[1]).toMatchObject({
      status: 'draft',
      reasons: ['discount 10 % > limit 5 %'],
    });
    const approved = await call('POST', `/api/omnichannel/messages/${inbound.id}/approve`, {
      content: 'We give you 5 % off.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const reply = approved.json<OmnichannelMessage>();
    expect(reply).toMatchObject({
      status: 'queued',
      processMode: 'copilot',
      content: `We give you 5 % off.\n\n${FOOTER}`,
    });
    expect((await outcome(reply)).status).toBe('sent');
    expect(JSON.parse(peer.to('/brand-hook/').at(-1)!.body).content).toBe(
      `We give you 5 % off.\n\n${FOOTER}`,
    );
    expect((await thread(inbound.threadKey)).messages[0]!.status).toBe('responded');
    const again = await call('POST', `/api/omnichannel/messages/${inbound.id}/approve`, {});
    expect(again.statusCode).toBe(409);
  });

  it('reject: the draft is dropped and the message goes back to manual handling', async () => {
    const inbound = await receive('api');
    await draftFor(inbound, 'A full refund of 2000 EUR.');
    const rejected = await call('POST', `/api/omnichannel/messages/${inbound.id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'pending', processMode: 'manual' });
    expect((await thread(inbound.threadKey)).messages).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'omnichannel.reject'),
          eq(adminAuditLog.targetId, String(inbound.id)),
        ),
      );
    expect(audit?.actorId).toBe(admin.user.id);
  });

  it('assign: to an administrator (filterable), not to a non-admin; resolve closes the thread', async () => {
    const inbound = await receive('telegram');
    const user = await createSignedInUser(t.db);
    const refused = await call('POST', `/api/omnichannel/messages/${inbound.id}/assign`, {
      userId: user.user.id,
    });
    expect(refused.statusCode).toBe(400);
    const assigned = await call('POST', `/api/omnichannel/messages/${inbound.id}/assign`, {
      userId: admin.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assignedTo: admin.user.id });
    const mine = await call('GET', `/api/omnichannel/messages?brandId=${brandId}&assignee=me`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ items: { id: number }[] }>().items.map((m) => m.id)).toEqual([inbound.id]);

    const resolved = await call('POST', `/api/omnichannel/messages/${inbound.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    const list = await call(
      'GET',
      `/api/omnichannel/messages?status=resolved&channelId=${channelIds.telegram}`,
    );
    expect(list.json<{ items: { id: number }[] }>().items.map((m) => m.id)).toContain(inbound.id);
  });

  it('lists threads newest first, one row per thread, with search and cursor paging', async () => {
    const sender = randomSender('api');
    const first = await receive('api', sender);
    const second = await receive('api', sender);
    const other = await receive('api');
    const page = await call('GET', `/api/omnichannel/messages?channelId=${channelIds.api}&limit=1`);
    const body = page.json<{ items: { id: number }[]; nextCursor: string | null }>();
    expect(body.items.map((m) => m.id)).toEqual([other.id]);
    const next = await call(
      'GET',
      `/api/omnichannel/messages?channelId=${channelIds.api}&limit=1&cursor=${body.nextCursor}`,
    );
    expect(next.json<{ items: { id: number }[] }>().items.map((m) => m.id)).toEqual([second.id]);
    const all = await call(
      'GET',
      `/api/omnichannel/messages?channelId=${channelIds.api}&limit=100`,
    );
    expect(all.json<{ items: { id: number }[] }>().items.map((m) => m.id)).not.toContain(first.id);
    const found = await call('GET', `/api/omnichannel/messages?q=${encodeURIComponent(sender)}`);
    expect(found.json<{ items: { id: number }[] }>().items.map((m) => m.id)).toEqual([second.id]);
  });
});

describe('who may use the inbox', () => {
  it('a signed-in non-admin gets 403 on every inbox route', async () => {
    const user = await createSignedInUser(t.db);
    const routes: [string, string, object?][] = [
      ['GET', '/api/omnichannel/messages'],
      ['GET', '/api/omnichannel/threads/x'],
      ['GET', `/api/omnichannel/inbox/stream?brandId=${brandId}`],
      ['POST', '/api/omnichannel/messages/1/reply', { content: 'x' }],
      ['POST', '/api/omnichannel/messages/1/approve', {}],
      ['POST', '/api/omnichannel/messages/1/reject'],
      ['POST', '/api/omnichannel/messages/1/assign', { userId: null }],
      ['POST', '/api/omnichannel/messages/1/resolve'],
      ['GET', `/api/omnichannel/brands/${brandId}/templates`],
      ['POST', `/api/omnichannel/brands/${brandId}/templates`, { name: 'x', content: 'y' }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await api(t.app, {
        method: method,
        url,
        cookie: user.cookie,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

let origin: string | undefined;
/** The app on a real port: event streams need a connection that stays open. */
async function listening() {
  origin ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return origin;
}

describe('website widget', () => {
  it('a reply reaches the visitor’s open widget stream; a wrong visitor signature is 401', async () => {
    const base = await listening();
    const url = (visitor: string, signature: string) =>
      `${base}/api/omnichannel/widget/${channelIds.widget}/stream?visitor=${visitor}&signature=${signature}`;
    const forged = await fetch(url('visitor-9', visitorSignature('another key', 'visitor-9')));
    expect(forged.status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(url('visitor-9', visitorSignature(SECRETS.hmacKey, 'visitor-9')), {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const stream = streamReader(response);
    await stream.until('retry:');
    const inbound = await receive('widget', 'visitor-9');
    const done = await outcome(await replyTo(inbound, 'Hi from Acme'));
    expect(done.status, done.deliveryError ?? '').toBe('sent');
    await stream.until('event: reply');
    expect(stream.text()).toContain(JSON.stringify(`Hi from Acme\n\n${FOOTER}`));
    controller.abort();
  });
});

describe('live inbox', () => {
  it('an admin’s event stream hears a new customer message and its reply', async () => {
    const origin = await listening();
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/omnichannel/inbox/stream?brandId=${brandId}`, {
      headers: { accept: 'text/event-stream', cookie: admin.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const stream = streamReader(response);
    const sender = randomSender('api');
    const pending = stream.until(`${channelIds.api}:${sender}`);
    const inbound = await receive('api', sender);
    await pending;
    expect(stream.text()).toContain('event: change');
    stream.clear();
    const replied = stream.until(`"threadKey":"${inbound.threadKey}"`);
    await replyTo(inbound, 'Live');
    await replied;
    controller.abort();
  });
});
