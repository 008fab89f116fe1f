import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, HEALTHY, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SHELL = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

const hourly = Array.from({ length: 24 }, (_, index) => ({
  hour: new Date(Date.UTC(2026, 10, 25, index)).toISOString(),
  failed: index === 20 ? 17 : 0,
}));

const session = (id: number, username: string, current = false) => ({
  id,
  userId: id,
  username,
  loginTime: '2026-11-26T08:00:00.000Z',
  lastSeenAt: '2026-11-26T09:00:00.000Z',
  expiresAt: '2026-12-03T08:00:00.000Z',
  ipAddress: `192.0.2.${id}`,
  userAgent: 'Chromium',
  loginMethod: 'password',
  current,
});

const login = (id: number, username: string, successful: boolean) => ({
  id,
  loginTime: '2026-11-26T08:00:00.000Z',
  userId: id,
  username,
  ipAddress: '203.0.113.5',
  userAgent: 'curl',
  loginMethod: 'password',
  successful,
});

describe('/admin/security', () => {
  it('shows failed-login spikes, revokes a session and filters the login log', async () => {
    let revoked = false;
    const server = fakeServer({
      ...SHELL,
      'GET /api/admin/security/failed-logins': {
        status: 200,
        body: {
          hourly,
          total: 17,
          topIps: [{ ipAddress: '203.0.113.5', failed: 17 }],
          topUsernames: [{ username: 'root', failed: 12 }],
        },
      },
      'GET /api/admin/sessions': () => ({
        status: 200,
        body: {
          items: revoked
            ? [session(1, 'anna', true)]
            : [session(1, 'anna', true), session(5, 'eve')],
          nextCursor: null,
        },
      }),
      'POST /api/admin/sessions/5/revoke': () => {
        revoked = true;
        return { status: 200, body: { revoked: true } };
      },
      'GET /api/admin/security/logins': (request) => {
        const failedOnly = request.url.includes('successful=false');
        return {
          status: 200,
          body: {
            items: failedOnly
              ? [login(2, 'root', false)]
              : [login(3, 'anna', true), login(2, 'root', false)],
            nextCursor: null,
          },
        };
      },
    });
    renderApp('/admin/security');

    expect(await screen.findByText('Insgesamt: 17')).toBeTruthy();
    const chart = screen.getByRole('figure', { name: 'Fehlversuche pro Stunde' });
    expect(within(chart).getAllByRole('row')).toHaveLength(24);
    const spikes = screen.getByRole('region', { name: 'Fehlgeschlagene Anmeldungen (24 Stunden)' });
    expect(within(spikes).getByText('root')).toBeTruthy();
    expect(within(spikes).getByText('203.0.113.5')).toBeTruthy();

    const sessions = await screen.findByRole('table', { name: 'Aktive Sitzungen' });
    expect(within(sessions).getByText('Diese Sitzung')).toBeTruthy();
    await userEvent.click(
      within(sessions).getByRole('button', { name: 'Sitzung von eve beenden' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Aktive Sitzungen' })).queryByText('eve'),
      ).toBeNull(),
    );
    expect(server.requests.some((r) => r.url === '/api/admin/sessions/5/revoke')).toBe(true);

    const log = await screen.findByRole('table', { name: 'Anmeldeprotokoll' });
    expect(within(log).getAllByRole('row')).toHaveLength(3);
    const form = screen.getByRole('button', { name: 'Filtern' }).closest('form')!;
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Ergebnis' }),
      'false',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'IP-Adresse' }), '203.0.113.5');
    await userEvent.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Anmeldeprotokoll' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const last = server.requests
      .filter((r) => r.url.startsWith('/api/admin/security/logins'))
      .at(-1)!;
    expect(last.url).toContain('successful=false');
    expect(last.url).toContain('ip=203.0.113.5');
  });
});

describe('a session ended by an administrator', () => {
  it('shows the page signed out at its next request, and says so', async () => {
    let ended = false;
    fakeServer({
      'GET /api/user': () =>
        ended
          ? {
              status: 401,
              body: { message: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
            }
          : { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /healthz': HEALTHY,
      'GET /api/conversations': () =>
        ended
          ? {
              status: 401,
              body: { message: 'Authentication required', code: 'AUTH_ERROR', statusCode: 401 },
            }
          : { status: 200, body: [] },
    });
    renderApp('/');
    expect(await screen.findByText('Anna')).toBeTruthy();
    ended = true;
    await userEvent.click(screen.getAllByRole('link', { name: /Verlauf/ })[0]!);
    expect(await screen.findByText('Du wurdest abgemeldet')).toBeTruthy();
    expect(await screen.findByText('Nicht angemeldet')).toBeTruthy();
  });
});
