import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#client/lib/i18n.ts';
import {
  fakeServer,
  NO_CHOICES,
  GUEST,
  settingsBody,
  sseBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { searchAllConversations } from './support/search-all.ts';
import { renderApp } from './support/render-app.tsx';

function conversation(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: index,
    title: `Gespräch ${index}`,
    timestamp: '2024-03-05T10:00:00.000Z',
    createdAt: '2024-03-05T10:00:00.000Z',
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
    ...NO_CHOICES,
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
        body: { message: 'Boom', code: 'SERVER_ERROR', statusCode: 500 },
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
    // The hit opens its conversation at the matching message.
    expect(link.getAttribute('href')).toBe('/chat/c9?message=42');
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
    const dialog = await searchAllConversations('Rezept');
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

const HISTORY_LIST = {
  path: '/history',
  listName: 'Deine Gespräche',
  testId: 'history-list',
  rowHeight: 68,
};

/** Conversation `index`, last active `index` minutes after a fixed start: higher is newer. */
const active = (index: number, overrides: Record<string, unknown> = {}) => {
  const at = new Date(Date.UTC(2024, 2, 5, 10, index)).toISOString();
  return conversation(index, { timestamp: at, updatedAt: at, ...overrides });
};
const key = (row: ReturnType<typeof conversation>) => `${row.updatedAt}|${row.id}`;

/** GET /api/conversations as the server pages it: most recently active first, keyset cursor. */
function pagedList(rows: () => ReturnType<typeof conversation>[]) {
  return (request: RecordedRequest) => {
    const before = new URL(request.url, 'http://x').searchParams.get('before');
    const sorted = rows().sort((a, b) => (key(a) < key(b) ? 1 : -1));
    const older = before ? sorted.filter((row) => key(row) < before) : sorted;
    const page = older.slice(0, 100);
    const headers: Record<string, string> = {};
    if (older.length > 100) headers['x-next-cursor'] = key(page.at(-1)!);
    if (!before) headers['x-total-count'] = String(sorted.length);
    return { status: 200, body: page, headers };
  };
}

/** The requests for pages of the list (not a single conversation, not a deletion). */
const listCalls = (requests: RecordedRequest[]) =>
  requests
    .filter(
      (request) => request.method === 'GET' && request.url.split('?')[0] === '/api/conversations',
    )
    .map((request) => request.url);

/**
 * Opens `path` and scrolls its list (the history screen's, or the sidebar's with rows 34 px tall)
 * until `pages` pages of 100 are loaded.
 */
async function scrolledThrough(
  pages: number,
  { path, listName, testId, rowHeight } = HISTORY_LIST,
) {
  renderApp(path);
  const list = await screen.findByRole('list', { name: listName });
  const scroller = screen.getByTestId(testId);
  for (let loaded = 1; loaded < pages; loaded++) {
    fireEvent.scroll(scroller, { target: { scrollTop: loaded * 100 * rowHeight - 400 } });
    await waitFor(() =>
      expect(scroller.querySelectorAll('li')[0]?.getAttribute('aria-setsize')).toBe(
        String((loaded + 1) * 100),
      ),
    );
  }
  return { list, scroller };
}

describe('the 60 s refresh of the conversation list (spec 01-core §7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps every loaded page and refreshes them with one request for the first page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = Array.from({ length: 450 }, (_, index) => active(index + 1));
    const server = signedIn({ 'GET /api/conversations': pagedList(() => [...rows]) });
    const { list, scroller } = await scrolledThrough(4);
    expect(screen.getByText('Gespräche insgesamt: 450')).toBeTruthy();
    const before = listCalls(server.requests).length;

    // Meanwhile, on another device: two new conversations, one on page 3 renamed by a new
    // message (it moves to the top), one on page 1 deleted.
    rows = [
      ...rows.filter((row) => row.id !== 400 && row.id !== 200),
      active(451),
      active(452),
      active(453, { id: 200, conversationId: 'c200', title: 'Umbenannt' }),
    ];
    await vi.advanceTimersByTimeAsync(60_000);

    await waitFor(() => expect(screen.getByText('Gespräche insgesamt: 451')).toBeTruthy());
    // One request, for the first page: the 400 loaded rows are not fetched again.
    expect(listCalls(server.requests).slice(before)).toEqual(['/api/conversations?limit=100']);
    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .slice(0, 4)
          .map((link) => link.querySelector('span')?.textContent),
      ).toEqual(['Umbenannt', 'Gespräch 452', 'Gespräch 451', 'Gespräch 450']),
    );
    expect(within(list).queryByText('Gespräch 400')).toBeNull();
    // The rows of page 4 are still there, in place, without the moved one twice.
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('401');
    fireEvent.scroll(scroller, { target: { scrollTop: 401 * 68 - 400 } });
    await waitFor(() => expect(within(list).getByText('Gespräch 51')).toBeTruthy());
    expect(within(list).queryByText('Gespräch 200')).toBeNull();
  });

  it('a conversation deleted elsewhere below the first page leaves the list too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = Array.from({ length: 450 }, (_, index) => active(index + 1));
    const server = signedIn({ 'GET /api/conversations': pagedList(() => [...rows]) });
    const { list, scroller } = await scrolledThrough(4);
    const before = listCalls(server.requests).length;

    // On another device: one on the fourth loaded page deleted, one not loaded yet too.
    rows = rows.filter((row) => row.id !== 120 && row.id !== 10);
    await vi.advanceTimersByTimeAsync(60_000);

    await waitFor(() => expect(screen.getByText('Gespräche insgesamt: 448')).toBeTruthy());
    // The first page cannot show it: the server's total can. The loaded pages come again.
    await waitFor(() => expect(listCalls(server.requests).slice(before)).toHaveLength(5));
    await waitFor(() => expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('400'));
    fireEvent.scroll(scroller, { target: { scrollTop: 330 * 68 - 400 } });
    await waitFor(() => expect(within(list).getByText('Gespräch 121')).toBeTruthy());
    expect(within(list).queryByText('Gespräch 120')).toBeNull();
  });

  it('fetches the loaded pages again when more than a page changed in the meantime', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = Array.from({ length: 250 }, (_, index) => active(index + 1));
    const server = signedIn({ 'GET /api/conversations': pagedList(() => [...rows]) });
    const { list, scroller } = await scrolledThrough(2);
    const before = listCalls(server.requests).length;

    rows = [...rows, ...Array.from({ length: 150 }, (_, index) => active(251 + index))];
    await vi.advanceTimersByTimeAsync(60_000);

    await waitFor(() => expect(screen.getByText('Gespräche insgesamt: 400')).toBeTruthy());
    // The first page no longer reaches the loaded rows: both loaded pages come again, nothing
    // is left out between them.
    await waitFor(() => expect(listCalls(server.requests).slice(before)).toHaveLength(3));
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('200');
    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    expect(await within(list).findByText('Gespräch 400')).toBeTruthy();
  });
});

