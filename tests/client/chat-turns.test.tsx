import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
import { renderApp } from './support/render-app.tsx';

const stored = (id: number, content: string) => ({
  id,
  content,
  isUserMessage: id % 2 === 1,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  conversationId: 'c1',
  status: 'complete',
  model: id % 2 === 1 ? null : 'gpt-4o',
  feedback: null,
  attachments: [],
});

const CONVERSATION = [
  stored(1, 'Erste Frage'),
  stored(2, 'Erste Antwort'),
  stored(3, 'Zweite Frage'),
  stored(4, 'Zweite Antwort'),
];

function server(routes: Parameters<typeof fakeServer>[0]) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/messages/c1': { status: 200, body: CONVERSATION },
    ...NO_CHOICES,
    ...conversationRoutes('c1', 'c8', 'c9'),
    ...routes,
  });
}

const posts = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === path);

const texts = () =>
  screen.getAllByRole('article').map((article) => article.querySelector('p, div')?.textContent);

/**
 * Clicks an action of the `index`-th message once the list has settled: in jsdom Virtuoso renders
 * its rows again after the first paint, so a button found too early may be detached already.
 */
async function clickAction(
  articleName: string,
  index: number,
  buttonName: string,
  clicked: () => void,
) {
  await screen.findAllByRole('article', { name: articleName, hidden: true });
  await waitFor(() => {
    try {
      clicked();
      return;
    } catch {
      const article = screen.getAllByRole('article', { name: articleName, hidden: true })[index]!;
      const actions = within(article.parentElement!).getByRole('group', {
        name: 'Aktionen zur Nachricht',
        hidden: true,
      });
      fireEvent.click(within(actions).getByRole('button', { name: buttonName, hidden: true }));
    }
    clicked();
  });
}

describe('edit and regenerate (spec 01-core §4, decision 040)', () => {
  it('edit cuts the list at the edited message and streams the answer to the new text', async () => {
    const user = userEvent.setup();
    const fake = server({
      'POST /api/chat/edit': { status: 200, sse: streamedReply('c1', 5, 6, 'Neue Antwort') },
    });
    renderApp('/chat/c1');
    await clickAction('Deine Nachricht', 0, 'Bearbeiten', () =>
      screen.getByRole('textbox', { name: 'Nachricht bearbeiten', hidden: true }),
    );
    // jsdom has no layout: Virtuoso may hide its rows (visibility) while it waits to measure.
    const editor = screen.getByRole('textbox', { name: 'Nachricht bearbeiten', hidden: true });
    await user.clear(editor);
    await user.type(editor, 'Bessere Frage{Enter}');

    await waitFor(() => expect(texts()).toEqual(['Bessere Frage', 'Neue Antwort']));
    expect(posts(fake.requests, '/api/chat/edit').map((request) => request.body)).toEqual([
      { messageId: 1, message: 'Bessere Frage' },
    ]);
    expect(fake.requests.find((request) => request.url === '/api/chat/edit')?.headers.accept).toBe(
      'text/event-stream',
    );
  });

  it('regenerate drops the reply and what follows and streams a new one', async () => {
    const fake = server({
      'POST /api/chat/regenerate': {
        status: 200,
        sse: streamedReply('c1', 1, 7, 'Andere Antwort'),
      },
    });
    renderApp('/chat/c1');
    await clickAction('Antwort des Assistenten', 0, 'Neu generieren', () =>
      expect(posts(fake.requests, '/api/chat/regenerate')).toHaveLength(1),
    );
    await waitFor(() => expect(texts()).toEqual(['Erste Frage', 'Andere Antwort']));
    expect(posts(fake.requests, '/api/chat/regenerate').map((request) => request.body)).toEqual([
      { messageId: 2 },
    ]);
  });
});

describe('a turn the usage limit refused (decision 305)', () => {
  it('leaves the conversation as the server kept it: the reply a regenerate cut is back', async () => {
    const fake = server({
      'POST /api/chat/regenerate': {
        status: 429,
        body: {
          message: 'Daily token limit reached. It resets at midnight UTC.',
          code: 'QUOTA_EXCEEDED_ERROR',
          statusCode: 429,
        },
      },
    });
    renderApp('/chat/c1');
    await clickAction('Antwort des Assistenten', 0, 'Neu generieren', () =>
      expect(posts(fake.requests, '/api/chat/regenerate')).toHaveLength(1),
    );

    await screen.findByRole('alert', { name: 'Nachrichtenlimit erreicht' });
    await waitFor(() =>
      expect(texts()).toEqual(['Erste Frage', 'Erste Antwort', 'Zweite Frage', 'Zweite Antwort']),
    );
    // Read again from the server, not kept from before the turn.
    const reads = fake.requests.filter((request) => request.url.startsWith('/api/messages/c1'));
    expect(reads).toHaveLength(2);
  });
});

