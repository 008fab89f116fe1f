import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SHELL = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, '0')}`,
  tokens: index * 10,
}));

const DASHBOARD = {
  generatedAt: '2026-11-26T10:00:00.000Z',
  users: { total: 1234, newLast7Days: 12, activeLast24Hours: 56, suspended: 3 },
  subscriptionsByTier: { premium: 7, ultimate: 2 },
  revenueThisMonth: { cents: 123456, refundedCents: 999, currency: 'EUR' },
  usageToday: { messages: 80, tokens: 45000, cost: '0.123456' },
  usageLast30Days: { messages: 2400, tokens: 1500000, cost: '12.5' },
  dailyTokens: days,
  pendingCryptoPayments: 4,
  clientErrorsLast24Hours: 9,
};

describe('/admin (dashboard)', () => {
  it('shows the figures, a token chart and a link to every area', async () => {
    fakeServer({ ...SHELL, 'GET /api/admin/dashboard': { status: 200, body: DASHBOARD } });
    renderApp('/admin');

    // The first visit transforms the admin chunks and uPlot: slow on a busy machine.
    const users = await screen.findByRole('link', { name: /Benutzer 1\.234/ }, { timeout: 20_000 });
    expect(users.getAttribute('href')).toBe('/admin/users');
    expect(within(users).getByText('12 neu in 7 Tagen')).toBeTruthy();
    expect(within(users).getByText('56 aktiv in 24 Stunden')).toBeTruthy();

    const revenue = screen.getByRole('link', { name: /Umsatz diesen Monat/ });
    expect(revenue.textContent).toContain('1.234,56');
    expect(revenue.textContent).toContain('davon erstattet: 9,99');
    const subscriptions = screen.getByRole('link', { name: /Aktive Abonnements/ });
    expect(within(subscriptions).getByText('Premium').nextSibling?.textContent).toBe('7');
    const today = screen.getByRole('link', { name: /Heute/ });
    expect(today.textContent).toContain('80 Anfragen');
    expect(today.textContent).toContain('0,123456');
    expect(screen.getByRole('link', { name: /Letzte 30 Tage/ }).textContent).toContain('12,50');
    expect(screen.getByRole('link', { name: /Offene Krypto-Zahlungen/ }).textContent).toContain(
      '4',
    );
    expect(screen.getByRole('link', { name: /Fehlerberichte/ }).getAttribute('href')).toBe(
      '/admin/logs',
    );
    // No backups feature yet: no tile claiming zero failures.
    expect(screen.queryByText('Fehlgeschlagene Sicherungen')).toBeNull();

    const chart = screen.getByRole('figure', { name: 'Tokens pro Tag (30 Tage)' });
    expect(chart.querySelector('canvas')).not.toBeNull();
    expect(within(chart).getAllByRole('row')).toHaveLength(30);

    const areas = screen.getByRole('navigation', { name: 'Alle Bereiche' });
    expect(within(areas).getAllByRole('link')).toHaveLength(12);
    expect(within(areas).getByRole('link', { name: 'Sicherheit' }).getAttribute('href')).toBe(
      '/admin/security',
    );
  });
});
