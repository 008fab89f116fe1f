import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import {
  fakeServer,
  GUEST,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

function conversation(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: index,
    title: `Gespräch ${index}`,
    timestamp: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    conversationId: `c${index}`,
    personaId: null,
    ...overrides,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => conversation(from + i));

/**
 * The fake server answers JSON only; paged lists carry their cursor and total in headers
 * (X-Next-Cursor, X-Total-Count), which this adds to the answers of GET /api/conversations.
 */
function withListHeaders(headersFor: (url: URL) => Record<string, string>) {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
    if (url.pathname !== '/api/conversations') return response;
    return new Response(await response.text(), {
      status: response.status,
      headers: { 'content-type': 'application/json', ...headersFor(url) },
    });
  });
}

function signedIn(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    ...routes,
  });
}

describe('history screen (spec 01-core §2, §4)', () => {
  it('shows guests the login card', async () => {
    fakeServer({ 'GET /api/user': GUEST });
    renderApp('/history');
    expect(
      await screen.findByText('Bitte melde dich an, um deinen Verlauf zu sehen.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Anmelden' })[0]?.getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('shows an empty state with a link to start a conversation', async () => {
    signedIn({ 'GET /api/conversations': { status: 200, body: [] } });
    renderApp('/history');
    expect(await screen.findByText('Noch keine Gespräche')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neues Gespräch beginnen' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('lists titles (with the fallback), dates per language and links', async () => {
    signedIn({
      'GET /api/conversations': {
        status: 200,
        body: [conversation(1, { title: null }), conversation(2)],
      },
    });
    renderApp('/history');
    const list = await screen.findByRole('list', { name: 'Deine Gespräche' });
    const untitled = within(list).getByRole('link', { name: /Neues Gespräch/ });
    expect(untitled.getAttribute('href')).toBe('/chat/c1');
    expect(untitled.textContent).toContain('05.03.2024');
    await i18n.changeLanguage('en');
    expect(await within(list).findAllByText('03/05/2024')).toHaveLength(2);
  });

  it('deletes after confirmation, with a spinner and a success toast', async () => {
    let rows = [conversation(1), conversation(2)];
    let release: () => void = () => {};
    const server = signedIn({
      'GET /api/conversations': () => ({ status: 200, body: rows }),
      'DELETE /api/conversations/c2': () => {
        rows = rows.filter((row) => row.conversationId !== 'c2');
        return { status: 204 };
      },
    });
    // Hold the DELETE answer until the spinner has been seen.
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') await new Promise<void>((resolve) => (release = resolve));
      return inner(input, init);
    });
    const confirm = vi.spyOn(window, 'confirm');
    renderApp('/history');
    const button = await screen.findByRole('button', { name: '„Gespräch 2“ löschen' });

    confirm.mockReturnValueOnce(false);
    await userEvent.click(button);
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

    confirm.mockReturnValueOnce(true);
    await userEvent.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      'Möchtest du das Gespräch „Gespräch 2“ wirklich löschen? Das kann nicht rückgängig gemacht werden.',
    );
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Das Gespräch „Gespräch 2“ wurde gelöscht.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Deine Gespräche' });
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /Gespräch 2/ })).toBeNull(),
    );
    expect(within(list).getByRole('link', { name: /Gespräch 1/ })).toBeTruthy();
  });

  it('shows an error toast when deleting fails and keeps the row', async () => {
    signedIn({
      'GET /api/conversations': { status: 200, body: [conversation(1)] },
      'DELETE /api/conversations/c1': {
        status: 500,
        body: { message: 'Boom', code: 'INTERNAL_ERROR', statusCode: 500 },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/history');
    await userEvent.click(await screen.findByRole('button', { name: '„Gespräch 1“ löschen' }));
    expect(await screen.findByText('Fehler beim Löschen des Gesprächs')).toBeTruthy();
    expect(screen.getByText('❌ Fehler')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Deine Gespräche' });
    expect(within(list).getByRole('link', { name: /Gespräch 1/ })).toBeTruthy();
  });

  it('pages through thousands of conversations with a bounded DOM', async () => {
    const server = signedIn({
      'GET /api/conversations': (request: RecordedRequest) => ({
        status: 200,
        body: request.url.includes('before=p2') ? range(101, 200) : range(1, 100),
      }),
    });
    withListHeaders((url): Record<string, string> =>
      url.searchParams.get('before')
        ? { 'x-next-cursor': 'p3' }
        : { 'x-next-cursor': 'p2', 'x-total-count': '5000' },
    );
    renderApp('/history');
    const list = await screen.findByRole('list', { name: 'Deine Gespräche' });
    expect(screen.getByText('Gespräche insgesamt: 5000')).toBeTruthy();
    // Only the rows near the viewport exist, however many are loaded.
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);

    const scroller = screen.getByTestId('history-list');
    fireEvent.scroll(scroller, { target: { scrollTop: 100 * 68 - 400 } });
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.includes('before=p2'))).toBe(true),
    );
    await waitFor(() => expect(list.textContent).toContain('Gespräch 101'));
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);
  });
});

