import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  conversationRoutes,
  fakeServer,
  GUEST,
  HEALTHY,
  NO_CHOICES,
  settingsBody,
  userBody,
  type RecordedRequest,
} from './support/fake-server.ts';
import type { Answer } from './support/fake-contract.ts';
import { stubSpeechRecognition } from './support/fake-speech.ts';
import { renderApp } from './support/render-app.tsx';

const LIMIT_REACHED: Answer = {
  status: 429,
  body: {
    message: 'Monthly message limit reached. Upgrade to Premium for unlimited messages.',
    code: 'QUOTA_EXCEEDED_ERROR',
    statusCode: 429,
  },
};

const STORED_FILE = {
  id: 41,
  name: 'bild.png',
  size: 64,
  type: 'image/png',
  status: 'ready',
  processingError: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A conversation of one answered question. */
const twoMessages = (conversationId: string): Answer => ({
  status: 200,
  body: [1, 2].map((id) => ({
    id,
    content: id === 1 ? `Frage in ${conversationId}` : `Antwort in ${conversationId}`,
    isUserMessage: id === 1,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
    conversationId,
    status: 'complete',
    model: id === 1 ? null : 'gpt-4o',
    feedback: null,
    attachments: [],
  })),
});

function draftServer(chat: Answer = LIMIT_REACHED) {
  let signedIn = true;
  const server = fakeServer({
    'GET /api/user': () => (signedIn ? { status: 200, body: userBody() } : GUEST),
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /healthz': HEALTHY,
    ...NO_CHOICES,
    ...conversationRoutes('c1', 'c2'),
    'GET /api/messages/c1': twoMessages('c1'),
    'GET /api/messages/c2': twoMessages('c2'),
    'POST /api/files': { status: 201, body: STORED_FILE },
    'POST /api/chat': chat,
    'POST /api/logout': () => {
      signedIn = false;
      return { status: 200, body: { message: 'Logged out' } };
    },
  });
  return { ...server, signIn: () => (signedIn = true) };
}

const chatCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/chat');

const messageInput = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Nachricht' });

/** Picks a PNG through the attach button's file input. */
async function attachPng() {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await userEvent
    .setup({ applyAccept: false })
    .upload(input, new File([bytes], 'bild.png', { type: 'image/png' }));
  const chips = await screen.findByRole('list', { name: 'Angehängte Dateien' });
  await waitFor(() => expect(within(chips).getByText('bild.png')).toBeTruthy());
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', false),
  );
}

describe('the composer keeps what the user wrote (decision 305)', () => {
  it('a message the usage limit refused comes back with its file, and is still there after leaving to upgrade', async () => {
    const server = draftServer();
    const first = renderApp('/chat/c1');
    await attachPng();
    await userEvent.type(await messageInput(), 'Was zeigt das Bild?{Enter}');

    await screen.findByRole('alert', { name: 'Nachrichtenlimit erreicht' });
    const input = await messageInput();
    await waitFor(() => expect(input.value).toBe('Was zeigt das Bild?'));
    const chips = screen.getByRole('list', { name: 'Angehängte Dateien' });
    expect(within(chips).getByText('bild.png')).toBeTruthy();
    const sent = screen.getAllByRole('article', { name: 'Deine Nachricht' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.textContent).toContain('Frage in c1');
    const [refused] = chatCalls(server.requests);
    expect(refused?.body).toMatchObject({ message: 'Was zeigt das Bild? [Datei: bild.png]' });
    expect(refused?.body).toMatchObject({ fileIds: [41] });

    // "Upgrade Now" leaves the chat screen; coming back, the text is waiting.
    first.unmount();
    renderApp('/chat/c1');
    expect((await messageInput()).value).toBe('Was zeigt das Bild?');
  });

  it('each conversation, and a new chat, keeps its own unsent text', async () => {
    draftServer();
    const inFirst = renderApp('/chat/c1');
    await userEvent.type(await messageInput(), 'Entwurf für eins');
    inFirst.unmount();

    const inSecond = renderApp('/chat/c2');
    const input = await messageInput();
    expect(input.value).toBe('');
    await userEvent.type(input, 'Entwurf für zwei');
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Chat' }));
    await waitFor(() => expect(input.value).toBe(''));
    inSecond.unmount();

    renderApp('/chat/c1');
    expect((await messageInput()).value).toBe('Entwurf für eins');
  });

  it('a sent message leaves no draft behind', async () => {
    draftServer({
      status: 500,
      body: { message: 'Internal error', code: 'SERVER_ERROR', statusCode: 500 },
    });
    const view = renderApp('/chat/c1');
    await userEvent.type(await messageInput(), 'Schon gesendet{Enter}');
    await screen.findByText(/Entschuldigung, ich konnte deine Nachricht/);
    expect((await messageInput()).value).toBe('');
    view.unmount();

    renderApp('/chat/c1');
    expect((await messageInput()).value).toBe('');
  });

  it('logging out forgets every draft of the tab', async () => {
    const server = draftServer();
    const view = renderApp('/chat/c1');
    await userEvent.type(await messageInput(), 'Privater Entwurf');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Du wurdest erfolgreich abgemeldet')).toBeTruthy();
    view.unmount();

    server.signIn();
    renderApp('/chat/c1');
    expect((await messageInput()).value).toBe('');
  });

  it('files stay with the conversation they were attached in', async () => {
    draftServer();
    renderApp('/chat/c1');
    await attachPng();
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Chat' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Angehängte Dateien' })).toBeNull(),
    );
  });

  it('a message sent while dictating does not come back with the dictation’s last words', async () => {
    const started = stubSpeechRecognition();
    draftServer({
      status: 500,
      body: { message: 'Internal error', code: 'SERVER_ERROR', statusCode: 500 },
    });
    renderApp('/chat/c1');
    const input = await messageInput();
    await userEvent.click(await screen.findByRole('button', { name: 'Spracheingabe starten' }));
    const [recognition] = started;
    act(() => recognition?.onresult?.({ results: [[{ transcript: 'Wie wird das Wetter' }]] }));
    expect(input.value).toBe('Wie wird das Wetter');
    await userEvent.type(input, '{Enter}');
    await screen.findByText(/Entschuldigung, ich konnte deine Nachricht/);

    // The browser's final result of what was said arrives after the send.
    act(() => recognition?.onresult?.({ results: [[{ transcript: 'Wie wird das Wetter' }]] }));
    expect(input.value).toBe('');
  });
});
