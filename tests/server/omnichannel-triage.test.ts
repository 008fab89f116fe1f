import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { omnichannelCsat } from '#server/db/schema/omnichannel-triage.ts';
import { OMNICHANNEL_ANALYTICS_JOB } from '#server/features/omnichannel/analytics-job.ts';
import { OMNICHANNEL_ESCALATE_JOB } from '#server/features/omnichannel/escalation.ts';
import {
  lockThread,
  OMNICHANNEL_DELIVER_JOB,
  queueReply,
} from '#server/features/omnichannel/outbox.ts';
import { OMNICHANNEL_SLA_JOB } from '#server/features/omnichannel/sla-sweeper.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi, lastUserText } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startFakeProviderPeer } from '#tests/support/fake-omnichannel/fake-provider-peer.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/**
 * AI triage, the mode decision at the brand's limits, the re-check before an AI reply is sent,
 * escalation, SLA and analytics (issue 14 items 4 and 5), against a fake AI upstream on
 * 127.0.0.1 and an injectable clock.
 */
let fake: FakeAi;
/** The brands' reply webhook: replies are delivered, so a sent reply keeps its message answered. */
let peer: Awaited<ReturnType<typeof startFakeProviderPeer>>;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let member: Awaited<ReturnType<typeof createSignedInUser>>;
/** How far the app's clock runs ahead of the real one. */
let clockOffsetMs = 0;
const HMAC_KEY = 'triage-hmac-key-0123';