describe('retry from the error bubble', () => {
  it('answers the stored message again instead of sending it twice', async () => {
    const user = userEvent.setup();
    const fake = server({
      'POST /api/chat': {
        status: 200,
        sse: sseBody([
          ['start', { conversationId: 'c9', userMessageId: 5, assistantMessageId: 6, model: 'x' }],
          ['error', { message: 'KI-Dienst nicht erreichbar', code: 'API_ERROR', statusCode: 503 }],
        ]),
      },
      'POST /api/chat/regenerate': {
        status: 200,
        sse: streamedReply('c9', 5, 7, 'Jetzt klappt es'),
      },
    });
    renderApp('/chat');
    await user.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Hallo{Enter}');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));

    await waitFor(() => expect(texts()).toEqual(['Hallo', 'Jetzt klappt es']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts(fake.requests, '/api/chat')).toHaveLength(1);
    expect(posts(fake.requests, '/api/chat/regenerate').map((request) => request.body)).toEqual([
      { conversationId: 'c9' },
    ]);
  });

  it('sends the same message again when the server refused it before storing it', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fake = server({
      'POST /api/chat': () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { message: 'Kein Anbieter', code: 'API_ERROR', statusCode: 503 } }
          : { status: 200, sse: streamedReply('c8', 3, 4, 'Antwort beim zweiten Mal') };
      },
    });
    renderApp('/chat');
    await user.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Hallo{Enter}');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));

    await waitFor(() => expect(texts()).toEqual(['Hallo', 'Antwort beim zweiten Mal']));
    expect(posts(fake.requests, '/api/chat').map((request) => request.body)).toEqual([
      { message: 'Hallo', conversationId: null },
      { message: 'Hallo', conversationId: null },
    ]);
  });

  it('a retry after a network error sends the same idempotency key, a new message a new one', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fake = server({
      'POST /api/chat': () => {
        calls += 1;
        // The connection drops before any answer: the server may have stored the message.
        if (calls === 1) throw new TypeError('Failed to fetch');
        const id = 2 * calls;
        return { status: 200, sse: streamedReply('c8', id - 1, id, `Antwort ${calls}`) };
      },
    });
    renderApp('/chat');
    const input = await screen.findByRole('textbox', { name: 'Nachricht' });
    await user.type(input, 'Hallo{Enter}');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(texts()).toEqual(['Hallo', 'Antwort 2']));
    await user.type(input, 'Noch eine{Enter}');
    await waitFor(() => expect(texts()).toEqual(['Hallo', 'Antwort 2', 'Noch eine', 'Antwort 3']));

    const keys = posts(fake.requests, '/api/chat').map(
      (request) => request.headers['idempotency-key'],
    );
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(uuid);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(uuid);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('stop (decision 040)', () => {
  it('shows no reply bubble for a reply stopped before its first token', async () => {
    const user = userEvent.setup();
    server({
      'POST /api/chat': {
        status: 200,
        sse: sseBody([
          ['start', { conversationId: 'c1', userMessageId: 5, assistantMessageId: 6, model: 'x' }],
          [
            'done',
            {
              message: {
                id: 6,
                content: '',
                timestamp: new Date().toISOString(),
                status: 'stopped',
                model: 'gpt-4o',
              },
              conversationId: 'c1',
              userMessageId: 5,
            },
          ],
        ]),
      },
    });
    renderApp('/chat/c1');
    await user.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Halt{Enter}');

    // Reply 6 was never stored: a bubble for it would offer copy and regenerate of nothing.
    await waitFor(() =>
      expect(texts()).toEqual([
        'Erste Frage',
        'Erste Antwort',
        'Zweite Frage',
        'Zweite Antwort',
        'Halt',
      ]),
    );
    expect(screen.getAllByRole('article', { name: 'Antwort des Assistenten' })).toHaveLength(2);
  });
});