describe("the list after the user's own change", () => {
  it('deleting a conversation fetches the first page once, not every loaded page', async () => {
    let rows = Array.from({ length: 350 }, (_, index) => active(index + 1));
    const server = signedIn({
      'GET /api/conversations': pagedList(() => [...rows]),
      'DELETE /api/conversations/c350': () => {
        rows = rows.filter((row) => row.id !== 350);
        return { status: 204 };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { list, scroller } = await scrolledThrough(3);
    const before = listCalls(server.requests).length;
    // Meanwhile, on another device: a new conversation.
    rows = [...rows, active(351)];

    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    await userEvent.click(await screen.findByRole('button', { name: '„Gespräch 350“ löschen' }));

    expect(await screen.findByText('Das Gespräch „Gespräch 350“ wurde gelöscht.')).toBeTruthy();
    expect(listCalls(server.requests).slice(before)).toEqual(['/api/conversations?limit=100']);
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .slice(0, 2)
          .map((link) => link.querySelector('span')?.textContent),
      ).toEqual(['Gespräch 351', 'Gespräch 349']),
    );
    expect(within(list).queryByText('Gespräch 350')).toBeNull();
    expect(screen.getByText('Gespräche insgesamt: 350')).toBeTruthy();
    // The 300 loaded rows stay loaded: one gone, one new.
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('300');
    fireEvent.scroll(scroller, { target: { scrollTop: 300 * 68 - 400 } });
    expect(await within(list).findByText('Gespräch 51')).toBeTruthy();
  });

  it('a sent message puts its conversation on top with one request for the first page', async () => {
    let rows = Array.from({ length: 350 }, (_, index) => active(index + 1));
    const server = signedIn({
      'GET /api/conversations': pagedList(() => [...rows]),
      'GET /api/models': { status: 200, body: { offline: false, models: [] } },
      'GET /api/personas': { status: 200, body: [] },
      // The chat reads the new conversation once the reply names it (when depends on timing).
      'GET /api/conversations/c351': { status: 200, body: active(351, { title: 'Neue Frage' }) },
      'POST /api/chat': () => {
        rows = [...rows, active(351, { title: 'Neue Frage' })];
        return {
          status: 200,
          sse: sseBody([
            [
              'start',
              { conversationId: 'c351', userMessageId: 1, assistantMessageId: 2, model: 'gpt-4o' },
            ],
            ['delta', { text: 'Eine Antwort.' }],
            [
              'done',
              {
                message: {
                  id: 2,
                  content: 'Eine Antwort.',
                  timestamp: new Date().toISOString(),
                  status: 'complete',
                  model: 'gpt-4o',
                },
                conversationId: 'c351',
                userMessageId: 1,
              },
            ],
          ]),
        };
      },
    });
    const { list, scroller } = await scrolledThrough(3, {
      path: '/chat',
      listName: 'Letzte Gespräche',
      testId: 'recent-conversations',
      rowHeight: 34,
    });
    const before = listCalls(server.requests).length;

    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Nachricht' }),
      'Neue Frage{Enter}',
    );

    expect(await screen.findByText('Eine Antwort.')).toBeTruthy();
    await waitFor(() =>
      expect(within(list).getAllByRole('link')[0]?.textContent).toBe('Neue Frage'),
    );
    expect(listCalls(server.requests).slice(before)).toEqual(['/api/conversations?limit=100']);
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('301');
  });
});