beforeAll(async () => {
  fake = await FakeAi.start();
  peer = await startFakeProviderPeer();
  t = await createTestApp(fake.env({ AI_TIMEOUT_MS: '4000' }), undefined, {
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
  admin = await createSignedInUser(t.db, { isAdmin: true });
  member = await createSignedInUser(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await peer?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie = admin.cookie,
) => api(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });

interface Setup {
  brandId: string;
  channelId: string;
}

async function setup(brand: object = {}, rules: { escalation?: object[]; acl?: object[] } = {}) {
  const created = await call('POST', '/api/omnichannel/brands', {
    name: 'Acme',
    signatureChat: '— Acme support',
    legalDisclaimer: 'Acme GmbH, Berlin.',
    ...brand,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { brandId } = created.json<{ brandId: string }>();
  const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'acme-api',
    config: { replyWebhookUrl: `${peer.url}/brand-hook/replies` },
    secrets: { hmacKey: HMAC_KEY },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  for (const rule of rules.escalation ?? []) {
    const response = await call(
      'POST',
      `/api/omnichannel/brands/${brandId}/escalation-rules`,
      rule,
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  for (const policy of rules.acl ?? []) {
    const response = await call('POST', `/api/omnichannel/brands/${brandId}/acl-policies`, policy);
    expect(response.statusCode, response.body).toBe(201);
  }
  return { brandId, channelId: channel.json<{ channelId: string }>().channelId };
}

let delivered = 0;
/** A customer's message through the channel's signed webhook; its inbound row. */
async function deliver(s: Setup, content: string, sender = `customer-${++delivered}`) {
  const body = JSON.stringify({ messageId: `m-${++delivered}`, sender, content });
  await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${s.channelId}`, HMAC_KEY, body);
  const [row] = await t.db
    .select()
    .from(omnichannelMessages)
    .where(eq(omnichannelMessages.messageId, `api:${s.channelId}:m-${delivered}`));
  return row!;
}

async function row(id: number) {
  const [found] = await t.db
    .select()
    .from(omnichannelMessages)
    .where(eq(omnichannelMessages.id, id));
  return found!;
}

async function waitForStatus(id: number, status: string) {
  await expect
    .poll(async () => (await row(id)).status, { timeout: 20_000, interval: 100 })
    .toBe(status);
  return row(id);
}

/** Waits until the triage job wrote its result into the message's metadata. */
async function triaged(id: number) {
  await expect
    .poll(async () => (await row(id)).metadata.triage !== undefined, {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(true);
  return row(id);
}

async function outboundOf(inbound: { threadKey: string }) {
  return t.db
    .select()
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.threadKey, inbound.threadKey),
        eq(omnichannelMessages.direction, 'outbound'),
      ),
    )
    .orderBy(asc(omnichannelMessages.id));
}

const triageJson = (fields: {
  reply: string;
  commitments?: object[];
  urgency?: string;
  intent?: string;
}) =>
  JSON.stringify({
    intent: fields.intent ?? 'refund',
    urgency: fields.urgency ?? 'low',
    language: 'en',
    sentiment: 'neutral',
    reply: fields.reply,
    commitments: fields.commitments ?? [],
    citations: [],
  });

/** The fake model answers messages containing `marker` with this triage. */
function scriptModel(
  marker: string,
  fields: Parameters<typeof triageJson>[0],
  waitFor?: Promise<unknown>,
) {
  fake.when(marker, { chunks: [triageJson(fields)], ...(waitFor ? { waitFor } : {}) });
}

/** Runs a job now by enqueueing it under a fresh key (this also wakes the embedded loop), and waits for it. */
async function runJob(name: string, payload: object = {}) {
  const key = `test-${crypto.randomUUID()}`;
  await t.app.jobs.enqueue(name, payload, { key });
  await expect
    .poll(
      async () =>
        (
          await t.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.name, name), eq(jobs.key, key)))
        )[0]?.status,
      { timeout: 20_000, interval: 100 },
    )
    .toBe('done');
}

describe('the mode decision at the brand limits (1000, 5 %)', () => {
  it('a refund of exactly 1000 goes out on autopilot with the brand footer; 1000.01 waits as a draft', async () => {
    const s = await setup();
    scriptModel('EDGE-AMOUNT-OK', {
      reply: 'We refund your order in full.',
      commitments: [{ kind: 'refund', amount: 1000, currency: 'EUR', percent: null }],
    });
    scriptModel('EDGE-AMOUNT-OVER', {
      reply: 'We refund your order in full.',
      commitments: [{ kind: 'refund', amount: '1000.01', currency: 'EUR', percent: null }],
    });

    const ok = await waitForStatus(
      (await deliver(s, 'Refund please EDGE-AMOUNT-OK')).id,
      'responded',
    );
    expect(ok.processMode).toBe('autopilot');
    const [sent] = await outboundOf(ok);
    // Sent on its own: handed to delivery (which may have run already), never left as a draft.
    expect(['queued', 'sent', 'failed']).toContain(sent!.status);
    expect(sent).toMatchObject({ processMode: 'autopilot', parentMessageId: ok.messageId });
    // The brand's chat signature and legal disclaimer follow the reply.
    expect(sent!.content.startsWith('We refund your order in full.')).toBe(true);
    expect(sent!.content).toContain('— Acme support');
    expect(sent!.content).toContain('Acme GmbH, Berlin.');
    const delivery = await t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, OMNICHANNEL_DELIVER_JOB),
          sql`${jobs.payload} ->> 'id' = ${String(sent!.id)}`,
        ),
      );
    expect(delivery).toHaveLength(1);

    const over = await waitForStatus(
      (await deliver(s, 'Refund please EDGE-AMOUNT-OVER')).id,
      'awaiting_approval',
    );
    expect(over.processMode).toBe('copilot');
    const [draft] = await outboundOf(over);
    expect(draft).toMatchObject({
      status: 'draft',
      processMode: 'copilot',
      parentMessageId: over.messageId,
    });
    expect(draft!.metadata.reasons).toEqual(['refund 1000.01 EUR > limit 1000.00']);
  });

  it('a 5 % discount goes out, 5.01 % waits with the reason', async () => {
    const s = await setup();
    scriptModel('EDGE-PCT-OK', {
      reply: 'Here is 5 % off your next order.',
      commitments: [{ kind: 'discount', amount: null, currency: null, percent: 5 }],
    });
    scriptModel('EDGE-PCT-OVER', {
      reply: 'Here is a discount on your next order.',
      commitments: [{ kind: 'discount', amount: null, currency: null, percent: 5.01 }],
    });
    const ok = await waitForStatus((await deliver(s, 'Discount? EDGE-PCT-OK')).id, 'responded');
    expect(ok.processMode).toBe('autopilot');
    const over = await waitForStatus(
      (await deliver(s, 'Discount? EDGE-PCT-OVER')).id,
      'awaiting_approval',
    );
    const [draft] = await outboundOf(over);
    expect(draft!.metadata.reasons).toEqual(['discount 5.01 % > limit 5.00 %']);
  });

  it('a figure only in the reply text (not declared as a commitment) keeps it a draft', async () => {
    const s = await setup();
    scriptModel('TEXT-ONLY', { reply: 'Good news: we will refund €1,200 today.' });
    const inbound = await waitForStatus(
      (await deliver(s, 'Where is my money TEXT-ONLY')).id,
      'awaiting_approval',
    );
    const [draft] = await outboundOf(inbound);
    expect(draft!.content).toBe('Good news: we will refund €1,200 today.');
    expect(draft!.metadata.reasons).toEqual(['reply mentions €1,200 > limit 1000.00']);
  });

  it('high urgency and a copilot policy draft; a deny policy leaves it to a person', async () => {
    const s = await setup(
      {},
      {
        acl: [
          {
            name: 'No AI on complaints',
            policyType: 'autopilot',
            effect: 'deny',
            conditions: { intents: ['complaint'] },
          },
          {
            name: 'Drafts on order questions',
            policyType: 'autopilot',
            effect: 'copilot',
            conditions: { intents: ['order_status'] },
          },
        ],
      },
    );
    scriptModel('URGENT-ONE', { reply: 'We are on it.', urgency: 'high' });
    scriptModel('POLICY-COPILOT', { reply: 'It ships tomorrow.', intent: 'order_status' });
    scriptModel('POLICY-DENY', { reply: 'Sorry to hear that.', intent: 'complaint' });
    const urgent = await waitForStatus(
      (await deliver(s, 'Help URGENT-ONE')).id,
      'awaiting_approval',
    );
    expect((await outboundOf(urgent))[0]!.metadata.reasons).toEqual(['urgency high']);
    const drafted = await waitForStatus(
      (await deliver(s, 'Order? POLICY-COPILOT')).id,
      'awaiting_approval',
    );
    expect((await outboundOf(drafted))[0]!.metadata.reasons).toEqual([
      "policy 'Drafts on order questions' allows drafts only",
    ]);
    const denied = await triaged((await deliver(s, 'Bad POLICY-DENY')).id);
    expect(denied).toMatchObject({ status: 'pending', processMode: 'manual', intent: 'complaint' });
    expect(denied.metadata.triage).toMatchObject({
      reasons: ["policy 'No AI on complaints' denies AI replies"],
    });
    expect(await outboundOf(denied)).toEqual([]);
  });
});

describe('the re-check before an AI reply is sent', () => {
  it('a person replying while the model is still writing: the AI sends nothing', async () => {
    const s = await setup();
    let openLatch!: () => void;
    const latch = new Promise<void>((resolve) => (openLatch = resolve));
    scriptModel('LATCHED', { reply: 'Your parcel is on its way.' }, latch);
    const inbound = await deliver(s, 'Where is it? LATCHED');
    // The model has the request and is "writing".
    await expect
      .poll(() => fake.requests.some((request) => lastUserText(request).includes('LATCHED')), {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(true);
    expect((await row(inbound.id)).status).toBe('processing');

    // A person answers through the inbox's path meanwhile.
    const current = await row(inbound.id);
    await t.db.transaction(async (tx) => {
      await lockThread(tx, inbound.threadKey);
      await queueReply(tx, t.app.jobs, {
        inbound: current,
        content: 'A person here: it ships today.',
        mode: 'manual',
        authorUserId: admin.user.id,
      });
    });
    openLatch();

    const after = await triaged(inbound.id);
    expect(after.status).toBe('responded');
    expect(after.metadata.triage).toMatchObject({
      mode: 'autopilot',
      suppressed: 'a person replied',
    });
    const outbound = await outboundOf(inbound);
    expect(
      outbound.map((message) => [message.processMode, message.content.split('\n')[0]]),
    ).toEqual([['manual', 'A person here: it ships today.']]);
  });

  it('a message assigned to a person while the model writes gets no AI reply either', async () => {
    const s = await setup();
    let openLatch!: () => void;
    const latch = new Promise<void>((resolve) => (openLatch = resolve));
    scriptModel('ASSIGNED-LATE', { reply: 'All good.' }, latch);
    const inbound = await deliver(s, 'Question ASSIGNED-LATE');
    await expect
      .poll(
        () => fake.requests.some((request) => lastUserText(request).includes('ASSIGNED-LATE')),
        {
          timeout: 20_000,
          interval: 50,
        },
      )
      .toBe(true);
    await t.db
      .update(omnichannelMessages)
      .set({ assignedTo: admin.user.id })
      .where(eq(omnichannelMessages.id, inbound.id));
    openLatch();
    const after = await triaged(inbound.id);
    expect(after).toMatchObject({ status: 'pending', assignedTo: admin.user.id });
    expect(after.metadata.triage).toMatchObject({
      suppressed: `assigned to user ${admin.user.id}`,
    });
    expect(await outboundOf(inbound)).toEqual([]);
  });
});

describe('failing closed', () => {
  it('a model failure leaves the message to a person with the reason; an ai_failure rule escalates it', async () => {
    fake.when('MODEL-DOWN', { status: 500 });
    const plain = await setup();
    const failed = await triaged((await deliver(plain, 'Hello MODEL-DOWN')).id);
    expect(failed).toMatchObject({ status: 'pending', processMode: 'manual' });
    const reasons = (failed.metadata.triage as { reasons: string[] }).reasons;
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^model failed: /);
    expect(await outboundOf(failed)).toEqual([]);

    const ruled = await setup(
      {},
      {
        escalation: [
          {
            name: 'AI down',
            ruleType: 'ai_failure',
            autoEscalate: true,
            escalationType: 'reassign_notify',
            escalateTo: admin.user.id,
          },
        ],
      },
    );
    const escalated = await waitForStatus(
      (await deliver(ruled, 'Hello again MODEL-DOWN')).id,
      'escalated',
    );
    expect(escalated).toMatchObject({ processMode: 'manual', assignedTo: admin.user.id });
    expect(escalated.metadata.escalations).toMatchObject([
      { rule: 'AI down', reassignedTo: admin.user.id, notify: admin.user.id },
    ]);
  });

  it('a model that does not answer in time is a failure too: manual, with the reason', async () => {
    fake.when('MODEL-SILENT', { hang: true });
    const s = await setup();
    const silent = await triaged((await deliver(s, 'Anyone there? MODEL-SILENT')).id);
    expect(silent).toMatchObject({ status: 'pending', processMode: 'manual' });
    expect((silent.metadata.triage as { reasons: string[] }).reasons).toEqual([
      'model failed: timed out after 4000 ms',
    ]);
    expect(await outboundOf(silent)).toEqual([]);
  });
});

describe('escalation after a delay', () => {
  it('a reply before the delay ends cancels it; without one the message is escalated', async () => {
    const s = await setup(
      {},
      {
        escalation: [
          {
            name: 'Chargeback threat',
            ruleType: 'keyword',
            triggerConditions: { keywords: ['chargeback'] },
            autoEscalate: true,
            escalationDelay: 30,
            escalationType: 'notify',
            escalateTo: admin.user.id,
          },
        ],
      },
    );
    fake.when('chargeback', { chunks: [triageJson({ reply: 'We will look into it.' })] });
    const answered = await triaged((await deliver(s, 'I will file a chargeback')).id);
    const ignored = await triaged((await deliver(s, 'Another chargeback coming')).id);
    for (const message of [answered, ignored]) {
      expect(message).toMatchObject({ status: 'pending', processMode: 'manual' });
      expect(message.metadata.escalationsScheduled).toMatchObject([{ rule: 'Chargeback threat' }]);
    }

    await t.db.transaction(async (tx) => {
      await lockThread(tx, answered.threadKey);
      await queueReply(tx, t.app.jobs, {
        inbound: answered,
        content: 'We are sorry, here is what happened.',
        mode: 'manual',
        authorUserId: admin.user.id,
      });
    });
    // The 30 minutes pass.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.name, OMNICHANNEL_ESCALATE_JOB));
    await runJob(OMNICHANNEL_SLA_JOB);

    const escalated = await waitForStatus(ignored.id, 'escalated');
    expect(escalated.metadata.escalations).toMatchObject([
      { rule: 'Chargeback threat', notify: admin.user.id },
    ]);
    await expect
      .poll(async () => (await row(answered.id)).metadata.escalationsCancelled, {
        timeout: 20_000,
        interval: 100,
      })
      .toMatchObject([{ reason: 'a person replied' }]);
    expect((await row(answered.id)).status).toBe('responded');
  });
});

describe('SLA', () => {
  it('warns at 80 % and escalates exactly once on breach, by the injectable clock', async () => {
    const s = await setup({ autoReplyEnabled: false, slaResponseMinutes: 10 });
    scriptModel('SLA-WATCH', { reply: 'On it.' });
    const inbound = await triaged((await deliver(s, 'Waiting SLA-WATCH')).id);
    expect(inbound.status).toBe('pending');
    try {
      clockOffsetMs = 7 * 60_000;
      await runJob(OMNICHANNEL_SLA_JOB);
      expect((await row(inbound.id)).metadata.slaWarnedAt).toBeUndefined();

      clockOffsetMs = 8.5 * 60_000;
      await runJob(OMNICHANNEL_SLA_JOB);
      const warned = await row(inbound.id);
      expect(warned.status).toBe('pending');
      expect(typeof warned.metadata.slaWarnedAt).toBe('string');

      clockOffsetMs = 11 * 60_000;
      await runJob(OMNICHANNEL_SLA_JOB);
      await runJob(OMNICHANNEL_SLA_JOB);
      clockOffsetMs = 60 * 60_000;
      await runJob(OMNICHANNEL_SLA_JOB);
      const breached = await row(inbound.id);
      expect(breached.status).toBe('escalated');
      expect(breached.metadata.slaWarnedAt).toBe(warned.metadata.slaWarnedAt);
      expect(breached.metadata.escalations).toMatchObject([{ reason: 'SLA breached' }]);
      expect(breached.metadata.escalations).toHaveLength(1);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('knowledge', () => {
  it('the model reads only active, date-valid entries that match the message', async () => {
    const s = await setup();
    const base = `/api/omnichannel/brands/${s.brandId}/knowledge`;
    const day = 86_400_000;
    for (const entry of [
      { title: 'Returns policy', content: 'Returns are free within 30 days of delivery.' },
      {
        title: 'Old returns policy',
        content: 'Returns cost 5 euros.',
        validUntil: new Date(Date.now() - day).toISOString(),
      },
      {
        title: 'Future returns policy',
        content: 'Returns within 60 days.',
        validFrom: new Date(Date.now() + day).toISOString(),
      },
      { title: 'Draft returns text', content: 'Returns are being reworked.', isActive: false },
      { title: 'Shipping times', content: 'Parcels arrive in two days.' },
    ]) {
      const response = await call('POST', base, entry);
      expect(response.statusCode, response.body).toBe(201);
    }
    const searched = await call('GET', `${base}?q=returns`);
    expect(
      searched
        .json<{ items: { title: string }[] }>()
        .items.map((e) => e.title)
        .sort(),
    ).toEqual([
      'Draft returns text',
      'Future returns policy',
      'Old returns policy',
      'Returns policy',
    ]);
    const bad = await call('POST', base, {
      title: 'x',
      content: 'y',
      validFrom: new Date(Date.now() + day).toISOString(),
      validUntil: new Date().toISOString(),
    });
    expect(bad.statusCode).toBe(400);

    scriptModel('KNOWLEDGE-Q', { reply: 'Returns are free within 30 days.' });
    await triaged((await deliver(s, 'How do returns work? KNOWLEDGE-Q')).id);
    const request = fake.requests.find((r) => lastUserText(r).includes('KNOWLEDGE-Q'))!;
    const system = JSON.stringify(request.body.messages?.[0] ?? request.body.system);
    expect(system).toContain('Returns policy');
    expect(system).not.toContain('Old returns policy');
    expect(system).not.toContain('Future returns policy');
    expect(system).not.toContain('Draft returns text');
    expect(system).not.toContain('Shipping times');
  });
});

describe('rules and analytics routes', () => {
  it('CRUD for policies and rules is audited; a channel restriction must name channels', async () => {
    const s = await setup();
    const policies = `/api/omnichannel/brands/${s.brandId}/acl-policies`;
    const created = await call('POST', policies, {
      name: 'Chat only',
      policyType: 'channel_restriction',
      effect: 'deny',
      conditions: { channelTypes: ['widget'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(
      (
        await call('POST', policies, {
          name: 'Bad',
          policyType: 'channel_restriction',
          effect: 'deny',
        })
      ).statusCode,
    ).toBe(400);
    const patched = await call('PATCH', `${policies}/${id}`, { priority: 7 });
    expect(patched.json()).toMatchObject({ priority: 7, effect: 'deny' });
    expect((await call('PATCH', `${policies}/${id}`, { effect: 'allow' })).statusCode).toBe(400);
    expect((await call('DELETE', `${policies}/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${policies}/${id}`)).statusCode).toBe(404);
    // Another brand's rule is not found under this brand.
    const other = await setup();
    const rule = await call('POST', `/api/omnichannel/brands/${other.brandId}/escalation-rules`, {
      name: 'Angry',
      ruleType: 'sentiment',
      triggerConditions: { sentiments: ['negative'] },
    });
    const ruleId = rule.json<{ id: number }>().id;
    expect(
      (
        await call('PATCH', `/api/omnichannel/brands/${s.brandId}/escalation-rules/${ruleId}`, {
          priority: 1,
        })
      ).statusCode,
    ).toBe(404);
    const audited = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.targetType, 'acl_policy'), eq(adminAuditLog.targetId, String(id))),
      );
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'acl_policy.create',
      'acl_policy.delete',
      'acl_policy.update',
    ]);
  });

  it('non-admins get 403 on every rules, knowledge and analytics route', async () => {
    const s = await setup();
    const base = `/api/omnichannel/brands/${s.brandId}`;
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', `${base}/acl-policies`],
      ['POST', `${base}/acl-policies`, { name: 'x', policyType: 'autopilot', effect: 'deny' }],
      ['PATCH', `${base}/acl-policies/1`, { priority: 1 }],
      ['DELETE', `${base}/acl-policies/1`],
      ['GET', `${base}/escalation-rules`],
      ['POST', `${base}/escalation-rules`, { name: 'x', ruleType: 'ai_failure' }],
      ['PATCH', `${base}/escalation-rules/1`, { priority: 1 }],
      ['DELETE', `${base}/escalation-rules/1`],
      ['GET', `${base}/knowledge`],
      ['POST', `${base}/knowledge`, { title: 'x', content: 'y' }],
      ['PATCH', `${base}/knowledge/1`, { title: 'z' }],
      ['DELETE', `${base}/knowledge/1`],
      ['GET', `/api/omnichannel/analytics?brandId=${s.brandId}&from=2026-01-01&to=2026-01-31`],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, payload, member.cookie);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('daily analytics count messages by direction and mode, response times, rates and CSAT', async () => {
    const s = await setup();
    scriptModel('STATS-AUTO', { reply: 'Sure, done.' });
    scriptModel('STATS-DRAFT', { reply: 'Have 20 % off.' });
    const auto = await waitForStatus(
      (await deliver(s, 'Thing STATS-AUTO', 'stats-a')).id,
      'responded',
    );
    await waitForStatus((await deliver(s, 'Thing STATS-DRAFT', 'stats-b')).id, 'awaiting_approval');
    // The inbox resolves the first thread and asks for a rating; the customer answers 4.
    await t.db
      .update(omnichannelMessages)
      .set({ status: 'resolved' })
      .where(eq(omnichannelMessages.id, auto.id));
    const rating = await waitForStatus((await deliver(s, '4', 'stats-a')).id, 'resolved');
    expect(rating.metadata.csat).toBe(4);
    expect(
      await t.db.select().from(omnichannelCsat).where(eq(omnichannelCsat.messageRowId, rating.id)),
    ).toHaveLength(1);

    await runJob(OMNICHANNEL_ANALYTICS_JOB);
    const today = new Date().toISOString().slice(0, 10);
    const response = await call(
      'GET',
      `/api/omnichannel/analytics?brandId=${s.brandId}&from=${today}&to=${today}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [day] = response.json<{ items: Record<string, unknown>[] }>().items;
    expect(day).toMatchObject({
      date: today,
      channelType: 'api',
      totalMessages: 4,
      inboundMessages: 3,
      outboundMessages: 1,
      autopilotMessages: 1,
      copilotMessages: 0,
      manualMessages: 0,
      resolutionRate: '66.67',
      escalationRate: '0.00',
      csatScore: '4.00',
      csatResponses: 1,
    });
    expect(day!.avgResponseTime).toEqual(expect.any(Number));
    expect(day!.firstResponseTime).toEqual(expect.any(Number));
    expect(
      (
        await call(
          'GET',
          `/api/omnichannel/analytics?brandId=${s.brandId}&from=${today}&to=2020-01-01`,
        )
      ).statusCode,
    ).toBe(400);
  });
});
