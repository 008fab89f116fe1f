import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { omnichannelCsat } from '#server/db/schema/omnichannel-triage.ts';
import { OMNICHANNEL_ANALYTICS_JOB } from '#server/features/omnichannel/analytics-job.ts';
import { csatQuestion } from '#server/features/omnichannel/csat-question.ts';
import type { OmnichannelMessage, Thread } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { startFakeProviderPeer } from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/** The post-resolution CSAT question (issue 14): asked once on resolve, its answer recorded. */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let channelId: string;
let brandId: string;
const HMAC_KEY = 'hmac-key-plaintext-1234';
const HOOK = '/brand-hook/replies';

beforeAll(async () => {
  peer = await startFakeProviderPeer();
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await call('POST', '/api/omnichannel/brands', { name: 'Acme' });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json<{ brandId: string }>().brandId;
  const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'api-acme',
    config: { replyWebhookUrl: `${peer.url}${HOOK}` },
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

async function thread(threadKey: string) {
  const response = await call('GET', `/api/omnichannel/threads/${encodeURIComponent(threadKey)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Thread>();
}

/** A customer's signed message on the API channel; returns the stored row once triage ran. */
async function customerSays(
  sender: string,
  content: string,
  done: (m: OmnichannelMessage) => boolean,
) {
  const body = JSON.stringify({ messageId: randomUUID(), sender, senderName: 'Kim', content });
  await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${channelId}`, HMAC_KEY, body);
  return until(
    async () =>
      (await thread(`${channelId}:${sender}`)).messages.findLast((m) => m.direction === 'inbound')!,
    (message) => message.content === content && done(message),
  );
}

const triaged = (m: OmnichannelMessage) =>
  m.status === 'pending' || m.status === 'awaiting_approval';

/** What the brand's reply webhook received for this customer. */
const delivered = (sender: string) =>
  peer
    .to(HOOK)
    .map((request) => JSON.parse(request.body) as { recipient: string; content: string })
    .filter((sent) => sent.recipient === sender);

async function runAnalytics() {
  const key = `test-${randomUUID()}`;
  await t.app.jobs.enqueue(OMNICHANNEL_ANALYTICS_JOB, {}, { key });
  await until(
    async () =>
      (
        await t.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, OMNICHANNEL_ANALYTICS_JOB), eq(jobs.key, key)))
      )[0]?.status,
    (status) => status === 'done',
    { attempts: 800 },
  );
}

function resolve(message: OmnichannelMessage) {
  return call('POST', `/api/omnichannel/messages/${message.id}/resolve`);
}

describe('the CSAT question on resolve', () => {
  it('asks once, in the customer’s language, and records the rating that answers it', async () => {
    const sender = 'customer-ko';
    const inbound = await customerSays(sender, '안녕하세요, 주문한 물건이 아직 안 왔어요', triaged);

    const resolved = await resolve(inbound);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    const [question] = await until(
      () => delivered(sender),
      (sent) => sent.length > 0,
    );
    expect(question!.content).toBe(csatQuestion('ko'));

    // Resolving again is no new resolution: nothing more is queued or sent.
    const again = await resolve(inbound);
    expect(again.statusCode, again.body).toBe(200);
    const outbound = (await thread(inbound.threadKey)).messages.filter(
      (m) => m.direction === 'outbound',
    );
    expect(outbound.map((m) => m.content)).toEqual([csatQuestion('ko')]);
    await until(
      async () =>
        (await thread(inbound.threadKey)).messages.find((m) => m.direction === 'outbound')!,
      (m) => m.status === 'sent',
    );
    expect(delivered(sender)).toHaveLength(1);

    const rating = await customerSays(sender, '4', (m) => m.status === 'resolved');
    const [row] = await t.db
      .select()
      .from(omnichannelMessages)
      .where(eq(omnichannelMessages.id, rating.id));
    expect(row!.metadata.csat).toBe(4);
    expect(
      await t.db.select().from(omnichannelCsat).where(eq(omnichannelCsat.messageRowId, rating.id)),
    ).toEqual([expect.objectContaining({ score: 4, threadKey: inbound.threadKey })]);
    // The rating closes nothing new: no second question.
    expect(delivered(sender)).toHaveLength(1);

    // The day's analytics count the rating; the question is no first response.
    await runAnalytics();
    const today = new Date().toISOString().slice(0, 10);
    const analytics = await call(
      'GET',
      `/api/omnichannel/analytics?brandId=${brandId}&from=${today}&to=${today}`,
    );
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        channelType: 'api',
        csatScore: '4.00',
        csatResponses: 1,
        firstResponseTime: null,
      }),
    ]);
  });

  it('asks in English for an English thread; the question invites the form a rating takes', async () => {
    const sender = 'customer-en';
    const inbound = await customerSays(sender, 'Hello, where is my parcel?', triaged);
    expect((await resolve(inbound)).statusCode).toBe(200);
    const [question] = await until(
      () => delivered(sender),
      (sent) => sent.length > 0,
    );
    expect(question!.content).toBe(csatQuestion('en'));
    expect(question!.content).toMatch(/number from 1 .* to 5/);
  });
});

describe('the CSAT question on WhatsApp', () => {
  /** A customer's WhatsApp message received `hoursAgo` hours ago, triaged and answered. */
  async function whatsappThread(hoursAgo: number) {
    const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
      channelType: 'whatsapp',
      channelIdentifier: `wa-${randomUUID()}`,
      config: { phoneNumberId: '1234', apiBaseUrl: peer.url },
      secrets: { appSecret: 'app-secret', verifyToken: 'verify', authToken: 'token' },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const waChannelId = channel.json<{ channelId: string }>().channelId;
    const sender = `4917${Math.floor(Math.random() * 1e8)}`;
    const [row] = await t.db
      .insert(omnichannelMessages)
      .values({
        messageId: `whatsapp:${randomUUID()}`,
        brandId,
        channelId: waChannelId,
        channelType: 'whatsapp',
        direction: 'inbound',
        threadKey: `${waChannelId}:${sender}`,
        senderIdentifier: sender,
        content: 'Where is my parcel?',
        status: 'responded',
        createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      })
      .returning();
    return row!;
  }

  const questionsIn = async (threadKey: string) =>
    (await thread(threadKey)).messages.filter((m) => m.content === csatQuestion('de'));

  it('is asked within the 24-hour window', async () => {
    const inbound = await whatsappThread(2);
    const resolved = await call('POST', `/api/omnichannel/messages/${inbound.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await questionsIn(inbound.threadKey)).toHaveLength(1);
  });

  it('is not asked past it, where only a template may be sent', async () => {
    const inbound = await whatsappThread(25);
    const resolved = await call('POST', `/api/omnichannel/messages/${inbound.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    expect(await questionsIn(inbound.threadKey)).toEqual([]);
  });
});
