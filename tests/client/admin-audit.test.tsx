import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, action: string) => ({
  id,
  createdAt: '2026-11-20T09:30:00.000Z',
  actorId: 1,
  actorUsername: 'chefin',
  action,
  targetType: 'user',
  targetId: String(id),
  before: { subscriptionTier: 'free' },
  after: { subscriptionTier: 'expert', apiKey: '[redacted]' },
  reason: null,
  ipAddress: '203.0.113.9',
  userAgent: 'test',
  requestId: `req-${id}`,
});

describe('/admin/audit-log', () => {
  it('lists the log a page at a time, filters it, and keeps the admin areas at hand', async () => {
    const server = fakeServer({
      'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/admin/audit-log': (request) => {
        const url = new URL(request.url, 'http://localhost');
        if (url.searchParams.get('action') === 'user.suspend') {
          return { status: 200, body: { items: [entry(9, 'user.suspend')], nextCursor: null } };
        }
        return url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { items: [entry(1, 'settings.update')], nextCursor: null } }
          : { status: 200, body: { items: [entry(2, 'user.update')], nextCursor: 'page-2' } };
      },
    });
    renderApp('/admin/audit-log');

    const table = await screen.findByRole('table', { name: 'Änderungsprotokoll' });
    expect(within(table).getByText('user.update')).toBeTruthy();
    expect(within(table).getByText('chefin')).toBeTruthy();
    expect(within(table).getByText(/203\.0\.113\.9/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await within(table).findByText('settings.update')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Aktion' }), 'user.suspend');
    await userEvent.click(screen.getByRole('button', { name: 'Filtern' }));
    const filtered = await screen.findByRole('table', { name: 'Änderungsprotokoll' });
    await waitFor(() => expect(within(filtered).getByText('user.suspend')).toBeTruthy());
    expect(within(filtered).queryByText('user.update')).toBeNull();
    expect(server.requests.some((r) => r.url.includes('action=user.suspend'))).toBe(true);

    const areas = screen.getByRole('navigation', { name: 'Admin-Bereiche' });
    expect(within(areas).getAllByRole('link')).toHaveLength(13);
    expect(
      within(areas).getByRole('link', { name: 'Änderungsprotokoll' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says so when the log cannot be read', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/admin/audit-log': {
        status: 500,
        body: { message: 'Internal server error', code: 'SERVER_ERROR', statusCode: 500 },
      },
    });
    renderApp('/admin/audit-log');
    expect(
      await screen.findByText('Diese Liste konnte nicht geladen werden.', {}, { timeout: 8000 }),
    ).toBeTruthy();
  });
});
