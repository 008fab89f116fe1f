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
let openWidgetId: string;
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
  const channel = async (channelType: string, config: object = {}) => {
    const created = await adminCall('POST', `/api/omnichannel/brands/${brandId}/channels`, {
      channelType,
      channelIdentifier: `${channelType}-acme-${randomUUID()}`,
      config,
      secrets: { hmacKey: HMAC_KEY },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ channelId: string }>().channelId;
  };
  widgetId = await channel('widget');
  openWidgetId = await channel('widget', { anonymousVisitors: true });
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
      anonymousVisitors: false,
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

describe('anonymous visitors', () => {
  it('are refused where the brand signs its visitors (the default)', async () => {
    const response = await fromSite('POST', `/api/omnichannel/widget/${widgetId}/visitors`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('get a new signed random id where the brand allows them, and write with it', async () => {
    const config = await fromSite('GET', `/api/omnichannel/widget/${openWidgetId}/config`);
    expect(config.json()).toMatchObject({ anonymousVisitors: true });
    const first = await fromSite('POST', `/api/omnichannel/widget/${openWidgetId}/visitors`);
    const second = await fromSite('POST', `/api/omnichannel/widget/${openWidgetId}/visitors`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const issued = first.json<{ visitor: string; signature: string }>();
    expect(issued.visitor).toMatch(/^visitor-[0-9a-f-]{36}$/);
    expect(issued.signature).toBe(visitorSignature(HMAC_KEY, issued.visitor));
    expect(second.json<{ visitor: string }>().visitor).not.toBe(issued.visitor);

    const sent = await fromSite('POST', `/api/omnichannel/widget/${openWidgetId}/messages`, {
      ...message(issued.visitor),
      signature: issued.signature,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await rowsOf(issued.visitor)).toHaveLength(1);
  });

  it('cannot write as a visitor they were not given', async () => {
    const forged = await fromSite(
      'POST',
      `/api/omnichannel/widget/${openWidgetId}/messages`,
      message('visitor-someone', { signature: 'b'.repeat(64) }),
    );
    expect(forged.statusCode).toBe(401);
  });
});

describe('a visitor’s conversation so far', () => {
  const historyOf = (
    visitor: string,
    signature = visitorSignature(HMAC_KEY, visitor),
    limit = '',
  ) =>
    fromSite(
      'GET',
      `/api/omnichannel/widget/${widgetId}/messages?visitor=${visitor}&signature=${signature}${limit}`,
    );

  it('holds what the visitor sent and the replies, not a draft, oldest first', async () => {
    const visitor = 'visitor-history';
    const input = message(visitor, { content: 'Do you ship to Skopje?' });
    await fromSite('POST', `/api/omnichannel/widget/${widgetId}/messages`, input);
    const [inbound] = await until(
      () => rowsOf(visitor),
      (rows) => rows.length === 1,
    );
    // A reply sent while no stream of the visitor was open.
    const reply = await adminCall('POST', `/api/omnichannel/messages/${inbound!.id}/reply`, {
      content: 'Yes, within three days.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // A copilot draft the admin has not approved must not reach the visitor.
    await t.db.insert(omnichannelMessages).values({
      messageId: `draft:${randomUUID()}`,
      brandId: inbound!.brandId,
      channelId: widgetId,
      channelType: 'widget',
      direction: 'outbound',
      threadKey: inbound!.threadKey,
      senderIdentifier: visitor,
      content: 'An unapproved draft',
      status: 'draft',
    });

    const response = await historyOf(visitor);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json<{ items: { id: string; from: string; content: string }[] }>();
    expect(items.map(({ id, from, content }) => ({ id, from, content }))).toEqual([
      { id: input.clientMessageId, from: 'visitor', content: 'Do you ship to Skopje?' },
      {
        id: reply.json<OmnichannelMessage>().messageId,
        from: 'brand',
        content: 'Yes, within three days.',
      },
    ]);

    const newest = await historyOf(visitor, undefined, '&limit=1');
    expect(newest.json<{ items: { from: string }[] }>().items.map((item) => item.from)).toEqual([
      'brand',
    ]);
  });

  it('is readable only with the visitor’s signature, and holds only their messages', async () => {
    const wrong = await historyOf('visitor-history', visitorSignature(HMAC_KEY, 'visitor-1'));
    expect(wrong.statusCode).toBe(401);
    const other = await historyOf('visitor-nobody');
    expect(other.json()).toEqual({ items: [] });
    const tooMany = await historyOf('visitor-history', undefined, '&limit=500');
    expect(tooMany.statusCode).toBe(400);
  });
});
