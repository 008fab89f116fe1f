import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OmnichannelMessage } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { streamReader } from '#tests/support/stream-reader.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/** 'notify' escalations: the named administrator is told live (issue 14 item 5, decision 286). */
const HMAC_KEY = 'notice-hmac-key';
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let named: Awaited<ReturnType<typeof createSignedInUser>>;
let brandId: string;
let webhookPath: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  named = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await call('POST', '/api/omnichannel/brands', { name: 'Acme' });
  brandId = brand.json<{ brandId: string }>().brandId;
  const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'acme-api',
    secrets: { hmacKey: HMAC_KEY },
  });
  webhookPath = channel.json<{ webhookPath: string }>().webhookPath;
  const rule = await call('POST', `/api/omnichannel/brands/${brandId}/escalation-rules`, {
    name: 'Legal threat',
    ruleType: 'keyword',
    triggerConditions: { keywords: ['lawyer'] },
    escalationType: 'notify',
    escalateTo: named.user.id,
    autoEscalate: true,
  });
  expect(rule.statusCode, rule.body).toBe(201);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) {
  return api(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });
}

async function customerWrites(sender: string, content: string) {
  const body = JSON.stringify({ messageId: randomUUID(), sender, content });
  await postSignedWebhook(t.app, webhookPath, HMAC_KEY, body);
}

const escalatedToMe = async (cookie: string) =>
  (
    await call(
      'GET',
      `/api/omnichannel/messages?brandId=${brandId}&escalatedTo=me`,
      undefined,
      cookie,
    )
  ).json<{ items: OmnichannelMessage[] }>().items;

describe('a notify escalation', () => {
  it('reaches the named administrator’s open inbox live, and their “escalated to me” filter', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const stream = await fetch(`${origin}/api/omnichannel/inbox/stream?brandId=${brandId}`, {
      headers: { accept: 'text/event-stream', cookie: named.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = streamReader(stream);
    await events.until('retry:');

    await customerWrites('angry-1', 'I will call my lawyer about this order.');
    await customerWrites('calm-1', 'Where is my parcel?');
    await events.until('event: escalation');
    const line = events
      .text()
      .split('\n')
      .find((l, i, all) => all[i - 1] === 'event: escalation')!;
    const notice = JSON.parse(line.replace(/^data: /, '')) as Record<string, unknown>;
    expect(notice).toMatchObject({
      brandId,
      userId: named.user.id,
      reason: "rule 'Legal threat'",
    });
    expect(String(notice.threadKey)).toMatch(/:angry-1$/);
    controller.abort();

    const mine = await until(
      () => escalatedToMe(named.cookie),
      (items) => items.length > 0,
    );
    expect(mine.map((m) => m.senderIdentifier)).toEqual(['angry-1']);
    expect(mine[0]!.status).toBe('escalated');
    // Only the administrator the rule names: another admin's filter is empty.
    expect(await escalatedToMe(admin.cookie)).toEqual([]);
  });
});
