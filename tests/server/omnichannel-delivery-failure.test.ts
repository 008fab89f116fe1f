import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { OMNICHANNEL_SLA_JOB } from '#server/features/omnichannel/sla-sweeper.ts';
import { OMNICHANNEL_INBOUND_JOB } from '#server/features/omnichannel/triage-job.ts';
import type { OmnichannelMessage } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { startFakeProviderPeer } from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { streamReader } from '#tests/support/stream-reader.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/**
 * A reply that never reaches the customer gives their message back to a person (decision 318):
 * pending and manual again, in the SLA sweep and the inbox, announced live. A brand webhook on
 * 127.0.0.1 refuses every reply that contains REFUSE-ME, and every CSAT question.
 */
const HMAC_KEY = 'failure-hmac-key-0123';
const HOUR = 60 * 60_000;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let clockAhead = 0;
let brandId: string;
let channelId: string;

beforeAll(async () => {
  peer = await startFakeProviderPeer();
  peer.answerWith(({ body }) =>
    ['REFUSE-ME', 'How satisfied', 'Wie zufrieden'].some((text) => body.includes(text))
      ? { status: 401, body: { error: 'refused' } }
      : { status: 200, body: { id: `hook-${randomUUID()}` } },
  );
  t = await createTestApp({}, undefined, { clock: () => new Date(Date.now() + clockAhead) });
  admin = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await call('POST', '/api/omnichannel/brands', { name: 'Acme' });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json<{ brandId: string }>().brandId;
  const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'acme-api',
    config: { replyWebhookUrl: `${peer.url}/brand-hook/replies` },
    secrets: { hmacKey: HMAC_KEY },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  channelId = channel.json<{ channelId: string }>().channelId;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
}

async function row(id: number) {
  const [found] = await t.db
    .select()
    .from(omnichannelMessages)
    .where(eq(omnichannelMessages.id, id));
  return found!;
}

const jobStatus = async (name: string, key: string) =>
  (
    await t.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.name, name), eq(jobs.key, key)))
  )[0]?.status;

/** A customer message through the signed webhook, once its triage job has finished. */
async function receive() {
  const messageId = randomUUID();
  const body = JSON.stringify({ messageId, sender: `customer-${messageId}`, content: 'Hello' });
  await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${channelId}`, HMAC_KEY, body);
  const [stored] = await t.db
    .select()
    .from(omnichannelMessages)
    // By its thread (one message per sender): whatever form its key has.
    .where(eq(omnichannelMessages.threadKey, `${channelId}:customer-${messageId}`));
  await until(
    () => jobStatus(OMNICHANNEL_INBOUND_JOB, String(stored!.id)),
    (status) => status === 'done',
    { attempts: 800 },
  );
  return row(stored!.id);
}

/** Replies through the inbox and waits for the delivery's outcome. */
async function replyTo(id: number, content: string) {
  const response = await call('POST', `/api/omnichannel/messages/${id}/reply`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return until(
    () => row(response.json<OmnichannelMessage>().id),
    (reply) => reply.status === 'sent' || reply.status === 'failed',
    { attempts: 600 },
  );
}

async function runSlaSweep() {
  const key = `test-${randomUUID()}`;
  await t.app.jobs.enqueue(OMNICHANNEL_SLA_JOB, {}, { key });
  await until(
    () => jobStatus(OMNICHANNEL_SLA_JOB, key),
    (status) => status === 'done',
    { attempts: 800 },
  );
}

describe('a reply that is not delivered', () => {
  it('puts the customer’s message back to a person: pending, manual, announced, in the SLA sweep', async () => {
    const inbound = await receive();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/omnichannel/inbox/stream?brandId=${brandId}`, {
      headers: { accept: 'text/event-stream', cookie: admin.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const stream = streamReader(response);
    await stream.until('retry:');

    const failed = await replyTo(inbound.id, 'REFUSE-ME: your refund is on its way');
    expect(failed.status).toBe('failed');
    expect(failed.metadata.deliveryError).toMatch(/401/);
    const reopened = await row(inbound.id);
    expect(reopened).toMatchObject({
      status: 'pending',
      processMode: 'manual',
      responseTime: null,
    });

    // Right after the failed reply, the open inboxes hear that the customer's message changed.
    const event = (id: number) => JSON.stringify({ brandId, threadKey: inbound.threadKey, id });
    await stream.until(`data: ${event(failed.id)}\n\nevent: change\ndata: ${event(inbound.id)}`);
    controller.abort();

    const open = await call(
      'GET',
      `/api/omnichannel/messages?brandId=${brandId}&channelId=${channelId}&status=pending`,
    );
    expect(open.json<{ items: { id: number }[] }>().items.map((m) => m.id)).toContain(inbound.id);

    // Past the brand's SLA (120 minutes) the sweep escalates it, as an unanswered message.
    clockAhead = 3 * HOUR;
    try {
      await runSlaSweep();
    } finally {
      clockAhead = 0;
    }
    const swept = await row(inbound.id);
    expect(swept.status).toBe('escalated');
    expect(swept.metadata.slaBreachedAt).toEqual(expect.any(String));
  });

  it('leaves the message answered when another reply to it was sent', async () => {
    const inbound = await receive();
    expect((await replyTo(inbound.id, 'It ships today.')).status).toBe('sent');
    const answered = await row(inbound.id);
    expect((await replyTo(inbound.id, 'REFUSE-ME: and a coupon')).status).toBe('failed');
    expect(await row(inbound.id)).toMatchObject({
      status: 'responded',
      responseTime: answered.responseTime,
    });
  });

  it('a CSAT question that fails does not reopen the resolved thread', async () => {
    const inbound = await receive();
    expect((await replyTo(inbound.id, 'Done, thanks.')).status).toBe('sent');
    const resolved = await call('POST', `/api/omnichannel/messages/${inbound.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    const question = await until(
      async () =>
        (
          await t.db
            .select()
            .from(omnichannelMessages)
            .where(
              and(
                eq(omnichannelMessages.threadKey, inbound.threadKey),
                eq(omnichannelMessages.direction, 'outbound'),
              ),
            )
        ).find((message) => message.metadata.csatQuestion === true),
      (message) => message?.status === 'failed',
      { attempts: 600 },
    );
    expect(question!.metadata.deliveryError).toMatch(/401/);
    expect((await row(inbound.id)).status).toBe('resolved');
  });
});
