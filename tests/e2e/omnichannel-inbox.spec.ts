import { createHmac, randomUUID } from 'node:crypto';
import { startFakeProviderPeer } from '../support/fake-omnichannel/fake-provider-peer.ts';
import { loginByApi } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const HMAC_KEY = 'e2e-inbox-hmac-key';

const sign = (body: string) =>
  `sha256=${createHmac('sha256', HMAC_KEY).update(body).digest('hex')}`;

test('a customer message appears in the open inbox live, and the admin’s reply reaches the brand', async ({
  page,
}) => {
  // The brand's own webhook receiver, where replies on its API channel go.
  const peer = await startFakeProviderPeer();
  try {
    await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const brandName = `Inbox ${randomUUID().slice(0, 8)}`;
    const brand = await page.request.post('/api/omnichannel/brands', {
      data: { name: brandName, signatureChat: 'Team Acme' },
      headers: XHR,
    });
    expect(brand.status()).toBe(201);
    const { brandId } = (await brand.json()) as { brandId: string };
    const channel = await page.request.post(`/api/omnichannel/brands/${brandId}/channels`, {
      data: {
        channelType: 'api',
        channelIdentifier: 'shop-backend',
        config: { replyWebhookUrl: `${peer.url}/replies` },
        secrets: { hmacKey: HMAC_KEY },
      },
      headers: XHR,
    });
    expect(channel.status()).toBe(201);
    const { webhookPath } = (await channel.json()) as { webhookPath: string };

    await page.goto('/omnichannel');
    await page.getByRole('button', { name: brandName }).click();
    const threads = page.getByRole('list', { name: 'Unterhaltungen' });
    await expect(page.getByText('Keine Unterhaltungen.')).toBeVisible();

    // The customer writes while the inbox is open: it shows up without a reload.
    const body = JSON.stringify({
      messageId: randomUUID(),
      sender: 'customer-42',
      senderName: 'Kim',
      content: 'Wo bleibt meine Lieferung?',
    });
    const delivered = await page.request.post(webhookPath, {
      data: body,
      headers: { 'content-type': 'application/json', 'x-orbit-signature': sign(body) },
    });
    expect(delivered.status()).toBe(200);
    await threads.getByRole('button', { name: /Wo bleibt meine Lieferung\?/ }).click();

    const thread = page.getByRole('article', { name: 'Unterhaltung' });
    await expect(thread.getByRole('heading', { name: 'Kim' })).toBeVisible();
    const box = thread.getByRole('form', { name: 'Antwort' });
    await box.getByRole('textbox', { name: 'Deine Antwort' }).fill('Sie ist heute unterwegs.');
    await box.getByRole('button', { name: 'Antwort senden' }).click();

    // The delivery job signs it for the brand; the thread shows it sent, again without a reload.
    await expect.poll(() => peer.to('/replies').length).toBe(1);
    const [reply] = peer.to('/replies');
    expect(reply!.headers['x-orbit-signature']).toBe(sign(reply!.body));
    expect(JSON.parse(reply!.body)).toMatchObject({
      recipient: 'customer-42',
      content: 'Sie ist heute unterwegs.\n\nTeam Acme',
    });
    const sent = thread.getByRole('list', { name: 'Nachrichten' }).getByRole('listitem').last();
    await expect(sent).toContainText('Sie ist heute unterwegs.');
    await expect(sent).toContainText('Gesendet');
  } finally {
    await peer.close();
  }
});