describe('search across all conversations', () => {
  const hit = {
    kind: 'message',
    conversationId: 'c9',
    conversationTitle: null,
    messageId: 42,
    isUserMessage: false,
    timestamp: '2024-03-05T10:00:00.000Z',
    snippet: {
      text: '<img src=x onerror=alert(1)> Das Rezept für Apfelkuchen',
      highlights: [{ start: 33, end: 39 }],
    },
    score: 1,
  };

  it('finds messages on the server and shows highlighted, inert snippets', async () => {
    const server = signedIn({
      'GET /api/conversations': { status: 200, body: [conversation(1)] },
      'GET /api/search': { status: 200, body: { results: [hit], nextCursor: null } },
    });
    renderApp('/history');
    await screen.findByRole('list', { name: 'Deine Gespräche' });
    await userEvent.type(
      screen.getByLabelText('Titel und Nachrichten aller Gespräche durchsuchen'),
      'rezept',
    );
    const results = await screen.findByRole('list', { name: 'Suchergebnisse' });
    const search = server.requests.find((request) => request.url.startsWith('/api/search'));
    expect(new URL(search!.url, 'http://x').searchParams.get('q')).toBe('rezept');
    expect(within(results).getByText('Rezept').tagName).toBe('MARK');
    // The snippet is text: markup in a message stays visible characters, never an element.
    expect(results.querySelector('img')).toBeNull();
    expect(results.textContent).toContain('<img src=x onerror=alert(1)>');
    const link = within(results).getByRole('link');
    expect(link.getAttribute('href')).toBe('/chat/c9');
    expect(link.textContent).toContain('Neues Gespräch');
    expect(screen.getByText('Treffer: 1')).toBeTruthy();
  });

  it('opens from the sidebar and closes when a hit is followed', async () => {
    signedIn({
      'GET /api/conversations': { status: 200, body: [conversation(1)] },
      'GET /api/search': { status: 200, body: { results: [hit], nextCursor: null } },
      'GET /api/messages/c9': { status: 200, body: [] },
      'GET /api/conversations/c9': { status: 200, body: conversation(9) },
    });
    renderApp('/settings');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(
      await within(sidebar).findByRole('button', { name: 'Alle Gespräche durchsuchen' }),
    );
    const dialog = await screen.findByTestId('search-dialog');
    await userEvent.type(
      await within(dialog).findByLabelText('Titel und Nachrichten aller Gespräche durchsuchen'),
      'Rezept',
    );
    await userEvent.click(await within(dialog).findByRole('link', { name: /Apfelkuchen/ }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
  });

  it('tells when nothing matches', async () => {
    signedIn({
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/search': { status: 200, body: { results: [], nextCursor: null } },
    });
    renderApp('/history');
    await screen.findByText('Noch keine Gespräche');
    await userEvent.type(
      screen.getByLabelText('Titel und Nachrichten aller Gespräche durchsuchen'),
      'xyz',
    );
    expect(await screen.findByText('Keine Treffer für „xyz“')).toBeTruthy();
  });
});

describe('sidebar and drawer lists', () => {
  it('share one request and stay small with thousands of conversations', async () => {
    const server = signedIn({
      'GET /api/conversations': { status: 200, body: range(1, 100) },
    });
    withListHeaders(() => ({ 'x-next-cursor': 'p2', 'x-total-count': '10000' }));
    renderApp('/history');
    const sidebar = await screen.findByTestId('sidebar');
    const recent = await within(sidebar).findByRole('list', { name: 'Letzte Gespräche' });
    await screen.findByRole('list', { name: 'Deine Gespräche' });
    expect(within(recent).getAllByRole('listitem').length).toBeLessThan(40);
    expect(sidebar.querySelectorAll('*').length).toBeLessThan(1000);
    // The history screen and the sidebar read the same cache entry: one request for page one.
    const firstPages = server.requests.filter(
      (request) => request.url.startsWith('/api/conversations') && !request.url.includes('before'),
    );
    expect(firstPages).toHaveLength(1);

    // The drawer shows the latest 10 and how many more there are (spec 01-core §2).
    await userEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const drawer = await screen.findByTestId('drawer-conversations');
    expect(within(drawer).getAllByRole('link')).toHaveLength(11);
    expect(within(drawer).getByRole('link', { name: '+9990 weitere' }).getAttribute('href')).toBe(
      '/history',
    );
  });
});
