import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const BRAND_ID = '7d1e6c1a-3b1f-4c38-9a55-0f3e2b7a9c11';
const stamp = '2026-11-20T09:30:00.000Z';
const brand = {
  brandId: BRAND_ID,
  name: 'Acme',
  description: null,
  logo: null,
  primaryColor: null,
  voice: null,
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
const policy = {
  id: 3,
  brandId: BRAND_ID,
  name: 'Keine KI bei Beschwerden',
  policyType: 'autopilot',
  conditions: { intents: ['complaint'] },
  effect: 'deny',
  priority: 5,
  isActive: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const rule = {
  id: 4,
  brandId: BRAND_ID,
  name: 'Anwalt',
  ruleType: 'keyword',
  triggerConditions: { keywords: ['Anwalt'] },
  escalateTo: 7,
  escalationType: 'reassign_notify',
  priority: 0,
  autoEscalate: true,
  escalationDelay: 30,
  isActive: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const day = {
  date: '2026-11-20',
  channelType: 'whatsapp',
  totalMessages: 9,
  inboundMessages: 5,
  outboundMessages: 4,
  autopilotMessages: 2,
  copilotMessages: 1,
  manualMessages: 1,
  avgResponseTime: 42,
  firstResponseTime: 30,
  resolutionRate: '60.00',
  escalationRate: '20.00',
  csatScore: '4.50',
  csatResponses: 2,
};

function adminServer(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/omnichannel/brands': { status: 200, body: { items: [brand] } },
    [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: { status: 200, body: { items: [] } },
    // The inbox beside the rules: empty and quiet.
    'GET /api/omnichannel/messages': { status: 200, body: { items: [], nextCursor: null } },
    'GET /api/omnichannel/inbox/stream': { status: 200, sse: '' },
    [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
    ...routes,
  });
}

describe('/omnichannel rules, knowledge and analytics', () => {
  it('lists a brand’s policies and rules and adds a channel restriction', async () => {
    const server = adminServer({
      [`GET /api/omnichannel/brands/${BRAND_ID}/acl-policies`]: {
        status: 200,
        body: { items: [policy] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/escalation-rules`]: {
        status: 200,
        body: { items: [rule] },
      },
      [`POST /api/omnichannel/brands/${BRAND_ID}/acl-policies`]: {
        status: 201,
        body: { ...policy, id: 5, name: 'Nur Chat', policyType: 'channel_restriction' },
      },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Regeln' }));

    expect(await screen.findByText('Keine KI bei Beschwerden')).toBeTruthy();
    expect(screen.getByText(/Autopilot · Keine KI-Antwort · Priorität 5 · complaint/)).toBeTruthy();
    expect(
      screen.getByText(/eskaliert nach 30 Min\. · Zuweisen und benachrichtigen → #7/),
    ).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Neue Richtlinie' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Nur Chat');
    await userEvent.selectOptions(within(form).getByLabelText('Art'), 'channel_restriction');
    await userEvent.click(within(form).getByLabelText('widget'));
    await userEvent.click(within(form).getByRole('button', { name: 'Richtlinie hinzufügen' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Nur Chat',
        policyType: 'channel_restriction',
        effect: 'deny',
        priority: 0,
        isActive: true,
        conditions: { channelTypes: ['widget'] },
      }),
    );
  });

  it('shows the daily analytics per channel with charts', async () => {
    adminServer({ 'GET /api/omnichannel/analytics': { status: 200, body: { items: [day] } } });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Auswertung' }));

    const chart = await screen.findByRole('figure', { name: 'Eingehende Nachrichten pro Tag' });
    expect(chart.querySelector('canvas')).not.toBeNull();
    const row = screen.getByRole('row', { name: /whatsapp/ });
    for (const text of ['5', '4', '2 / 1 / 1', '42 s', '30 s', '60.00 %', '20.00 %', '4.50 (2)']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
  });
});
