import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  conversationRoutes,
  fakeServer,
  NO_CHOICES,
  settingsBody,
  sseBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import type { Answer } from './support/fake-contract.ts';
import { renderApp } from './support/render-app.tsx';

function chatServer(chat: Answer) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    ...NO_CHOICES,
    'POST /api/chat': chat,
  });
}

const chatCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/chat');

async function sendMessage(text: string) {
  const input = await screen.findByRole('textbox', { name: 'Nachricht' });
  await userEvent.type(input, `${text}{Enter}`);
}

describe('chat screen errors (spec 01-core §8 "Chat errors")', () => {
  it('a quota error shows the limit panel with the upgrade link and no error bubble', async () => {
    const server = chatServer({
      status: 429,
      body: {
        message: 'Monthly message limit reached. Upgrade to Premium for unlimited messages.',
        code: 'QUOTA_EXCEEDED_ERROR',
        statusCode: 429,
      },
    });
    renderApp('/chat');
    await sendMessage('Hallo');

    const panel = await screen.findByRole('alert', { name: 'Nachrichtenlimit erreicht' });
    expect(panel.textContent).toContain('monatliches Nachrichtenlimit');
    expect(screen.getByRole('link', { name: 'Jetzt upgraden' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.queryByText(/Entschuldigung, ich konnte deine Nachricht/)).toBeNull();
    // Nothing was stored: the message is back in the input to send after upgrading, not in the
    // list as if it had been sent (decision 305).
    const input = screen.getByRole('textbox', { name: 'Nachricht' });
    await waitFor(() => expect(input).toHaveProperty('value', 'Hallo'));
    expect(screen.queryByRole('article', { name: 'Deine Nachricht' })).toBeNull();

    const [call] = chatCalls(server.requests);
    expect(call?.headers.accept).toBe('text/event-stream');
    expect(call?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(call?.credentials).toBe('include');
    expect(call?.body).toEqual({ message: 'Hallo', conversationId: null });
  });

  it('any other failure adds the red error bubble and keeps the user message', async () => {
    chatServer({
      status: 500,
      body: { message: 'Internal error', code: 'SERVER_ERROR', statusCode: 500 },
    });
    renderApp('/chat');
    await sendMessage('Wie spät ist es?');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Entschuldigung, ich konnte deine Nachricht nicht verarbeiten. Bitte versuche es später erneut.',
    );
    expect(screen.getByRole('article', { name: 'Deine Nachricht' }).textContent).toContain(
      'Wie spät ist es?',
    );
    expect(screen.queryByRole('link', { name: 'Jetzt upgraden' })).toBeNull();
    // The input is usable again.
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveProperty('disabled', false);
  });

  it('a reply whose events break the API contract ends as a failed reply', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      ...NO_CHOICES,
      ...conversationRoutes('c1'),
      'POST /api/chat': {
        status: 200,
        sse:
          'id: f-1\nevent: start\ndata: {"conversationId":"c1","userMessageId":1,' +
          '"assistantMessageId":2,"model":"gpt-4o"}\n\n' +
          'id: f-2\nevent: done\ndata: {"conversationId":"c1","userMessageId":1,' +
          '"message":{"id":2,"content":"Halb","status":"complete","model":"gpt-4o"}}\n\n',
        breaksContract: 'a done event whose message has no timestamp',
      },
    });
    renderApp('/chat');
    await sendMessage('Wie spät ist es?');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Entschuldigung, ich konnte deine Nachricht nicht verarbeiten. Bitte versuche es später erneut.',
    );
    expect(screen.queryByText('Halb')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveProperty('disabled', false);
  });

  it('a first message stored before its reply failed lists its conversation in the sidebar', async () => {
    let sent = false;
    const stored = {
      id: 1,
      title: 'Frage ohne Antwort',
      timestamp: new Date().toISOString(),
      conversationId: 'c-failed',
      personaId: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': () => ({ status: 200, body: sent ? [stored] : [] }),
      ...NO_CHOICES,
      'GET /api/conversations/c-failed': { status: 200, body: stored },
      'POST /api/chat': () => {
        sent = true;
        // The server stored the message (start), then the model failed.
        return {
          status: 200,
          sse: sseBody([
            [
              'start',
              {
                conversationId: 'c-failed',
                userMessageId: 11,
                assistantMessageId: 12,
                model: 'gpt-4o',
              },
            ],
            ['error', { message: 'AI down', code: 'API_ERROR', statusCode: 503 }],
          ]),
        };
      },
    });
    renderApp('/chat');
    const sidebar = await screen.findByTestId('sidebar');
    expect(await within(sidebar).findByText('Noch keine Gespräche')).toBeTruthy();
    await sendMessage('Frage ohne Antwort');

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(await within(sidebar).findByText('Frage ohne Antwort')).toBeTruthy();
  });

  it("a conversation that does not exist becomes a new chat, said in the user's language", async () => {
    const notFound = {
      status: 404,
      body: { message: 'Conversation not found', code: 'NOT_FOUND', statusCode: 404 },
    };
    const server = fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/conversations/gone': notFound,
      ...NO_CHOICES,
      'GET /api/messages/gone': notFound,
      'POST /api/chat': {
        status: 500,
        body: { message: 'Internal server error', code: 'SERVER_ERROR', statusCode: 500 },
      },
    });
    renderApp('/chat/gone');

    expect(await screen.findByText('Gespräch nicht gefunden')).toBeTruthy();
    expect(screen.queryByText('Conversation not found')).toBeNull();
    // A message sent now starts a conversation instead of failing against the missing one.
    await sendMessage('Neuer Anfang');
    expect(chatCalls(server.requests).map((request) => request.body)).toEqual([
      expect.objectContaining({ message: 'Neuer Anfang', conversationId: null }),
    ]);
  });

  it('Escape clears the input and Shift+Enter makes a newline instead of sending', async () => {
    const server = chatServer({
      status: 500,
      body: { message: 'Internal server error', code: 'SERVER_ERROR', statusCode: 500 },
    });
    renderApp('/chat');
    const input = await screen.findByRole('textbox', { name: 'Nachricht' });
    await userEvent.type(input, 'Zeile eins{Shift>}{Enter}{/Shift}Zeile zwei');
    expect((input as HTMLTextAreaElement).value).toBe('Zeile eins\nZeile zwei');
    await userEvent.type(input, '{Escape}');
    expect((input as HTMLTextAreaElement).value).toBe('');
    await userEvent.type(input, '   {Enter}');
    expect(chatCalls(server.requests)).toEqual([]);
  });
});
