import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLine } from '#shared/admin/logs-schemas.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const line = (seq: number, overrides: Partial<LogLine>): LogLine => ({
  seq,
  time: '2026-11-26T09:30:00.000Z',
  level: 'info',
  msg: 'request completed',
  requestId: `req-${seq}`,
  route: '/api/settings/me',
  userId: 7,
  data: {},
  ...overrides,
});
const instance = { hostname: 'orbit-1', pid: 4242, bufferSize: 10000, retentionDays: 14 };

const signedInAdmin = {
  'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

describe('/admin/logs', () => {
  it('filters the server log by level, opens one request’s lines, and lists web app errors', async () => {
    const server = fakeServer({
      ...signedInAdmin,
      'GET /api/admin/logs': (request) => {
        const params = new URL(request.url, 'http://localhost').searchParams;
        if (params.get('requestId') === 'req-2') {
          return {
            status: 200,
            body: {
              items: [
                line(3, { requestId: 'req-2' }),
                line(2, { msg: 'incoming request', requestId: 'req-2' }),
              ],
              nextCursor: null,
              instance,
            },
          };
        }
        if (params.get('level') === 'error') {
          return {
            status: 200,
            body: {
              items: [
                line(5, {
                  level: 'error',
                  msg: 'mail server unreachable',
                  requestId: null,
                  route: null,
                  userId: null,
                  data: { part: 'mail' },
                }),
              ],
              nextCursor: null,
              instance,
            },
          };
        }
        return {
          status: 200,
          body: {
            items: [
              line(4, {
                level: 'warn',
                msg: 'disk nearly full',
                requestId: null,
                route: null,
                userId: null,
              }),
              line(2, { msg: 'incoming request', requestId: 'req-2' }),
            ],
            nextCursor: null,
            instance,
          },
        };
      },
      'GET /api/admin/logs/client-errors': {
        status: 200,
        body: {
          items: [
            {
              id: 1,
              createdAt: '2026-11-26T09:00:00.000Z',
              userId: null,
              message: 'Cannot read properties of undefined',
              stack: 'TypeError: at ChatPage',
              componentStack: null,
              url: 'https://chat.example/chat/abc',
              userAgent: 'Firefox',
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/admin/logs');

    const log = await screen.findByRole('table', { name: 'Serverprotokoll' });
    expect(within(log).getByText('disk nearly full')).toBeTruthy();
    expect(within(log).getByText('Warnung')).toBeTruthy();
    expect(screen.getByText(/führt jede ihr eigenes Protokoll/)).toBeTruthy();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Niedrigste Stufe' }),
      'error',
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Filtern' })[0]!);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Serverprotokoll' })).getByText(
          'mail server unreachable',
        ),
      ).toBeTruthy(),
    );
    expect(server.requests.some((r) => r.url.includes('level=error'))).toBe(true);

    // Back to everything, then one request id opens all of its lines.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Niedrigste Stufe' }), '');
    await userEvent.click(screen.getAllByRole('button', { name: 'Filtern' })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'req-2' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Serverprotokoll' })).getByText(
          'request completed',
        ),
      ).toBeTruthy(),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Anfrage-ID' }).value).toBe(
      'req-2',
    );
    expect(server.requests.some((r) => r.url.includes('requestId=req-2'))).toBe(true);

    const errors = screen.getByRole('table', { name: 'Fehler der Web-App' });
    expect(within(errors).getByText('Cannot read properties of undefined')).toBeTruthy();
    expect(within(errors).getByText('https://chat.example/chat/abc')).toBeTruthy();
    expect(within(errors).getByText('Gast')).toBeTruthy();

    await userEvent.type(screen.getAllByRole('textbox', { name: 'Seite' })[0]!, '/chat');
    await userEvent.click(screen.getAllByRole('button', { name: 'Filtern' })[1]!);
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.includes('client-errors?route=%2Fchat'))).toBe(true),
    );
  });
});
