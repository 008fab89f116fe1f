import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BRAND_ID,
  brandBody,
  omnichannelAdminServer,
  QUIET_STREAM,
  STAMP,
} from './support/omnichannel-fixtures.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const CHANNEL_ID = '2f0b5a4e-8c6d-4e21-b7a3-5d9c1e0f4a22';
const stamp = STAMP;
const brand = brandBody({ voice: 'Friendly' });
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
  intent: null,
  urgency: null,
  processMode: null,
  assignedTo: null,
  parentMessageId: null,
  responseTime: null,
  reasons: [],
  providerMessageId: null,
  deliveryError: null,
  createdAt: stamp,
};
const THREAD_URL = `/api/omnichannel/threads/${encodeURIComponent(message.threadKey)}`;
const thread = (messages: object[]) => ({
  threadKey: message.threadKey,
  brandId: BRAND_ID,
  channelId: CHANNEL_ID,
  channelType: 'whatsapp',
  senderIdentifier: '4917600',
  senderName: 'Lena',
  messages,
});
const draft = {
  ...message,
  id: 2,
  messageId: 'whatsapp:out:draft',
  direction: 'outbound',
  content: 'Sie bekommen 10 % Rabatt.',
  status: 'draft',
  processMode: 'copilot',
  parentMessageId: message.messageId,
  reasons: ['discount 10 % > limit 5 %'],
};
const template = {
  templateId: '5c0d2e9f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  brandId: BRAND_ID,
  name: 'Versand',
  category: null,
  channelType: null,
  language: 'de',
  subject: null,
  content: 'Hallo {{customer_name}}, Ihr Paket ist unterwegs.',
  variables: ['customer_name'],
  quickReplies: ['Danke für Ihre Geduld.'],
  usageCount: 3,
  isActive: true,
  createdAt: stamp,
  updatedAt: stamp,
};

const change = (threadKey: string, id: number) =>
  `event: change\ndata: ${JSON.stringify({ brandId: BRAND_ID, threadKey, id })}\n\n`;

describe('/omnichannel', () => {
  it('shows a brand’s channels with their webhook URL, write-only secrets and latest messages', async () => {
    const server = omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      'GET /api/omnichannel/messages': {
        status: 200,
        body: { items: [message], nextCursor: null },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
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

    const threads = await screen.findByRole('list', { name: 'Unterhaltungen' });
    expect(await within(threads).findByText('Wo ist meine Bestellung?')).toBeTruthy();
    expect(within(threads).getByText('Lena')).toBeTruthy();

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
    const server = omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [] } },
      'POST /api/omnichannel/brands': { status: 201, body: { ...brand, name: 'Neu' } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: { status: 200, body: { items: [] } },
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

  it('shows a draft with its reasons; approving sends the edited text', async () => {
    const server = omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
      'GET /api/omnichannel/messages': {
        status: 200,
        body: { items: [{ ...message, status: 'awaiting_approval' }], nextCursor: null },
      },
      [`GET ${THREAD_URL}`]: {
        status: 200,
        body: thread([{ ...message, status: 'awaiting_approval' }, draft]),
      },
      'POST /api/omnichannel/messages/1/approve': {
        status: 200,
        body: { ...draft, status: 'queued', content: 'Sie bekommen 5 % Rabatt.' },
      },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('button', { name: /Wo ist meine Bestellung/ }));
    const review = await screen.findByRole('region', { name: 'KI-Entwurf wartet auf Freigabe' });
    expect(within(review).getByText('discount 10 % > limit 5 %')).toBeTruthy();
    const text = within(review).getByLabelText('Entwurfstext');
    await userEvent.clear(text);
    await userEvent.type(text, 'Sie bekommen 5 % Rabatt.');
    await userEvent.click(within(review).getByRole('button', { name: 'Freigeben und senden' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.endsWith('/approve'))?.body).toEqual({
        content: 'Sie bekommen 5 % Rabatt.',
      }),
    );
  });

  it('replies from a template with its variables filled and a quick reply', async () => {
    const answer = { ...message, id: 3, direction: 'outbound', status: 'queued', content: 'x' };
    const server = omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: {
        status: 200,
        body: { items: [template] },
      },
      'GET /api/omnichannel/messages': {
        status: 200,
        body: { items: [message], nextCursor: null },
      },
      [`GET ${THREAD_URL}`]: { status: 200, body: thread([message]) },
      'POST /api/omnichannel/messages/1/reply': { status: 201, body: answer },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('button', { name: /Wo ist meine Bestellung/ }));
    const box = await screen.findByRole('form', { name: 'Antwort' });
    await userEvent.selectOptions(
      await within(box).findByRole('combobox', { name: 'Vorlage' }),
      template.templateId,
    );
    const reply = within(box).getByRole<HTMLTextAreaElement>('textbox', { name: 'Deine Antwort' });
    expect(reply.value).toBe('Hallo Lena, Ihr Paket ist unterwegs.');
    await userEvent.click(within(box).getByRole('button', { name: 'Danke für Ihre Geduld.' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.endsWith('/reply'))?.body).toEqual({
        content: 'Hallo Lena, Ihr Paket ist unterwegs.\nDanke für Ihre Geduld.',
        templateId: template.templateId,
      }),
    );
  });

  it('shows a customer message the stream announces, without a reload', async () => {
    let listed = 0;
    omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
      // Empty until the message arrives; the stream's change is what reads it again.
      'GET /api/omnichannel/messages': () => {
        listed += 1;
        const triaged = { ...message, urgency: 'medium', intent: 'order_status' };
        return { status: 200, body: { items: listed > 1 ? [triaged] : [], nextCursor: null } };
      },
      'GET /api/omnichannel/inbox/stream': () =>
        listed > 0 ? { status: 200, sse: change(message.threadKey, 1) } : QUIET_STREAM,
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    const threads = await screen.findByRole('list', { name: 'Unterhaltungen' });
    expect(await within(threads).findByText('Wo ist meine Bestellung?')).toBeTruthy();
    // Triage's urgency reads in the interface language, and the filter offers the same values.
    expect(within(threads).getByText(/Mittel/)).toBeTruthy();
    const urgency = screen.getByRole('combobox', { name: 'Dringlichkeit' });
    expect(within(urgency).getByRole('option', { name: 'Mittel' })).toBeTruthy();
  });
  it('tells the administrator an escalation names, and opens its thread', async () => {
    const notice = (userId: number, reason: string) =>
      `event: escalation\ndata: ${JSON.stringify({ brandId: BRAND_ID, threadKey: message.threadKey, id: 1, userId, reason })}\n\n`;
    let streamed = false;
    omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
        status: 200,
        body: { items: [channel] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
      'GET /api/omnichannel/messages': {
        status: 200,
        body: { items: [{ ...message, status: 'escalated' }], nextCursor: null },
      },
      [`GET ${THREAD_URL}`]: { status: 200, body: thread([{ ...message, status: 'escalated' }]) },
      // Once: a notice for another administrator (not shown), then one for the signed-in one (7).
      'GET /api/omnichannel/inbox/stream': () => {
        if (streamed) return QUIET_STREAM;
        streamed = true;
        return { status: 200, sse: notice(99, 'other') + notice(7, "rule 'Legal threat'") };
      },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Eine Unterhaltung wurde an dich eskaliert: rule 'Legal threat'",
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByRole('article', { name: 'Unterhaltung' })).toBeTruthy();
    expect(screen.queryByText(/an dich eskaliert/)).toBeNull();
  });
});
