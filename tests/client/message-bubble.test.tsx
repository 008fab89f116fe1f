import { act, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#client/components/ui/toaster.tsx';
import {
  MessageActionsContext,
  type MessageActions,
} from '#client/features/chat/message-actions.ts';
import { MessageBubble } from '#client/features/chat/message-bubble.tsx';
import type { ChatItem } from '#client/features/chat/chat-items.ts';
import { i18n } from '#client/lib/i18n.ts';
import { fakeServer } from './support/fake-server.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['chat', 'messages']);
});

const at = (hours: number, minutes: number) => new Date(2026, 4, 3, hours, minutes).toISOString();

function chatItem(overrides: Partial<ChatItem> = {}): ChatItem {
  return {
    key: 'm-42',
    id: 42,
    content: 'Hallo Welt',
    isUserMessage: false,
    timestamp: at(9, 5),
    kind: 'message',
    feedback: null,
    ...overrides,
  };
}

/** Renders the bubble once its translations are loaded (they are fetched on first use). */
async function renderBubble(item: ChatItem, overrides: Partial<MessageActions> = {}) {
  const actions: MessageActions = {
    busy: false,
    edit: vi.fn(),
    regenerate: vi.fn(),
    setFeedback: vi.fn(),
    ...overrides,
  };
  const view = render(
    <>
      <Suspense>
        <MessageActionsContext value={actions}>
          <MessageBubble item={item} />
        </MessageActionsContext>
      </Suspense>
      <Toaster />
    </>,
  );
  await screen.findByRole(item.kind === 'error' ? 'alert' : 'article');
  return { actions, ...view };
}

describe('message bubble (spec 01-core §4 "Message bubble")', () => {
  it('shows the time as HH:mm', async () => {
    await renderBubble(chatItem({ timestamp: at(9, 5) }));
    expect(screen.getByRole('article').querySelector('time')?.textContent).toBe('09:05');
  });

  it('edits the own message: Shift+Enter makes a newline, Enter saves the new text', async () => {
    const user = userEvent.setup();
    const item = chatItem({ isUserMessage: true, content: 'Hallo' });
    const { actions } = await renderBubble(item);
    expect(screen.queryByRole('button', { name: 'Neu generieren' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const editor = screen.getByRole('textbox', { name: 'Nachricht bearbeiten' });
    expect((editor as HTMLTextAreaElement).value).toBe('Hallo');
    expect(document.activeElement).toBe(editor);
    await user.type(editor, ' du{Shift>}{Enter}{/Shift}zweite Zeile');
    expect((editor as HTMLTextAreaElement).value).toBe('Hallo du\nzweite Zeile');
    expect(actions.edit).not.toHaveBeenCalled();
    await user.type(editor, '{Enter}');

    expect(actions.edit).toHaveBeenCalledWith(item, 'Hallo du\nzweite Zeile');
    expect(screen.queryByRole('textbox', { name: 'Nachricht bearbeiten' })).toBeNull();
  });

  it('Escape cancels the edit and restores the original text', async () => {
    const user = userEvent.setup();
    const { actions } = await renderBubble(chatItem({ isUserMessage: true, content: 'Original' }));
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const editor = screen.getByRole('textbox', { name: 'Nachricht bearbeiten' });
    await user.clear(editor);
    await user.type(editor, 'Verworfen{Escape}');

    expect(screen.queryByRole('textbox', { name: 'Nachricht bearbeiten' })).toBeNull();
    expect(screen.getByRole('article').textContent).toContain('Original');
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe('Original');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(actions.edit).not.toHaveBeenCalled();
  });

  it('does not save empty text', async () => {
    const user = userEvent.setup();
    const { actions } = await renderBubble(chatItem({ isUserMessage: true, content: 'Text' }));
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const editor = screen.getByRole('textbox', { name: 'Nachricht bearbeiten' });
    await user.clear(editor);
    await user.type(editor, '   {Enter}');
    expect(actions.edit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
  });

  it('regenerates an assistant reply; edit and regenerate wait while a reply is generated', async () => {
    const user = userEvent.setup();
    const item = chatItem();
    const { actions, unmount } = await renderBubble(item);
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Neu generieren' }));
    expect(actions.regenerate).toHaveBeenCalledWith(item);
    unmount();

    await renderBubble(item, { busy: true });
    expect(screen.getByRole('button', { name: 'Neu generieren' })).toHaveProperty('disabled', true);
  });

  it('a message not yet stored offers copy only', async () => {
    await renderBubble(chatItem({ id: null, isUserMessage: true }));
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Kopieren' })).toHaveProperty('disabled', false);
  });

  it('the error bubble shows the German text and retries the failed turn', async () => {
    const user = userEvent.setup();
    const item = chatItem({
      id: null,
      kind: 'error',
      retry: { path: '/api/chat/regenerate', body: { conversationId: 'c1' }, userKey: null },
    });
    const { actions } = await renderBubble(item);
    expect(screen.getByRole('alert').textContent).toBe(
      'Entschuldigung, ich konnte deine Nachricht nicht verarbeiten. Bitte versuche es später erneut.',
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(actions.regenerate).toHaveBeenCalledWith(item);
  });
});

describe('copy (spec 01-core §4 "Copy")', () => {
  it('copies, shows a checkmark for 2 seconds and a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await renderBubble(chatItem({ content: 'Kopier mich' }));
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));

    expect(await navigator.clipboard.readText()).toBe('Kopier mich');
    expect(screen.getByRole('button', { name: 'Kopiert' })).toBeTruthy();
    expect(screen.getByText('In die Zwischenablage kopiert')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByRole('button', { name: 'Kopiert' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Kopieren' })).toBeTruthy();
  });

  it('falls back to the legacy copy command when the Clipboard API refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    let copiedText = '';
    const execCommand = vi.fn((command: string) => {
      copiedText = (document.activeElement as HTMLTextAreaElement).value;
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await renderBubble(chatItem({ content: 'Alt aber gut' }));
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));

    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copiedText).toBe('Alt aber gut');
    expect(screen.getByRole('button', { name: 'Kopiert' })).toBeTruthy();
    // The hidden helper field is gone again.
    expect(document.querySelectorAll('textarea')).toHaveLength(0);
  });

  it("shows the destructive toast 'Fehler beim Kopieren' when both ways fail", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await renderBubble(chatItem());
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));

    const toast = screen.getByText('Fehler beim Kopieren');
    expect(toast.closest('li')?.className).toContain('toast--destructive');
    expect(screen.queryByRole('button', { name: 'Kopiert' })).toBeNull();
  });
});

