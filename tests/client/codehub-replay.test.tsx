import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { ReplayTab } from '#client/features/codehub/live/replay-tab.tsx';
import type { Replay, ReplayAction } from '#shared/codehub/live-schemas.ts';
import { fakeServer } from './support/fake-server.ts';
import { renderWithProviders } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SESSION_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const FILE_ID = '5a1c9e3f-8b2d-4f6a-a7c1-2d3e4f5a6b7c';
const url = `/api/codehub/sessions/${SESSION_ID}/replay`;

/** A session typed "hello", then " world": each step a real Yjs update, as the server logs them. */
function session() {
  const doc = new Y.Doc();
  const text = doc.getText(`file:${FILE_ID}`);
  const actions: ReplayAction[] = [];
  const step = (type: ReplayAction['type'], content: string, change?: () => void) => {
    const before = Y.encodeStateVector(doc);
    change?.();
    const update = change ? Y.encodeStateAsUpdate(doc, before) : null;
    actions.push({
      id: actions.length + 1,
      type,
      user: { id: 7, name: 'Anna' },
      at: new Date(Date.UTC(2026, 10, 20, 9, 30, actions.length)).toISOString(),
      content,
      metadata: {},
      update: update ? btoa(String.fromCharCode(...update)) : null,
    });
  };
  step('start', 'Pair', () => text.insert(0, 'hello'));
  step('join', '');
  step('edit', ' world', () => text.insert(5, ' world'));
  step('edit', '!', () => text.insert(11, '!'));
  return actions;
}

const text = () => screen.getByTestId('replay-text').textContent;

const page = (actions: ReplayAction[], nextCursor: string | null): Replay => ({
  sessionId: SESSION_ID,
  files: [{ id: FILE_ID, filename: 'main.py', language: 'python', isMain: true }],
  actions,
  nextCursor,
});

describe('the Replay tab', () => {
  it('plays the first page while the next one loads, then the whole session', async () => {
    const actions = session();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { requests } = fakeServer({
      [`GET ${url}`]: async (request) => {
        const cursor = new URL(request.url, 'http://localhost').searchParams.get('cursor');
        if (!cursor) return { status: 200, body: page(actions.slice(0, 2), 'page-2') };
        await held;
        return { status: 200, body: page(actions.slice(2), null) };
      },
    });
    renderWithProviders(<ReplayTab sessionId={SESSION_ID} />);

    // The first page plays at once: the seed is there, the rest is on its way.
    await screen.findByText('Schritt 2 von 2');
    expect(text()).toBe('hello');
    expect(screen.getByText('Wird geladen…')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Zum Anfang' }));
    expect(screen.getByTestId('replay-current').textContent).toContain(
      'Anna hat die Sitzung gestartet',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abspielen' }));
    // It waits at the end of what is loaded, still playing, until the next page is here.
    await screen.findByText('Schritt 2 von 2');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();

    release();
    await waitFor(() => expect(text()).toBe('hello world!'), { timeout: 5000 });
    expect(screen.getByText('Schritt 4 von 4')).toBeTruthy();
    expect(screen.queryByText('Wird geladen…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Abspielen' })).toBeTruthy();
    // The second page was asked for with the first page's cursor, once.
    const asked = requests.filter((r) => r.url.startsWith(url)).map((r) => r.url);
    expect(asked).toEqual([url, `${url}?cursor=page-2`]);

    // Scrubbing back rebuilds the text at that step.
    await userEvent.click(screen.getByRole('button', { name: /bearbeitet: „ world“/ }));
    expect(text()).toBe('hello world');
  });
});
