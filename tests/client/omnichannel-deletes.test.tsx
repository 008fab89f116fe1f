import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  BRAND_ID,
  brandBody,
  omnichannelAdminServer,
  STAMP,
} from './support/omnichannel-fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const CHANNEL_ID = '2f0b5a4e-8c6d-4e21-b7a3-5d9c1e0f4a22';
const channel = {
  channelId: CHANNEL_ID,
  brandId: BRAND_ID,
  channelType: 'api',
  channelIdentifier: 'shop',
  config: {},
  secretsConfigured: {},
  webhookPath: `/api/omnichannel/webhooks/${CHANNEL_ID}`,
  isActive: true,
  createdAt: STAMP,
  updatedAt: STAMP,
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
  createdAt: STAMP,
  updatedAt: STAMP,
};

/** What the server answers when its database is gone. */
const failure = (message: string) => ({
  status: 503,
  body: { message, code: 'SERVER_ERROR', statusCode: 503 },
});

function server(routes: Parameters<typeof omnichannelAdminServer>[0] = {}) {
  return omnichannelAdminServer({
    'GET /api/omnichannel/brands': { status: 200, body: { items: [brandBody()] } },
    [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: {
      status: 200,
      body: { items: [channel] },
    },
    'GET /api/omnichannel/messages': { status: 200, body: { items: [], nextCursor: null } },
    [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
    ...routes,
  });
}

describe('/omnichannel: a failed delete or switch is told where it happened', () => {
  it('says when a brand or a channel could not be deleted', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    server({
      [`DELETE /api/omnichannel/brands/${BRAND_ID}`]: failure('The brand could not be deleted'),
      [`DELETE /api/omnichannel/brands/${BRAND_ID}/channels/${CHANNEL_ID}`]: failure(
        'The channel could not be deleted',
      ),
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Marke löschen' }));
    expect(await screen.findByText('The brand could not be deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marke löschen' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Kanal löschen' }));
    expect(await screen.findByText('The channel could not be deleted')).toBeTruthy();
  });

  it('says when a policy could not be deleted or switched, not under the form that adds one', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    server({
      [`GET /api/omnichannel/brands/${BRAND_ID}/acl-policies`]: {
        status: 200,
        body: { items: [policy] },
      },
      [`GET /api/omnichannel/brands/${BRAND_ID}/escalation-rules`]: {
        status: 200,
        body: { items: [] },
      },
      [`DELETE /api/omnichannel/brands/${BRAND_ID}/acl-policies/3`]: failure(
        'The policy could not be deleted',
      ),
      [`PATCH /api/omnichannel/brands/${BRAND_ID}/acl-policies/3`]: failure(
        'The policy could not be switched off',
      ),
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Regeln' }));

    const entry = (await screen.findByText('Keine KI bei Beschwerden')).closest('li')!;
    await userEvent.click(within(entry).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('The policy could not be deleted')).toBeTruthy();

    const active = within(entry).getByRole<HTMLInputElement>('checkbox', { name: 'Aktiv' });
    await userEvent.click(active);
    expect(await screen.findByText('The policy could not be switched off')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Neue Richtlinie' });
    expect(within(form).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(active.checked).toBe(true));
  });
});
