import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUserBody,
  BRAND_ID,
  brandBody,
  omnichannelAdminServer,
  STAMP,
} from './support/omnichannel-fixtures.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const CHANNEL_ID = '2f0b5a4e-8c6d-4e21-b7a3-5d9c1e0f4a22';
const THREAD_KEY = `${CHANNEL_ID}:customer-1`;
const BEN = adminUserBody({ id: 8, username: 'ben', displayName: 'Ben' });
const message = {
  id: 1,
  messageId: 'api:1',
  brandId: BRAND_ID,
  channelId: CHANNEL_ID,
  channelType: 'api',
  direction: 'inbound',
  threadKey: THREAD_KEY,
  senderIdentifier: 'customer-1',
  senderName: 'Kim',
  content: 'Wo ist meine Bestellung?',
  status: 'pending',
  intent: null,
  urgency: null,
  processMode: null,
  // Held by another administrator.
  assignedTo: BEN.id,
  parentMessageId: null,
  responseTime: null,
  reasons: [],
  providerMessageId: null,
  deliveryError: null,
  createdAt: STAMP,
};

describe('/omnichannel assignment', () => {
  it('shows who holds a thread by name and assigns it to any administrator', async () => {
    const server = omnichannelAdminServer({
      'GET /api/omnichannel/brands': { status: 200, body: { items: [brandBody()] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/channels`]: { status: 200, body: { items: [] } },
      [`GET /api/omnichannel/brands/${BRAND_ID}/templates`]: { status: 200, body: { items: [] } },
      'GET /api/omnichannel/messages': {
        status: 200,
        body: { items: [message], nextCursor: null },
      },
      [`GET /api/omnichannel/threads/${encodeURIComponent(THREAD_KEY)}`]: {
        status: 200,
        body: {
          threadKey: THREAD_KEY,
          brandId: BRAND_ID,
          channelId: CHANNEL_ID,
          channelType: 'api',
          senderIdentifier: 'customer-1',
          senderName: 'Kim',
          messages: [message],
        },
      },
      'GET /api/admin/users': {
        status: 200,
        body: { items: [adminUserBody(), BEN], nextCursor: null },
      },
      'POST /api/omnichannel/messages/1/assign': {
        status: 200,
        body: { ...message, assignedTo: 7 },
      },
    });
    renderApp('/omnichannel');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('button', { name: /Wo ist meine Bestellung/ }));
    const view = await screen.findByRole('article', { name: 'Unterhaltung' });
    expect(await within(view).findByText(/Zugewiesen an Ben/)).toBeTruthy();

    const select = within(view).getByRole<HTMLSelectElement>('combobox', {
      name: 'Zugewiesen an',
    });
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('8');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nicht zugewiesen', 'Anna', 'Ben']);
    await userEvent.selectOptions(select, '7');
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.endsWith('/assign'))?.body).toEqual({ userId: 7 }),
    );
    // Only active administrators are offered.
    const listed = new URL(
      server.requests.find((r) => r.url.includes('/api/admin/users'))!.url,
      window.location.origin,
    );
    expect(listed.searchParams.get('role')).toBe('admin');
    expect(listed.searchParams.get('status')).toBe('active');
  });
});
