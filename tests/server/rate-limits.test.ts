import { createHmac } from 'node:crypto';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundEvents } from '#server/db/schema/inbound-events.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { generalLimit, ROUTE_CLASSES } from '#server/http/general-rate-limit.ts';
import type { ErrorEnvelope } from '#shared/errors/app-error.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeStripe } from '#tests/support/fake-stripe/fake-stripe-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/** Small limits (a twentieth of the defaults), so a test reaches them in a few dozen requests. */
const FACTOR = 0.05;
/** Stripe mode (against a fake Stripe API), so the Stripe webhook route exists. */
const WEBHOOK_SECRET = 'whsec_test_rate_limits';
let t: TestContext;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  t = await createTestApp({
    RATE_LIMIT_FACTOR: String(FACTOR),
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function expectRateLimited(response: Awaited<ReturnType<typeof api>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', statusCode: 429 });
  expect(response.json<ErrorEnvelope>().message).toMatch(
    /^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/,
  );
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('general rate limit', () => {
  it('limits the reads of one user, from whatever address', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const read = () =>
      api(t.app, { method: 'GET', url: '/api/user', cookie, remoteAddress: nextIp() });
    for (let i = 0; i < generalLimit('read', 'perUser', FACTOR); i++) {
      expect((await read()).statusCode).toBe(200);
    }
    expectRateLimited(await read());

    const { cookie: otherCookie } = await createSignedInUser(t.db);
    const other = await api(t.app, { method: 'GET', url: '/api/user', cookie: otherCookie });
    expect(other.statusCode).toBe(200);
  });

  it('limits one address, signed in or not', async () => {
    const remoteAddress = nextIp();
    const guest = () => api(t.app, { method: 'GET', url: '/api/user', remoteAddress });
    for (let i = 0; i < generalLimit('read', 'perAddress', FACTOR); i++) {
      expect((await guest()).statusCode).toBe(401);
    }
    expectRateLimited(await guest());
    const { cookie } = await createSignedInUser(t.db);
    expectRateLimited(await api(t.app, { method: 'GET', url: '/api/user', cookie, remoteAddress }));
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, which it can pick addresses from at will', async () => {
    let host = 0;
    const guest = () =>
      api(t.app, {
        method: 'GET',
        url: '/api/user',
        remoteAddress: `2001:db8:77:5::${(++host).toString(16)}`,
      });
    for (let i = 0; i < generalLimit('read', 'perAddress', FACTOR); i++) {
      expect((await guest()).statusCode).toBe(401);
    }
    expectRateLimited(await guest());
    const neighbour = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      remoteAddress: '2001:db8:77:6::1',
    });
    expect(neighbour.statusCode).toBe(401);
  });

  it('allows fewer writes than reads, and counts them apart', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const write = () =>
      api(t.app, {
        method: 'PATCH',
        url: '/api/user',
        cookie,
        payload: { displayName: 'Ana' },
        remoteAddress: nextIp(),
      });
    const writes = generalLimit('write', 'perUser', FACTOR);
    expect(writes).toBeLessThan(generalLimit('read', 'perUser', FACTOR));
    for (let i = 0; i < writes; i++) expect((await write()).statusCode).toBe(200);
    expectRateLimited(await write());
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  it('allows even fewer chat messages and exports, whatever their bodies', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const chat = () =>
      api(t.app, {
        method: 'POST',
        url: '/api/chat',
        cookie,
        payload: {},
        remoteAddress: nextIp(),
      });
    const chats = generalLimit('chat', 'perUser', FACTOR);
    expect(chats).toBeLessThan(generalLimit('write', 'perUser', FACTOR));
    for (let i = 0; i < chats; i++) expect((await chat()).statusCode).toBe(400);
    expectRateLimited(await chat());

    const exportCall = () =>
      api(t.app, {
        method: 'GET',
        url: '/api/conversations/00000000-0000-4000-8000-000000000000/export',
        cookie,
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < generalLimit('export', 'perUser', FACTOR); i++) {
      expect((await exportCall()).statusCode).not.toBe(429);
    }
    expectRateLimited(await exportCall());
  });

  it('names only routes that exist in its table of route classes', () => {
    const routes = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    for (const route of Object.keys(ROUTE_CLASSES)) expect(routes, route).toContain(route);
  });
});

describe('provider webhooks', () => {
  const hmacKey = 'rate-limit-channel-key';

  async function createApiChannel() {
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const call = (url: string, payload: object) =>
      api(t.app, { method: 'POST', url, cookie: admin.cookie, payload, remoteAddress: nextIp() });
    const brand = await call('/api/omnichannel/brands', { name: 'Burst' });
    expect(brand.statusCode, brand.body).toBe(201);
    const channel = await call(`/api/omnichannel/brands/${brand.json().brandId}/channels`, {
      channelType: 'api',
      channelIdentifier: 'api-burst',
      config: { apiBaseUrl: 'http://127.0.0.1:9/provider' },
      secrets: { hmacKey },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    return channel.json<{ channelId: string; webhookPath: string }>();
  }

  /** A delivery as the provider makes it: signed raw body, no cookie and no CSRF marker. */
  function deliverToStripe(remoteAddress: string) {
    const event = stripe.event('customer.created', { id: stripe.id('cus'), object: 'customer' });
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app
      .inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
        remoteAddress,
      })
      .then((response) => ({ response, eventId: event.id as string }));
  }

  function deliverToChannel(path: string, messageId: string, remoteAddress: string) {
    const payload = JSON.stringify({ messageId, sender: 'customer-1', content: 'Hello' });
    const signature = `sha256=${createHmac('sha256', hmacKey).update(payload).digest('hex')}`;
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-orbit-signature': signature },
      payload,
      remoteAddress,
    });
  }

  it('accepts a burst of signed deliveries past the write limit; other writes stay limited', async () => {
    const channel = await createApiChannel();
    const provider = nextIp();
    const writes = generalLimit('write', 'perAddress', FACTOR);
    const burst = writes + 5;

    const eventIds: string[] = [];
    for (let i = 0; i < burst; i++) {
      const { response, eventId } = await deliverToStripe(provider);
      expect(response.statusCode, response.body).toBe(200);
      eventIds.push(eventId);
    }
    for (let i = 0; i < burst; i++) {
      const response = await deliverToChannel(channel.webhookPath, `burst-${i}`, provider);
      expect(response.statusCode, response.body).toBe(200);
    }
    const [messages] = await t.db
      .select({ n: count() })
      .from(omnichannelMessages)
      .where(
        and(
          eq(omnichannelMessages.channelId, channel.channelId),
          eq(omnichannelMessages.direction, 'inbound'),
        ),
      );
    expect(messages!.n).toBe(burst);
    const processed = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(inboundEvents)
          .where(
            and(inArray(inboundEvents.eventId, eventIds), isNotNull(inboundEvents.processedAt)),
          )
      )[0]!.n;
    await until(processed, (n) => n === burst, { attempts: 800 });

    // The deliveries used none of the address's write budget, and an ordinary write route keeps it.
    const guestWrite = () =>
      api(t.app, {
        method: 'PATCH',
        url: '/api/user',
        payload: { displayName: 'Ana' },
        remoteAddress: provider,
      });
    for (let i = 0; i < writes; i++) expect((await guestWrite()).statusCode).toBe(401);
    expectRateLimited(await guestWrite());
    expect((await deliverToStripe(provider)).response.statusCode).toBe(200);
  });
});
