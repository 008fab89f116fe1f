import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  GUEST,
  HEALTHY,
  NOT_FOUND,
  settingsBody,
  userBody,
  plansBody,
} from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

function conversations(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: index === 0 ? null : `Gespräch ${index + 1}`,
    timestamp: new Date().toISOString(),
    conversationId: `c${index + 1}`,
    personaId: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  }));
}

describe('protected routes (spec 01-core §2)', () => {
  it('shows guests the page with the bottom bar linking to /auth', async () => {
    fakeServer({ 'GET /api/user': GUEST });
    renderApp('/history');
    const bar = await screen.findByRole('complementary', { name: 'Anmeldehinweis' });
    expect(within(bar).getByText('Nicht angemeldet')).toBeTruthy();
    expect(within(bar).getByText('Melden Sie sich an, um alle Funktionen zu nutzen')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/auth');
    expect(await screen.findByRole('heading', { name: 'Verlauf' })).toBeTruthy();
  });

  it('checks authentication first, then refuses non-admins on admin routes', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
    });
    renderApp('/admin/users');
    expect(screen.getByText('Authentifizierung wird überprüft...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Zugriff verweigert' })).toBeTruthy();
    expect(
      screen.getByText('Sie benötigen Administratorrechte, um auf diese Seite zuzugreifen.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('lets administrators in', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/admin/token-usage': {
        status: 200,
        body: {
          groupBy: 'day',
          from: '2026-10-28',
          to: '2026-11-26',
          items: [],
          nextCursor: null,
          totals: { calls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, cost: '0.000000' },
        },
      },
      'GET /api/admin/token-limits': { status: 200, body: { limits: [] } },
    });
    renderApp('/admin/tokens');
    expect(await screen.findByRole('heading', { name: 'Token-Verwaltung', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Zugriff verweigert')).toBeNull();
  });

  it('fetches the user again on every path change', async () => {
    const server = fakeServer({ 'GET /api/user': GUEST });
    renderApp('/history');
    await screen.findByText('Nicht angemeldet');
    const before = server.requests.filter((r) => r.url === '/api/user').length;
    await userEvent.click(screen.getAllByRole('link', { name: 'KI-Personas' })[0]!);
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url === '/api/user').length).toBeGreaterThan(before),
    );
  });
});

describe('sidebar (spec 01-core §2)', () => {
  it('lists items by role', async () => {
    // The home page asks /healthz once its lazy chunk is in, which may be before the test ends.
    fakeServer({ 'GET /api/user': GUEST, 'GET /healthz': HEALTHY });
    const guest = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Startseite',
      'Neuer Chat',
      'Verlauf',
      'KI-Personas',
      'CodeHub',
      'Website-Builder',
      'Einstellungen',
    ]);
    guest.unmount();

    fakeServer({
      'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /healthz': HEALTHY,
    });
    renderApp('/');
    const adminNav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await waitFor(() => expect(within(adminNav).getAllByRole('link')).toHaveLength(11));
    expect(within(adminNav).getByRole('link', { name: 'Admin-Dashboard' })).toBeTruthy();
    expect(within(adminNav).getByRole('link', { name: 'Omnichannel' })).toBeTruthy();
    expect(within(adminNav).getByRole('link', { name: 'Freunde einladen' })).toBeTruthy();
  });

  it('filters recent conversations by title, ignoring case, and shows the user card', async () => {
    fakeServer({
      'GET /api/user': {
        status: 200,
        body: userBody({
          isSubscribed: true,
          subscriptionTier: 'expert',
          subscriptionExpiry: '2031-03-05T00:00:00.000Z',
        }),
      },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: conversations(3) },
      'GET /healthz': HEALTHY,
    });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByText('Neues Gespräch')).toBeTruthy();
    await userEvent.type(
      within(sidebar).getByLabelText('Gespräche nach Titel durchsuchen'),
      'GESPRÄCH 3',
    );
    expect(within(sidebar).queryByText('Gespräch 2')).toBeNull();
    expect(within(sidebar).getByText('Gespräch 3')).toBeTruthy();
    expect(within(sidebar).getByText('Anna')).toBeTruthy();
    expect(within(sidebar).getByText('Expert')).toBeTruthy();
    expect(within(sidebar).getByText('bis 05.03.2031')).toBeTruthy();
  });

  it('still works when the server has no conversation list yet (404)', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': NOT_FOUND,
      'GET /healthz': HEALTHY,
    });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByText('Noch keine Gespräche')).toBeTruthy();
  });
});

describe('not found', () => {
  it('shows the not-found page for unknown paths', async () => {
    fakeServer({ 'GET /api/user': GUEST });
    renderApp('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
  });

  it('shows "Seite wird geladen..." while a page loads', async () => {
    fakeServer({ 'GET /api/user': GUEST, 'GET /api/plans': { status: 200, body: plansBody() } });
    renderApp('/pricing');
    expect(screen.getByText('Seite wird geladen...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Preise', level: 1 })).toBeTruthy();
  });
});
