import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { visitorSignature } from '#server/features/omnichannel/widget-visitor.ts';
import type { OmnichannelMessage, Thread } from '#shared/omnichannel/inbox-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { streamReader } from '#tests/support/stream-reader.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/** The website chat widget's public routes, as a brand's site calls them (issue 14 item 2). */
const HMAC_KEY = 'widget-hmac-key-1234';
const SITE = 'https://shop.example';
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let widgetId: string;
let apiChannelId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await adminCall('POST', '/api/omnichannel/brands', {
    name: 'Acme Shop',
    primaryColor: '#0f766e',
    voice: 'Secret tone of voice',
    maxAutopilotAmount: '250.00',
  });
  const { brandId } = brand.json<{ brandId: string }>();
  const channel = async (channelType: string) => {
    const created = await adminCall('POST', `/api/omnichannel/brands/${brandId}/channels`, {
      channelType,
      channelIdentifier: `${channelType}-acme`,
      config: {},
      secrets: { hmacKey: HMAC_KEY },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ channelId: string }>().channelId;
  };
  widgetId = await channel('widget');
  apiChannelId = await channel('api');
});
afterAll(() => t.close());

function adminCall(method: 'GET' | 'POST', url: string, payload?: object) {
  return api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
}

/** A request from the brand's page: its Origin, no cookie, no X-Requested-With. */
function fromSite(method: 'GET' | 'POST' | 'OPTIONS', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: SITE, ...(method === 'OPTIONS' ? preflight : {}) },
    ...(payload ? { payload } : {}),
  });
}
const preflight = {
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'content-type',
};

const message = (visitor: string, extra: object = {}) => ({
  visitor,
  signature: visitorSignature(HMAC_KEY, visitor),
  clientMessageId: randomUUID(),
  content: 'Is the blue jacket back in stock?',
  senderName: 'Mira',
  ...extra,
});

const rowsOf = (visitor: string) =>
  t.db.select().from(omnichannelMessages).where(eq(omnichannelMessages.senderIdentifier, visitor));

describe('widget config', () => {
  it('shows only the brand’s public face, to any site, cacheable', async () => {
    const response = await fromSite('GET', `/api/omnichannel/widget/${widgetId}/config`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      channelId: widgetId,
      brandName: 'Acme Shop',
      primaryColor: '#0f766e',
      logo: null,
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is 404 for another kind of channel or an unknown one, readable by the site', async () => {
    for (const id of [apiChannelId, randomUUID()]) {
      const response = await fromSite('GET', `/api/omnichannel/widget/${id}/config`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe('a visitor’s message', () => {
  it('passes the preflight for exactly a JSON POST, without credentials', async () => {
    const response = await fromSite('OPTIONS', `/api/omnichannel/widget/${widgetId}/messages`);
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
    });
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('is stored once in the visitor’s thread, cross-origin without cookie or CSRF header', async () => {
    const input = message('visitor-1');
    const first = await fromSite('POST', `/api/omnichannel/widget/${widgetId}/messages`, input);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(first.headers['access-control-allow-origin']).toBe('*');
    // The widget resends after a lost answer: the same clientMessageId is stored once.
    const again = await fromSite('POST', `/api/omnichannel/widget/${widgetId}/messages`, input);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const rows = await rowsOf('visitor-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channelId: widgetId,
      channelType: 'widget',
      direction: 'inbound',
      threadKey: `${widgetId}:visitor-1`,
      senderName: 'Mira',
      content: 'Is the blue jacket back in stock?',
    });
    // The admin's inbox lists it.
    const thread = await adminCall(
      'GET',
      `/api/omnichannel/threads/${encodeURIComponent(`${widgetId}:visitor-1`)}`,
    );
    expect(thread.json<Thread>().messages[0]!.content).toBe('Is the blue jacket back in stock?');
  });

  it('is refused with a wrong visitor signature (401) or a bad body (400), nothing stored', async () => {
    const forged = await fromSite(
      'POST',
      `/api/omnichannel/widget/${widgetId}/messages`,
      message('visitor-2', { signature: visitorSignature('another key', 'visitor-2') }),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['access-control-allow-origin']).toBe('*');
    const empty = await fromSite(
      'POST',
      `/api/omnichannel/widget/${widgetId}/messages`,
      message('visitor-2', { content: '   ' }),
    );
    expect(empty.statusCode).toBe(400);
    const wrongChannel = await fromSite(
      'POST',
      `/api/omnichannel/widget/${apiChannelId}/messages`,
      message('visitor-2'),
    );
    expect(wrongChannel.statusCode).toBe(404);
    expect(await rowsOf('visitor-2')).toHaveLength(0);
  });

  it('is answered by the admin, and the reply streams to the visitor’s widget', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = 'visitor-3';
    const controller = new AbortController();
    const stream = await fetch(
      `${origin}/api/omnichannel/widget/${widgetId}/stream?visitor=${visitor}&signature=${visitorSignature(HMAC_KEY, visitor)}`,
      { headers: { origin: SITE }, signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    const events = streamReader(stream);
    await events.until('retry:');

    await fromSite('POST', `/api/omnichannel/widget/${widgetId}/messages`, message(visitor));
    const [inbound] = await until(
      () => rowsOf(visitor),
      (rows) => rows.length === 1,
    );
    const reply = await adminCall('POST', `/api/omnichannel/messages/${inbound!.id}/reply`, {
      content: 'Yes, since this morning.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await events.until('event: reply');
    expect(events.text()).toContain(JSON.stringify('Yes, since this morning.'));
    expect(events.text()).toContain(reply.json<OmnichannelMessage>().messageId);
    controller.abort();
  });
});
