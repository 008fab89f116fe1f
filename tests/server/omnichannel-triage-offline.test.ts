import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/** With no AI provider the offline assistant triages by keywords and only ever drafts (issue 14). */
let t: TestContext;
let cookie: string;
const HMAC_KEY = 'offline-hmac-key-0123';
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createSignedInUser(t.db, { isAdmin: true }));
});
afterAll(() => t.close());

const call = (method: 'POST', url: string, payload: object) =>
  api(t.app, { method, url, cookie, payload });

it('classifies by keywords and leaves a draft for approval: the best knowledge entry, else an acknowledgement', async () => {
  const brand = await call('POST', '/api/omnichannel/brands', { name: 'Offline brand' });
  const { brandId } = brand.json<{ brandId: string }>();
  const channel = await call('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'offline-api',
    secrets: { hmacKey: HMAC_KEY },
  });
  const { channelId } = channel.json<{ channelId: string }>();
  const entry = await call('POST', `/api/omnichannel/brands/${brandId}/knowledge`, {
    title: 'Versand',
    content: 'Pakete kommen innerhalb von zwei Werktagen an.',
  });
  expect(entry.statusCode, entry.body).toBe(201);

  async function triage(id: string, content: string) {
    const body = JSON.stringify({ messageId: id, sender: `s-${id}`, content });
    await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${channelId}`, HMAC_KEY, body);
    const inboundOf = async () =>
      (
        await t.db
          .select()
          .from(omnichannelMessages)
          .where(eq(omnichannelMessages.messageId, `api:${channelId}:${id}`))
      )[0]!;
    await expect
      .poll(async () => (await inboundOf()).status, { timeout: 20_000, interval: 100 })
      .toBe('awaiting_approval');
    const inbound = await inboundOf();
    const [draft] = await t.db
      .select()
      .from(omnichannelMessages)
      .where(
        and(
          eq(omnichannelMessages.parentMessageId, inbound.messageId),
          eq(omnichannelMessages.direction, 'outbound'),
        ),
      );
    return { inbound, draft: draft! };
  }

  const refund = await triage('o-1', 'Ich will mein Geld zurück, dringend!');
  expect(refund.inbound).toMatchObject({
    intent: 'refund',
    urgency: 'high',
    processMode: 'copilot',
  });
  expect(refund.inbound.metadata.triage).toMatchObject({
    language: 'de',
    sentiment: 'neutral',
    model: 'offline',
  });
  expect(refund.draft).toMatchObject({
    status: 'draft',
    processMode: 'copilot',
    content:
      'Vielen Dank für Ihre Nachricht. Wir kümmern uns darum und melden uns in Kürze bei Ihnen.',
  });
  expect(refund.draft.metadata.reasons).toEqual([
    'offline assistant: every reply is reviewed',
    'urgency high',
  ]);

  const shipping = await triage('o-2', 'Wie lange dauert der Versand?');
  expect(shipping.draft.content).toBe('Pakete kommen innerhalb von zwei Werktagen an.');
  expect(shipping.draft.metadata.citations).toEqual(['Versand']);
});
