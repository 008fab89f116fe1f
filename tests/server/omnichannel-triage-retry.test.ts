import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { OMNICHANNEL_INBOUND_JOB } from '#server/features/omnichannel/triage-job.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startFakeProviderPeer } from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/**
 * The triage job runs at least once (decision 318): run again after its result committed — its
 * announcement or its completion failed — it leaves a decided message alone, and a message left
 * `processing` by an attempt that stopped is still triaged. Fake AI upstream on 127.0.0.1.
 */
const HMAC_KEY = 'retry-hmac-key-0123';
let fake: FakeAi;
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let brandId: string;
let channelId: string;

beforeAll(async () => {
  fake = await FakeAi.start();
  peer = await startFakeProviderPeer();
  t = await createTestApp(fake.env({ AI_TIMEOUT_MS: '4000' }));
  admin = await createSignedInUser(t.db, { isAdmin: true });
  // Autopilot off: every message is left to a person (manual, pending).
  const brand = await call('POST', '/api/omnichannel/brands', {
    name: 'Acme',
    autoReplyEnabled: false,
  });
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
  fake.when('RETRY-ME', {
    chunks: [
      JSON.stringify({
        intent: 'question',
        urgency: 'low',
        language: 'en',
        sentiment: 'neutral',
        reply: 'Your parcel arrives tomorrow.',
        commitments: [],
        citations: [],
      }),
    ],
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await peer?.close();
});

function call(method: 'POST' | 'PATCH', url: string, payload: object) {
  return api(t.app, { method, url, cookie: admin.cookie, payload });
}

async function row(id: number) {
  const [found] = await t.db
    .select()
    .from(omnichannelMessages)
    .where(eq(omnichannelMessages.id, id));
  return found!;
}

const outboundOf = (threadKey: string) =>
  t.db
    .select()
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.threadKey, threadKey),
        eq(omnichannelMessages.direction, 'outbound'),
      ),
    );

/** Runs the triage job for `id` (under `key`) and waits for it to finish. */
async function runTriage(id: number, key: string) {
  await until(
    async () =>
      (
        await t.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.name, OMNICHANNEL_INBOUND_JOB), eq(jobs.key, key)))
      )[0]?.status,
    (status) => status === 'done',
    { attempts: 800 },
  );
  return row(id);
}

async function deliver(content: string) {
  const messageId = randomUUID();
  const body = JSON.stringify({ messageId, sender: `customer-${messageId}`, content });
  await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${channelId}`, HMAC_KEY, body);
  const [stored] = await t.db
    .select()
    .from(omnichannelMessages)
    // By its thread (one message per sender): whatever form its key has.
    .where(eq(omnichannelMessages.threadKey, `${channelId}:customer-${messageId}`));
  return stored!;
}

describe('a triage job run again', () => {
  it('leaves a message it decided to leave to a person alone, even where the AI may now answer', async () => {
    const stored = await deliver('Where is my parcel? RETRY-ME');
    const decided = await runTriage(stored.id, String(stored.id));
    expect(decided).toMatchObject({ status: 'pending', processMode: 'manual' });
    const asked = fake.requests.length;

    // The brand turns autopilot on; then the same job runs again (its first run committed, but
    // its announcement or completion failed).
    const patched = await call('PATCH', `/api/omnichannel/brands/${brandId}`, {
      autoReplyEnabled: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const key = `again-${stored.id}`;
    await t.app.jobs.enqueue(OMNICHANNEL_INBOUND_JOB, { id: stored.id }, { key });
    const after = await runTriage(stored.id, key);

    expect(after).toMatchObject({ status: 'pending', processMode: 'manual' });
    expect(after.metadata).toEqual(decided.metadata);
    expect(await outboundOf(stored.threadKey)).toEqual([]);
    expect(fake.requests.length).toBe(asked);
    expect(peer.requests).toEqual([]);

    const restored = await call('PATCH', `/api/omnichannel/brands/${brandId}`, {
      autoReplyEnabled: false,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('still triages a message an earlier attempt left processing', async () => {
    const patched = await call('PATCH', `/api/omnichannel/brands/${brandId}`, {
      autoReplyEnabled: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    try {
      // As an attempt that stopped while the model was writing leaves it.
      const messageId = `api:${channelId}:${randomUUID()}`;
      const [stuck] = await t.db
        .insert(omnichannelMessages)
        .values({
          messageId,
          brandId,
          channelId,
          channelType: 'api',
          direction: 'inbound',
          threadKey: `${channelId}:customer-stuck`,
          senderIdentifier: 'customer-stuck',
          content: 'Where is my parcel? RETRY-ME',
          status: 'processing',
        })
        .returning();
      const key = `resumed-${stuck!.id}`;
      await t.app.jobs.enqueue(OMNICHANNEL_INBOUND_JOB, { id: stuck!.id }, { key });
      const after = await runTriage(stuck!.id, key);
      expect(after).toMatchObject({ status: 'responded', processMode: 'autopilot' });
      const [reply] = await outboundOf(stuck!.threadKey);
      expect(reply).toMatchObject({ processMode: 'autopilot', parentMessageId: messageId });
      await until(
        () => row(reply!.id),
        (sent) => sent.status === 'sent',
      );
      expect(JSON.parse(peer.to('/brand-hook/replies').at(-1)!.body)).toMatchObject({
        messageId: reply!.messageId,
      });
    } finally {
      await call('PATCH', `/api/omnichannel/brands/${brandId}`, { autoReplyEnabled: false });
    }
  });
});
