import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Performance } from '#shared/admin/performance-schemas.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const summary = (pending: string[] = []): Performance => ({
  generatedAt: '2026-11-26T10:00:00.000Z',
  windowSeconds: 300,
  instance: { hostname: 'orbit-1', pid: 4242 },
  build: {
    version: '0.1.0',
    commit: 'abc123def456',
    node: 'v20.20.0',
    startedAt: '2026-11-26T08:00:00.000Z',
    uptimeSeconds: 7200,
  },
  routes: [
    {
      method: 'POST',
      route: '/api/chat',
      count: 42,
      perMinute: 8.4,
      p50Ms: 812.5,
      p95Ms: 2400,
      serverErrors: 1,
    },
  ],
  firstToken: [{ model: 'gpt-5', count: 40, p50Ms: 350, p95Ms: 900 }],
  eventLoop: { p50Ms: 10.1, p99Ms: 25.3, maxMs: 61 },
  memory: {
    rssBytes: 200 * 1024 * 1024,
    heapUsedBytes: 80 * 1024 * 1024,
    heapTotalBytes: 120 * 1024 * 1024,
    externalBytes: 5 * 1024 * 1024,
  },
  database: {
    kind: 'postgres',
    pool: { total: 4, idle: 3, waiting: 0 },
    appliedMigrations: 10,
    pendingMigrations: pending,
  },
  connections: { eventStreams: 2, sockets: 7 },
});

const signedInAdmin = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

describe('/admin/performance', () => {
  it('shows latency by route, time to first token and the instance’s health', async () => {
    fakeServer({
      ...signedInAdmin,
      'GET /api/admin/performance': { status: 200, body: summary(['0010_next']) },
    });
    renderApp('/admin/performance');

    const routes = await screen.findByRole('table', { name: 'Anfragen je Route' });
    const row = within(routes).getByText('POST /api/chat').closest('tr')!;
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('812,5 ms')).toBeTruthy();
    expect(within(row).getByText('2.400 ms')).toBeTruthy();

    const tokens = screen.getByRole('table', { name: 'Zeit bis zum ersten Token der KI' });
    expect(within(tokens).getByText('gpt-5')).toBeTruthy();
    expect(within(tokens).getByText('350 ms')).toBeTruthy();

    const database = screen.getByRole('region', { name: 'Datenbank' });
    expect(within(database).getByText('4 offen, 3 frei, 0 wartend')).toBeTruthy();
    expect(within(database).getByText('0010_next')).toBeTruthy();
    const build = screen.getByRole('region', { name: 'Version' });
    expect(within(build).getByText('abc123def456')).toBeTruthy();
    expect(within(build).getByText('orbit-1 (4242)')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Event-Loop-Verzögerung' })).getByText('25,3 ms'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Speicher' })).getByText('200 MB'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Verbindungen' })).getByText('7'),
    ).toBeTruthy();
    expect(screen.getByText(/letzten 5 Min\./)).toBeTruthy();
  });

  it('says so when the figures cannot be read, and tries again on request', async () => {
    let calls = 0;
    fakeServer({
      ...signedInAdmin,
      'GET /api/admin/performance': () => {
        calls++;
        return calls === 1
          ? { status: 403, body: { message: 'No', code: 'PERMISSION_ERROR', statusCode: 403 } }
          : { status: 200, body: summary() };
      },
    });
    renderApp('/admin/performance');
    expect(await screen.findByText('Die Werte konnten nicht geladen werden.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('keine, aktuell')).toBeTruthy();
  });
});
