import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { fakeServer } from './support/fake-server.ts';
import {
  BRAND_ID,
  brandBody,
  omnichannelAdminServer,
  STAMP,
} from './support/omnichannel-fixtures.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const stamp = STAMP;
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
  return omnichannelAdminServer({
    'GET /api/omnichannel/brands': { status: 200, body: { items: [brandBody()] } },
    [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: { status: 200, body: { items: [] } },
    // The inbox beside the rules: empty.
    'GET /api/omnichannel/messages': { status: 200, body: { items: [], nextCursor: null } },
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
