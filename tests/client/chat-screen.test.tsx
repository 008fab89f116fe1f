import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatReply } from '#shared/chat/chat-schemas.ts';
import {
  conversationRoutes,
  fakeServer,
  NO_CHOICES,
  settingsBody,
  sseBody,
  streamedReply,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import { preloadRoute } from '#client/app/route-preload.ts';
import { routes } from '#client/app/routes.tsx';
import { searchAllConversations } from './support/search-all.ts';
import { renderApp, VIRTUAL_VIEWPORT } from './support/render-app.tsx';

const message = (id: number, content = `Nachricht ${id}`, conversationId = 'c1') => ({
  id,
  content,
  isUserMessage: id % 2 === 1,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  conversationId,
  status: 'complete',
  model: id % 2 === 1 ? null : 'gpt-4o',
  feedback: null,
  attachments: [],
});

/**
 * GET /api/messages/:id as the server pages it, oldest first: the latest `limit` (before `before`),
 * the first `limit` after `after`, or the page around `around` (half before it, the other side
 * filling up near an end). A message named that is not in the conversation (any more) is a 404.
 */
function pagedMessages(all: ReturnType<typeof message>[]) {
  return (request: RecordedRequest) => {
    const query = new URL(request.url, 'http://x').searchParams;
    const limit = Number(query.get('limit') ?? 1000);
    const [before, after, around] = ['before', 'after', 'around'].map((key) => query.get(key));
    const named = around ?? before ?? after;
    if (named && !all.some((item) => item.id === Number(named))) {
      return {
        status: 404,
        body: { message: 'Message not found', code: 'NOT_FOUND', statusCode: 404 },
      };
    }
    let start: number;
    let end: number;
    if (around) {
      const index = all.findIndex((item) => item.id === Number(around));
      const newer = all.length - index - 1;
      start = index - Math.min(index, Math.max(Math.floor((limit - 1) / 2), limit - 1 - newer));
      end = start + limit;
    } else if (after) {
      const next = all.findIndex((item) => item.id > Number(after));
      start = next === -1 ? all.length : next;
      end = start + limit;
    } else {
      end = before ? all.filter((item) => item.id < Number(before)).length : all.length;
      start = Math.max(0, end - limit);
    }
    const page = all.slice(start, end);
    const headers: Record<string, string> = {};
    if (!after && start > 0 && page[0]) headers['x-next-cursor'] = String(page[0].id);
    if ((after || around) && start + page.length < all.length) {
      headers['x-newer-cursor'] = String(page.at(-1)!.id);
    }
    return { status: 200, body: page, headers };
  };
}

function server(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    ...NO_CHOICES,
    ...conversationRoutes('c1', 'c2', 'c3'),
    ...routes,
  });
}

const messageCalls = (requests: RecordedRequest[], id = 'c1') =>
  requests
    .filter((request) => request.url.startsWith(`/api/messages/${id}`))
    .map((request) => request.url.split('?')[1]);

/** 1,000 messages; two of them mention Orbit, one far back (only in an older page). */
const LONG = Array.from({ length: 1000 }, (_, index) => {
  const id = index + 1;
  if (id === 5) return message(id, 'Das Orbit-Handbuch liegt im Keller');
  if (id === 950) return message(id, 'Wie nutze ich orbit im Alltag?');
  return message(id);
});