describe('feedback (stored on the server)', () => {
  it('saves a rating with a toast; clicking it again clears it', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'PUT /api/messages/42/feedback': (request) => ({
        status: 200,
        body: { id: 42, ...(request.body as object) },
      }),
    });
    const { actions, unmount } = await renderBubble(chatItem());
    const group = screen.getByRole('group', { name: 'Aktionen zur Nachricht' });
    await user.click(within(group).getByRole('button', { name: 'Gute Antwort' }));

    expect(server.requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/messages/42/feedback',
      body: { feedback: 'positive' },
    });
    expect(await screen.findByText('Danke für dein positives Feedback!')).toBeTruthy();
    expect(actions.setFeedback).toHaveBeenCalledWith('m-42', 'positive');
    unmount();

    const rated = await renderBubble(chatItem({ feedback: 'positive' }));
    const up = screen.getByRole('button', { name: 'Gute Antwort' });
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Schlechte Antwort' }).getAttribute('aria-pressed'),
    ).toBe('false');
    await user.click(up);
    expect(server.requests.at(-1)?.body).toEqual({ feedback: null });
    expect(await screen.findByText('Bewertung entfernt')).toBeTruthy();
    expect(rated.actions.setFeedback).toHaveBeenCalledWith('m-42', null);
  });

  it('keeps the rating unchanged and shows an error toast when saving fails', async () => {
    const user = userEvent.setup();
    fakeServer({
      'PUT /api/messages/42/feedback': {
        status: 404,
        body: { message: 'Nachricht nicht gefunden', code: 'NOT_FOUND', statusCode: 404 },
      },
    });
    const { actions } = await renderBubble(chatItem());
    await user.click(screen.getByRole('button', { name: 'Schlechte Antwort' }));

    expect(await screen.findByText('Nachricht nicht gefunden')).toBeTruthy();
    expect(actions.setFeedback).not.toHaveBeenCalled();
  });
});
