import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import { MAX_ACTIVE_API_KEYS } from '#shared/api-keys/api-access.ts';
import { fakeServer, settingsBody, userBody, type RecordedRequest } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

const KEY = `sk-orbit-${'A'.repeat(43)}`;

function keyBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    name: 'Laptop',
    prefix: 'sk-orbit-AAAAAAAA',
    scopes: ['models:read', 'chat:write'],
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2099-01-01T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

function server(user: Record<string, unknown>) {
  let keys: unknown[] = [];
  return fakeServer({
    'GET /api/user': { status: 200, body: user },
    'GET /api/settings/7': { status: 200, body: settingsBody({ language: 'en' }) },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/api-keys': () => ({ status: 200, body: { keys } }),
    'POST /api/api-keys': (request: RecordedRequest) => {
      const created = keyBody(request.body as Record<string, unknown>);
      keys = [created];
      return { status: 201, body: { ...created, key: KEY } };
    },
    'DELETE /api/api-keys/3': () => {
      keys = [keyBody({ revokedAt: '2026-11-02T10:00:00.000Z' })];
      return { status: 204 };
    },
  });
}

describe('API keys screen (issue #12 item 3)', () => {
  it('creates a key, shows it once with a warning, lists it and revokes it', async () => {
    await i18n.changeLanguage('en');
    const { requests } = server(userBody({ isSubscribed: true, subscriptionTier: 'expert' }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/settings/api-keys');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), 'CI runner');
    await user.click(screen.getByRole('checkbox', { name: /models:read/ }));
    await user.selectOptions(screen.getByLabelText('Expires after'), '30');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect((await screen.findByTestId('new-api-key')).textContent).toContain(KEY);
    expect(screen.getByRole('note').textContent).toContain('shown only this once');
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({ name: 'CI runner', scopes: ['chat:write'], expiresInDays: 30 });
    expect(screen.getByTestId('curl-example').textContent).toContain('/api/v1/chat/completions');

    await user.click(screen.getByRole('button', { name: 'I have saved the key' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    const row = await screen.findByTestId('api-key-row');
    expect(row.textContent).toContain('sk-orbit-AAAAAAAA');
    expect(row.textContent).not.toContain(KEY);

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByTestId('api-key-row').textContent).toContain('Revoked'));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('shows plans without API access an upgrade hint to /subscription', async () => {
    await i18n.changeLanguage('en');
    const { requests } = server(userBody({ isSubscribed: true, subscriptionTier: 'premium' }));
    renderApp('/settings/api-keys');
    const link = await screen.findByRole('link', { name: 'See plans' });
    expect(link.getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(requests.some((request) => request.url.includes('/api/api-keys'))).toBe(false);
  });

  it('says in the interface language that the limit of active keys is reached', async () => {
    fakeServer({
      'GET /api/user': {
        status: 200,
        body: userBody({ isSubscribed: true, subscriptionTier: 'expert' }),
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/api-keys': { status: 200, body: { keys: [] } },
      'POST /api/api-keys': {
        status: 409,
        body: {
          message: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
          code: 'CONFLICT',
          statusCode: 409,
        },
      },
    });
    renderApp('/settings/api-keys');
    await userEvent.type(await screen.findByLabelText('Name'), 'CI runner');
    await userEvent.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      `Du kannst höchstens ${MAX_ACTIVE_API_KEYS} aktive API-Schlüssel haben. Widerrufe einen, um einen neuen zu erstellen.`,
    );
    expect(screen.queryByText(/revoke one first/)).toBeNull();
  });
});
