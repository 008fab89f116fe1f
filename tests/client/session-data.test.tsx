import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeServer, GUEST, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

const EXPERT = { isSubscribed: true, subscriptionTier: 'expert' } as const;

const annasKey = {
  id: 3,
  name: 'Annas Laptop',
  prefix: 'sk-orbit-AAAAAAAA',
  scopes: ['models:read', 'chat:write'],
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2099-01-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

/** What the last user at this tab left in the cache: keys without a user id among them. */
const ANNAS_DATA: unknown[][] = [
  ['account'],
  ['subscription'],
  ['payments'],
  ['referral'],
  ['api-keys'],
  ['codehub-projects', { scope: 'mine', limit: 20 }],
  ['website-builder-sites', { scope: 'mine', limit: 12 }],
  ['admin-provider-keys'],
  ['omnichannel-brands'],
  ['personas', 7],
  ['conversations', 7],
];

const cachedKeys = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map((query) => query.queryKey);

describe('the next person at the same tab sees nothing of the last one', () => {
  it('a session the server ended leaves no data of its user behind', async () => {
    let ended = false;
    const ENDED = {
      status: 401,
      body: { message: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
    };
    fakeServer({
      'GET /api/user': () =>
        ended ? ENDED : { status: 200, body: userBody({ ...EXPERT, displayName: 'Anna' }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/api-keys': () => (ended ? ENDED : { status: 200, body: { keys: [annasKey] } }),
    });
    const { queryClient } = renderApp('/settings/api-keys');
    expect(await screen.findByText('Annas Laptop')).toBeTruthy();

    ended = true;
    await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    expect(await screen.findByText('Du wurdest abgemeldet')).toBeTruthy();
    const isPublic = (key: readonly unknown[]) =>
      ['user', 'app-config', 'plans'].includes(String(key[0]));
    await waitFor(() =>
      expect(cachedKeys(queryClient).filter((key) => !isPublic(key))).toEqual([]),
    );
  });

  it('logging in as someone else drops what was read for the last user, and keeps what is public', async () => {
    let signedIn = false;
    fakeServer({
      'GET /api/user': () =>
        signedIn ? { status: 200, body: userBody({ id: 8, username: 'bob' }) } : GUEST,
      'POST /api/login': () => {
        signedIn = true;
        return { status: 200, body: userBody({ id: 8, username: 'bob', displayName: 'Bob' }) };
      },
      'GET /api/settings/8': { status: 200, body: settingsBody({ userId: 8 }) },
      'GET /api/conversations': { status: 200, body: [] },
    });
    const { queryClient } = renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Benutzername'), 'bob');
    // Anna's session ended without this tab hearing of it (the tab slept): her data is still here.
    for (const key of ANNAS_DATA) queryClient.setQueryData(key, { owner: 'anna' });
    queryClient.setQueryData(['plans'], { plans: [], provider: 'sandbox' });
    queryClient.setQueryData(['app-config'], { registrationOpen: true, maintenanceMode: false });
    await userEvent.type(screen.getByLabelText('Passwort'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Willkommen zurück, Bob!')).toBeTruthy();

    const left = cachedKeys(queryClient);
    for (const key of ANNAS_DATA) expect(left).not.toContainEqual(key);
    expect(left).toContainEqual(['plans']);
    expect(left).toContainEqual(['app-config']);
  });
});