describe('chat message list (spec 01-core §4 "List scrolling", issue #5 scale)', () => {
  it('opens a long conversation at its newest message with a bounded number of rows', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    renderApp('/chat/c1');

    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    // Only the first page is fetched, and only rows near the viewport are in the document.
    expect(messageCalls(fake.requests)).toEqual(['limit=100']);
    const rows = screen.getAllByRole('article');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(screen.queryByText('Nachricht 901')).toBeNull();
    // A conversation that ends with a reply does not look for one still being written.
    expect(fake.requests.some((request) => request.url.startsWith('/api/chat/stream'))).toBe(false);
  });

  it('reaching the top loads the previous page', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 1000');

    const list = await screen.findByRole('log', { name: 'Nachrichten' });
    // The list measures itself over a frame or two after mounting: scroll until it reacts.
    await waitFor(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
      expect(messageCalls(fake.requests)).toContain('limit=300&before=901');
    });
  });

  it('an older page cut away meanwhile shows the conversation as it is now, and pages back from there', async () => {
    const conversation = Array.from({ length: 500 }, (_, index) => message(index + 1));
    const fake = server({ 'GET /api/messages/c1': pagedMessages(conversation) });
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 500');
    // Another tab edits 401, the oldest loaded message: it and everything after it are replaced.
    conversation.splice(400, 100, message(501, 'Bearbeitete Frage'), message(502, 'Neue Antwort'));

    // The list opens anew with the newest page: the log is looked up at each scroll.
    const scrollToTop = () => {
      const list = screen.getByRole('log', { name: 'Nachrichten' });
      list.scrollTop = 0;
      fireEvent.scroll(list);
    };
    await waitFor(() => {
      scrollToTop();
      expect(messageCalls(fake.requests)).toContain('limit=300&before=401');
    });
    // Not the start of the conversation: its newest messages, read as when it opened.
    expect(await screen.findByText('Neue Antwort')).toBeTruthy();
    expect(screen.getByText('Bearbeitete Frage')).toBeTruthy();
    expect(screen.queryByText('Nachricht 500')).toBeNull();
    await waitFor(() => {
      scrollToTop();
      expect(messageCalls(fake.requests)).toContain('limit=300&before=303');
    });
    expect(messageCalls(fake.requests)).toEqual([
      'limit=100',
      'limit=300&before=401',
      'limit=100',
      'limit=300&before=303',
    ]);
    // The messages before the cut show again.
    const shown = () =>
      screen.queryAllByText(/^Nachricht \d+$/).map((row) => Number(row.textContent.slice(10)));
    await waitFor(() => expect(Math.min(...shown())).toBeLessThan(303));
  });
});

// main.tsx: the app opened on /chat/{id} (a reload, a shared link) reads its messages at start-up.
describe('opening the app on a conversation', () => {
  /** main.tsx's start-up on `path`; the fake server's user is 7 (null: a guest). */
  const openOn = (path: string, userId: number | null) => {
    const [pathname, search = ''] = path.split('?');
    preloadRoute(routes, pathname!, { search, userId: Promise.resolve(userId) });
  };
  /** The start-up on /chat/c1 for `userId`, once its read of the newest page has left. */
  const openedOnC1 = async (requests: RecordedRequest[], userId: number) => {
    openOn('/chat/c1', userId);
    await waitFor(() => expect(messageCalls(requests)).toEqual(['limit=100']));
  };

  it('reads the newest messages before the screen mounts, and the screen shows that read', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    await openedOnC1(fake.requests, 7);

    renderApp('/chat/c1');
    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    expect(messageCalls(fake.requests)).toEqual(['limit=100']);
  });

  it('reads nothing for a guest, nor for a search hit, which opens elsewhere', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    openOn('/chat/c1', null);
    openOn('/chat/c1?message=5', 7);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messageCalls(fake.requests)).toEqual([]);

    renderApp('/chat/c1?message=5');
    expect(await screen.findByText('Das Orbit-Handbuch liegt im Keller')).toBeTruthy();
    expect(messageCalls(fake.requests)).toEqual(['limit=100&around=5']);
  });

  it('never shows a read made for another user of the same browser', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    await openedOnC1(fake.requests, 8);

    renderApp('/chat/c1');
    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    expect(messageCalls(fake.requests)).toEqual(['limit=100', 'limit=100']);
  });

  it("shows another conversation's own messages when the user went elsewhere first", async () => {
    const fake = server({
      'GET /api/messages/c1': pagedMessages(LONG),
      'GET /api/messages/c2': pagedMessages([
        message(1, 'Frage in c2', 'c2'),
        message(2, 'Nur in c2', 'c2'),
      ]),
    });
    await openedOnC1(fake.requests, 7);

    renderApp('/chat/c2');
    expect(await screen.findByText('Nur in c2')).toBeTruthy();
    expect(screen.queryByText('Nachricht 1000')).toBeNull();
    expect(messageCalls(fake.requests, 'c2')).toEqual(['limit=100']);
  });
});

