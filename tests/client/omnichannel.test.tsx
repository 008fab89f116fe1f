import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const BRAND_ID = '7d1e6c1a-3b1f-4c38-9a55-0f3e2b7a9c11';
const CHANNEL_ID = '2f0b5a4e-8c6d-4e21-b7a3-5d9c1e0f4a22';
const stamp = '2026-11-20T09:30:00.000Z';

const brand = {
  brandId: BRAND_ID,
  name: 'Acme',
  description: null,
  logo: null,
  primaryColor: null,
  voice: 'Friendly',
  signatureEmail: null,
  signatureChat: null,
  legalDisclaimer: null,
  autoReplyEnabled: true,
  maxAutopilotAmount: '1000.00',
  maxDiscountPercent: '5.00',
  slaResponseMinutes: 120,
  isActive: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const channel = {
  channelId: CHANNEL_ID,
  brandId: BRAND_ID,
  channelType: 'whatsapp',
  channelIdentifier: '+4917600',
  config: { apiBaseUrl: 'https://graph.facebook.com/v21.0' },
  secretsConfigured: { appSecret: true, verifyToken: false, authToken: false },
  webhookPath: `/api/omnichannel/webhooks/${CHANNEL_ID}`,
  isActive: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const message = {
  id: 1,
  messageId: 'whatsapp:wamid.1',
  brandId: BRAND_ID,
  channelId: CHANNEL_ID,
  channelType: 'whatsapp',
  direction: 'inbound',
  threadKey: `${CHANNEL_ID}:4917600`,
  senderIdentifier: '4917600',
  senderName: 'Lena',
  content: 'Wo ist meine Bestellung?',
  status: 'pending',
  createdAt: stamp,
};

function adminServer(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    ...routes,
  });
}

describe('/omnichannel', () => {
  it('shows a brand’s channels with their webhook URL, write-only secrets and latest messages', async () => {
    const server = adminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/messages`]: {
        status: 200,
        body: { items: [message], nextCursor: null },
      },
      [`PATCH /api/omnichannel/brands/${BRAND_ID}/channels/${CHANNEL_ID}`]: {
        status: 200,
        body: {
          ...channel,
          secretsConfigured: { ...channel.secretsConfigured, verifyToken: true },
        },
      },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));

    const form = await screen.findByRole('form', { name: 'Kanal WhatsApp' });
    expect(
      within(form).getByRole<HTMLInputElement>('textbox', {
        name: 'Webhook-URL (beim Anbieter eintragen)',
      }).value,
    ).toBe(`${window.location.origin}/api/omnichannel/webhooks/${CHANNEL_ID}`);
    const appSecret = within(form).getByLabelText<HTMLInputElement>('App-Secret');
    expect(appSecret.type).toBe('password');
    expect(appSecret.value).toBe('');
    expect(appSecret.placeholder).toBe('Gesetzt – zum Ersetzen eingeben');
    expect(within(form).getByLabelText<HTMLInputElement>('Verify-Token').placeholder).toBe(
      'Nicht gesetzt',
    );

    const table = await screen.findByRole('table', { name: 'Neueste Nachrichten' });
    expect(within(table).getByText('Wo ist meine Bestellung?')).toBeTruthy();
    expect(within(table).getByText('Lena (4917600)')).toBeTruthy();

    await userEvent.type(within(form).getByLabelText('Verify-Token'), 'new-token');
    await userEvent.click(within(form).getByRole('button', { name: 'Kanal speichern' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        channelIdentifier: '+4917600',
        config: { apiBaseUrl: 'https://graph.facebook.com/v21.0' },
        secrets: { verifyToken: 'new-token' },
      }),
    );
  });

  it('creates a brand with the spec’s default limits', async () => {
    const server = adminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [] } },
      'POST /api/omnichannel/brands': { status: 201, body: { ...brand, name: 'Neu' } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: { status: 200, body: { items: [] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/messages`]: {
        status: 200,
        body: { items: [], nextCursor: null },
      },
    });
    renderApp('/omnichannel');
    expect(await screen.findByText('Noch keine Marken.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Marke' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Neu');
    await userEvent.click(within(form).getByRole('button', { name: 'Marke anlegen' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        name: 'Neu',
        maxAutopilotAmount: '1000.00',
        maxDiscountPercent: '5.00',
        slaResponseMinutes: 120,
        autoReplyEnabled: true,
      }),
    );
  });
});
