import { APP_SETTING_DEFAULTS } from '#shared/admin/app-settings.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const conversation = (id: string, title: string | null, username: string, count: number) => ({
  conversationId: id,
  title,
  userId: username === 'anna' ? 11 : 12,
  username,
  messageCount: count,
  updatedAt: '2026-11-20T09:30:00.000Z',
});

const message = (id: number, content: string, isUserMessage: boolean) => ({
  id,
  content,
  isUserMessage,
  timestamp: '2026-11-20T09:30:00.000Z',
  model: isUserMessage ? null : 'gpt-4o',
  status: 'complete',
});

function adminServer(access: boolean) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody({ isAdmin: true }) },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/admin/settings': {
      status: 200,
      body: { ...APP_SETTING_DEFAULTS, adminConversationAccess: access },
    },
    'GET /api/admin/conversations': (request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.searchParams.get('q') === 'Steuer') {
        return {
          status: 200,
          body: { items: [conversation('c3', 'Steuerfragen', 'anna', 0)], nextCursor: null },
        };
      }
      return url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: { items: [conversation('c2', null, 'boris', 1)], nextCursor: null } }
        : {
            status: 200,
            body: {
              items: [conversation('c1', 'Rechnung falsch', 'anna', 2)],
              nextCursor: 'page-2',
            },
          };
    },
    'POST /api/admin/conversations/c1/open': {
      status: 200,
      body: {
        conversation: conversation('c1', 'Rechnung falsch', 'anna', 2),
        messages: [
          message(1, 'Meine Rechnung stimmt nicht', true),
          message(2, 'Ich sehe nach.', false),
        ],
        truncated: false,
      },
    },
  });
}

describe('/admin/conversations', () => {
  it('finds conversations, and reads one only after a reason is given', async () => {
    const server = adminServer(true);
    renderApp('/admin/conversations');

    const table = await screen.findByRole('table', { name: 'Unterhaltungen aller Nutzer' });
    const row = within(table).getByText('Rechnung falsch').closest('tr')!;
    expect(within(row).getByText('anna (#11)')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await within(table).findByText('Unterhaltung ohne Titel')).toBeTruthy();

    await userEvent.click(
      within(row).getByRole('button', { name: '„Rechnung falsch“ von anna lesen' }),
    );
    const reader = screen.getByTestId('conversation-reader');
    expect(within(reader).getByText('Besitzer: anna · Nachrichten: 2')).toBeTruthy();
    await userEvent.click(within(reader).getByRole('button', { name: 'Unterhaltung lesen' }));
    expect(within(reader).getByRole('alert').textContent).toBe('Ein Grund ist erforderlich.');
    expect(server.requests.some((r) => r.url.includes('/open'))).toBe(false);
    expect(within(reader).queryByText('Meine Rechnung stimmt nicht')).toBeNull();

    await userEvent.type(within(reader).getByLabelText('Grund für das Lesen'), 'Ticket 812');
    await userEvent.click(within(reader).getByRole('button', { name: 'Unterhaltung lesen' }));
    const messages = await within(reader).findByRole('list', { name: 'Nachrichten' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Meine Rechnung stimmt nicht'),
      expect.stringContaining('Ich sehe nach.'),
    ]);
    expect(server.requests.find((r) => r.url.includes('/open'))?.body).toEqual({
      reason: 'Ticket 812',
    });

    await userEvent.click(within(reader).getByRole('button', { name: 'Schließen' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Titel enthält' }), 'Steuer');
    await userEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Steuerfragen')).toBeTruthy();
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.includes('conversations?q=Steuer'))).toBe(true),
    );
  });

  it('says that access is switched off in the settings, and asks the server for nothing else', async () => {
    const server = adminServer(false);
    renderApp('/admin/conversations');
    expect(await screen.findByText('Zugriff auf Unterhaltungen ist ausgeschaltet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Einstellungen' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(server.requests.some((r) => r.url.includes('/api/admin/conversations'))).toBe(false);
  });
});