describe('in-chat search overlay (spec 01-core §2)', () => {
  it('filters the whole conversation case-insensitively; closing clears the query', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 1000');

    await userEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    // The overlay's code loads on the first opening.
    const field = await screen.findByRole('searchbox', { name: 'Nachrichten durchsuchen' });
    expect(document.activeElement).toBe(field);
    // The older pages are fetched so the filter covers every message, not only the last 100.
    await waitFor(() =>
      expect(messageCalls(fake.requests)).toEqual(['limit=100', 'limit=1000&before=901']),
    );

    await userEvent.type(field, 'ORBIT');
    expect(await screen.findByText('Treffer: 2')).toBeTruthy();
    expect(await screen.findByText('Das Orbit-Handbuch liegt im Keller')).toBeTruthy();
    expect(screen.getByText('Wie nutze ich orbit im Alltag?')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    await userEvent.clear(field);
    await userEvent.type(field, 'gibt es nicht');
    expect(await screen.findByText('Keine Nachricht enthält diesen Text.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(screen.queryByRole('searchbox', { name: 'Nachrichten durchsuchen' })).toBeNull();
    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Nachrichten durchsuchen' }).value,
    ).toBe('');
  });
});

describe('in-chat search overlay and the keyboard', () => {
  it('closing the overlay, by Escape or its close button, gives the focus back to Search', async () => {
    server({ 'GET /api/messages/c1': pagedMessages(LONG.slice(0, 4)) });
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 4');
    const toggle = screen.getByRole('button', { name: 'Suchen' });

    await userEvent.click(toggle);
    const field = await screen.findByRole('searchbox', { name: 'Nachrichten durchsuchen' });
    await userEvent.type(field, 'Nachricht{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Nachrichten durchsuchen' })).toBeNull();
    // Not lost to the page's body: a keyboard user goes on from where the search was opened.
    expect(document.activeElement).toBe(toggle);

    await userEvent.click(toggle);
    await screen.findByRole('searchbox', { name: 'Nachrichten durchsuchen' });
    await userEvent.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(document.activeElement).toBe(toggle);
  });
});

describe('export menu (spec 01-core §9)', () => {
  it('offers JSON, HTML and PDF and downloads the chosen format', async () => {
    const fake = server({
      'GET /api/messages/c1': pagedMessages(LONG.slice(0, 4)),
      'GET /api/conversations/c1/export': {
        status: 200,
        body: { title: 'x', exportedAt: '2026-01-01T00:00:00.000Z', messages: [] },
      },
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 4');

    const more = screen.getByRole('button', { name: 'Weitere Formate' });
    await userEvent.click(more);
    const menu = screen.getByRole('menu', { name: 'Weitere Formate' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Als JSON exportieren', 'Als HTML exportieren', 'Als PDF exportieren']);
    // Keyboard: focus starts on the first item, arrows move, Escape closes back to the button.
    expect(document.activeElement?.textContent).toBe('Als JSON exportieren');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Als PDF exportieren');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    for (const [label, format] of [
      ['Als JSON exportieren', 'json'],
      ['Als HTML exportieren', 'html'],
      ['Als PDF exportieren', 'pdf'],
    ] as const) {
      await userEvent.click(more);
      await userEvent.click(screen.getByRole('menuitem', { name: label }));
      await waitFor(() =>
        expect(
          fake.requests.some((request) =>
            request.url.startsWith(`/api/conversations/c1/export?format=${format}&tz=`),
          ),
        ).toBe(true),
      );
    }
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(3));
  });
});

describe('reopening a conversation whose reply is still being generated (issue #5)', () => {
  const question = message(1, 'Erzähl mir eine Geschichte', 'c2');
  const reply: ChatReply = {
    message: {
      id: 2,
      content: 'Es war einmal ein Stern.',
      timestamp: new Date().toISOString(),
      status: 'complete',
      model: 'gpt-4o',
    },
    conversationId: 'c2',
    userMessageId: 1,
  };

  it('follows the reply stream and keeps the finished reply', async () => {
    const fake = server({
      'GET /api/messages/c2': { status: 200, body: [question] },
      'GET /api/chat/stream/c2': {
        status: 200,
        sse: sseBody([
          [
            'start',
            { conversationId: 'c2', userMessageId: 1, assistantMessageId: 2, model: 'gpt-4o' },
          ],
          ['delta', { text: 'Es war einmal ' }],
          ['delta', { text: 'ein Stern.' }],
          ['done', reply],
        ]),
      },
    });
    renderApp('/chat/c2');

    // The streaming bubble is replaced by the stored reply's: ask for the reply's article anew.
    await waitFor(() =>
      expect(
        screen.getByRole('article', { name: 'Antwort des Assistenten' }).textContent,
      ).toContain('Es war einmal ein Stern.'),
    );
    const follow = fake.requests.find((request) => request.url === '/api/chat/stream/c2');
    expect(follow?.headers.accept).toBe('text/event-stream');
    expect(follow?.credentials).toBe('include');
    // The input is free once the reply is complete.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveProperty('disabled', false),
    );
  });

  it('reads the messages again when the reply finished in the meantime (204)', async () => {
    let reads = 0;
    server({
      'GET /api/messages/c2': () => {
        reads += 1;
        const stored = { ...message(2, reply.message.content, 'c2') };
        return { status: 200, body: reads === 1 ? [question] : [question, stored] };
      },
      'GET /api/chat/stream/c2': { status: 204 },
    });
    renderApp('/chat/c2');

    expect(await screen.findByText('Es war einmal ein Stern.')).toBeTruthy();
    expect(reads).toBe(2);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });
});

