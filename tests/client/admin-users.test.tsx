import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SHELL = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

const user = (id: number, username: string, extra: Record<string, unknown> = {}) => ({
  id,
  username,
  displayName: null,
  email: `${username}@example.com`,
  isAdmin: false,
  subscriptionTier: 'free',
  effectiveTier: 'free',
  subscriptionExpiry: null,
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const detail = (status: 'active' | 'suspended') => ({
  user: {
    ...user(12, 'mallory', { status, subscriptionTier: 'expert', effectiveTier: 'expert' }),
    avatarUrl: null,
    monthlyQuota: 125,
    quotaUsed: 4,
    bonusMessages: 0,
    suspendedAt: status === 'suspended' ? '2026-11-20T10:00:00.000Z' : null,
    suspensionReason: status === 'suspended' ? 'Spam' : null,
    deletedAt: null,
  },
  sessions: [
    {
      id: 3,
      loginTime: '2026-11-20T09:00:00.000Z',
      logoutTime: null,
      lastSeenAt: null,
      ipAddress: '198.51.100.4',
      userAgent: 'Firefox',
      loginMethod: 'password',
      successful: true,
      active: status === 'active',
    },
  ],
  usage: { month: '2026-11', messages: 42, tokens: 12345, cost: '1.234567' },
  subscription: null,
  payments: [
    {
      id: 1,
      createdAt: '2026-11-02T10:00:00.000Z',
      planId: 'expert',
      amountCents: 2499,
      currency: 'EUR',
      method: 'card',
      status: 'paid',
    },
  ],
});

describe('/admin/users', () => {
  it('searches and filters users, a page at a time', async () => {
    const server = fakeServer({
      ...SHELL,
      'GET /api/admin/users': (request) => {
        const url = new URL(request.url, 'http://localhost');
        if (url.searchParams.get('q') === 'mal') {
          return { status: 200, body: { items: [user(12, 'mallory')], nextCursor: null } };
        }
        return url.searchParams.get('cursor') === 'next'
          ? { status: 200, body: { items: [user(1, 'alice')], nextCursor: null } }
          : { status: 200, body: { items: [user(2, 'bob')], nextCursor: 'next' } };
      },
    });
    renderApp('/admin/users');

    const table = await screen.findByRole('table', { name: 'Benutzer' });
    expect(within(table).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe(
      '/admin/users/2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await within(table).findByText('alice')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'mal');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sortierung' }),
      'username:asc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Benutzer' })).getByText('mallory'),
      ).toBeTruthy(),
    );
    const last = new URL(server.requests.at(-1)!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(last)).toEqual({
      q: 'mal',
      status: 'suspended',
      sort: 'username',
      order: 'asc',
    });
  });

  it("shows a user's usage and payments, and suspends them with a reason", async () => {
    let suspended = false;
    const server = fakeServer({
      ...SHELL,
      'GET /api/admin/users/12': () => ({
        status: 200,
        body: detail(suspended ? 'suspended' : 'active'),
      }),
      'POST /api/admin/users/12/suspend': () => {
        suspended = true;
        return { status: 200, body: user(12, 'mallory', { status: 'suspended' }) };
      },
    });
    renderApp('/admin/users/12');

    expect(await screen.findByRole('heading', { name: 'mallory' })).toBeTruthy();
    const usage = screen.getByRole('region', { name: 'Nutzung 2026-11' });
    expect(within(usage).getByText('42')).toBeTruthy();
    expect(within(usage).getByText('12.345')).toBeTruthy();
    expect(within(usage).getByText(/1,234567/)).toBeTruthy();
    const payments = screen.getByRole('table', { name: 'Zahlungen' });
    expect(within(payments).getByText(/24,99/)).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Anmeldungen' })).getByText('198.51.100.4'),
    ).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Grund der Sperre' }), 'Spam');
    await userEvent.click(screen.getByRole('button', { name: 'Sperren' }));
    expect(await screen.findByText('Gesperrt: Spam')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sperre aufheben' })).toBeTruthy();
    expect(server.requests.find((r) => r.url.endsWith('/suspend'))?.body).toEqual({
      reason: 'Spam',
    });
  });

  it('sends only the changed fields, and says why a change was refused', async () => {
    const server = fakeServer({
      ...SHELL,
      'GET /api/admin/users/12': { status: 200, body: detail('active') },
      'PATCH /api/admin/users/12': {
        status: 409,
        body: {
          message: 'The last administrator cannot lose administrator rights',
          code: 'CONFLICT',
          statusCode: 409,
        },
      },
    });
    renderApp('/admin/users/12');
    const quota = await screen.findByRole('spinbutton', {
      name: 'Monatliches Nachrichtenkontingent',
    });
    await userEvent.clear(quota);
    await userEvent.type(quota, '500');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Administratorrechte' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('The last administrator cannot lose administrator rights'),
    ).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      monthlyQuota: 500,
      isAdmin: true,
    });
  });
});