describe('reopening a conversation whose last reply failed', () => {
  it('shows the error bubble with its retry, not a question left without any action', async () => {
    const question = message(1, 'Wie hoch ist der Mount Everest?', 'c3');
    const fake = server({
      // The reply failed (or its process went down): only the question is stored.
      'GET /api/messages/c3': { status: 200, body: [question] },
      'GET /api/chat/stream/c3': { status: 204 },
      'POST /api/chat/regenerate': {
        status: 200,
        sse: sseBody([
          [
            'start',
            { conversationId: 'c3', userMessageId: 1, assistantMessageId: 2, model: 'gpt-4o' },
          ],
          [
            'done',
            {
              message: {
                id: 2,
                content: '8849 Meter.',
                timestamp: new Date().toISOString(),
                status: 'complete',
                model: 'gpt-4o',
              },
              conversationId: 'c3',
              userMessageId: 1,
            },
          ],
        ]),
      },
    });
    renderApp('/chat/c3');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Entschuldigung, ich konnte deine Nachricht nicht verarbeiten. Bitte versuche es später erneut.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('8849 Meter.')).toBeTruthy();
    // The stored question is answered again, not sent a second time.
    expect(
      fake.requests
        .filter((request) => request.method === 'POST')
        .map((request) => [request.url, request.body]),
    ).toEqual([['/api/chat/regenerate', { conversationId: 'c3' }]]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('opening a search hit at its message (?message=<id>)', () => {
  /** 2,500 messages: the hit (5) is three older pages back from the newest 100. */
  const VERY_LONG = Array.from({ length: 2500 }, (_, index) =>
    index === 4 ? message(5, 'Das Orbit-Handbuch liegt im Keller') : message(index + 1),
  );

  const hitBubble = () =>
    screen
      .queryAllByRole('article')
      .find((article) => article.getAttribute('aria-current') === 'true');

  it('opens a hit far back with one request, outlined and focused', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(VERY_LONG) });
    renderApp('/chat/c1?message=5');

    const bubble = await waitFor(() => {
      const found = hitBubble();
      expect(found).toBeTruthy();
      return found!;
    });
    expect(bubble.textContent).toContain('Das Orbit-Handbuch liegt im Keller');
    // The page around the message, not the newest page and the older ones back to it.
    expect(messageCalls(fake.requests)).toEqual(['limit=100&around=5']);
    // The list is at the message, not at the end; the focus is on it and it is outlined.
    expect(screen.queryByText('Nachricht 2500')).toBeNull();
    expect(screen.getByText('Nachricht 6')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(bubble));
    expect(bubble.className).toContain('outline-accent');
    // Only that message is marked.
    expect(
      screen.getAllByRole('article').filter((article) => article.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('pages newer messages below the hit until the newest, then a send works as at any end', async () => {
    const user = userEvent.setup();
    const fake = server({
      'GET /api/messages/c1': pagedMessages(LONG),
      'POST /api/chat': { status: 200, sse: streamedReply('c1', 1001, 1002, 'Antwort am Ende') },
    });
    renderApp('/chat/c1?message=500');
    await waitFor(() => expect(hitBubble()).toBeTruthy());
    expect(messageCalls(fake.requests)).toEqual(['limit=100&around=500']);

    const list = await screen.findByRole('log', { name: 'Nachrichten' });
    /** jsdom does not scroll: the list is told it is scrolled to the end of what it holds. */
    const scrollToEnd = () => {
      const loaded = messageCalls(fake.requests).reduce((count, call) => {
        const after = /after=(\d+)/.exec(call ?? '');
        return count + (after ? Math.min(300, 1000 - Number(after[1])) : 100);
      }, 0);
      const top = loaded * VIRTUAL_VIEWPORT.itemHeight - VIRTUAL_VIEWPORT.viewportHeight;
      Object.defineProperty(list, 'scrollTop', { configurable: true, value: top });
      fireEvent.scroll(list);
    };
    // Reaching the end of the loaded messages puts the next newer page after them.
    await waitFor(() => {
      scrollToEnd();
      expect(messageCalls(fake.requests).at(-1)).toBe('limit=300&after=850');
    });
    expect(messageCalls(fake.requests)).toEqual([
      'limit=100&around=500',
      'limit=300&after=550',
      'limit=300&after=850',
    ]);
    await waitFor(() => {
      scrollToEnd();
      expect(screen.getByText('Nachricht 1000')).toBeTruthy();
    });
    // No page past the newest message.
    expect(messageCalls(fake.requests)).toHaveLength(3);

    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Noch eine Frage{Enter}');
    expect(await screen.findByText('Antwort am Ende')).toBeTruthy();
    // At the end already: nothing is read again before the message is sent.
    expect(messageCalls(fake.requests)).toHaveLength(3);
    expect(screen.getByText('Noch eine Frage')).toBeTruthy();
  });

  it('a message sent at a hit far back shows after the newest messages, read first', async () => {
    const user = userEvent.setup();
    const fake = server({
      'GET /api/messages/c1': pagedMessages(VERY_LONG),
      'POST /api/chat': { status: 200, sse: streamedReply('c1', 2501, 2502, 'Antwort unten') },
    });
    renderApp('/chat/c1?message=5');
    await waitFor(() => expect(hitBubble()).toBeTruthy());

    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Und jetzt?{Enter}');
    expect(await screen.findByText('Antwort unten')).toBeTruthy();
    expect(messageCalls(fake.requests)).toEqual(['limit=100&around=5', 'limit=100']);
    const posted = fake.requests.filter((request) => request.method === 'POST');
    expect(posted.map((request) => request.body)).toEqual([
      { message: 'Und jetzt?', conversationId: 'c1' },
    ]);
    // The list holds the newest messages, then the question and its reply; the hit is spent.
    expect(screen.getByText('Nachricht 2500')).toBeTruthy();
    expect(screen.getByText('Und jetzt?')).toBeTruthy();
    expect(screen.queryByText('Das Orbit-Handbuch liegt im Keller')).toBeNull();
    expect(hitBubble()).toBeUndefined();
  });

  it('opens the conversation normally when the message is not in it any more', async () => {
    const fake = server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    renderApp('/chat/c1?message=4242');

    // Its page is not there: the conversation shows its newest messages.
    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    expect(messageCalls(fake.requests)).toEqual(['limit=100&around=4242', 'limit=100']);
    expect(hitBubble()).toBeUndefined();
  });

  it('searching in the conversation spends the hit: after the search the list is at its end', async () => {
    server({ 'GET /api/messages/c1': pagedMessages(LONG) });
    renderApp('/chat/c1?message=5');
    await waitFor(() => expect(hitBubble()).toBeTruthy());
    expect(screen.queryByText('Nachricht 1000')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    const field = await screen.findByRole('searchbox', { name: 'Nachrichten durchsuchen' });
    await userEvent.type(field, 'Nachricht 99');
    expect(await screen.findByText('Treffer: 11')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Suche schließen' }));

    // Like any conversation after a search, not back at the hit's message.
    expect(await screen.findByText('Nachricht 1000')).toBeTruthy();
    expect(screen.queryByText('Das Orbit-Handbuch liegt im Keller')).toBeNull();
    expect(hitBubble()).toBeUndefined();
  });

  it('a hit followed from the search dialog scrolls the open conversation to its message', async () => {
    const messageHit = {
      kind: 'message',
      conversationId: 'c1',
      conversationTitle: 'Handbücher',
      messageId: 5,
      isUserMessage: true,
      timestamp: message(5).timestamp,
      snippet: { text: 'Das Orbit-Handbuch liegt im Keller', highlights: [{ start: 4, end: 9 }] },
      score: 2,
    };
    const titleHit = {
      ...messageHit,
      kind: 'conversation',
      conversationId: 'c2',
      conversationTitle: 'Orbit-Ideen',
      messageId: null,
      isUserMessage: null,
      snippet: { text: 'Orbit-Ideen', highlights: [{ start: 0, end: 5 }] },
      score: 1,
    };
    const fake = server({
      'GET /api/messages/c1': pagedMessages(LONG),
      'GET /api/search': {
        status: 200,
        body: { results: [messageHit, titleHit], nextCursor: null },
      },
    });
    renderApp('/chat/c1');
    await screen.findByText('Nachricht 1000');

    const dialog = await searchAllConversations('Orbit');
    const results = await within(dialog).findByRole('list', { name: 'Suchergebnisse' });
    // A title hit has no message to go to: it opens its conversation as usual.
    expect(
      within(results)
        .getByRole('link', { name: /Orbit-Ideen/ })
        .getAttribute('href'),
    ).toBe('/chat/c2');
    const link = within(results).getByRole('link', { name: /Handbücher/ });
    expect(link.getAttribute('href')).toBe('/chat/c1?message=5');
    await userEvent.click(link);

    await waitFor(() =>
      expect(hitBubble()?.textContent).toContain('Das Orbit-Handbuch liegt im Keller'),
    );
    expect(screen.queryByText('Nachricht 1000')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(hitBubble()));
    expect(messageCalls(fake.requests)).toEqual(['limit=100', 'limit=100&around=5']);
  });
});
