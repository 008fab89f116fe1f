import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_LANGUAGES } from '#shared/codehub/languages.ts';
import { HIGHLIGHTED_LANGUAGES } from '#client/features/codehub/editor/language-support.ts';
import { giveRangesClientRects } from './support/code-mirror-in-jsdom.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(giveRangesClientRects);

const PROJECT_ID = '0b8f6a52-3c57-4d2e-9d7a-6f1e2a3b4c5d';
const FILE_ID = '5a1c9e3f-8b2d-4f6a-a7c1-2d3e4f5a6b7c';
const project = (overrides: Record<string, unknown> = {}) => ({
  id: PROJECT_ID,
  name: 'Greeter',
  description: 'Says hello',
  language: 'python',
  isPublic: false,
  viewCount: 3,
  lastActiveAt: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  owner: { id: 7, name: 'Anna' },
  isOwner: true,
  ...overrides,
});
const mainFile = (content: string) => ({
  id: FILE_ID,
  projectId: PROJECT_ID,
  filename: 'main.py',
  content,
  language: 'python',
  isMain: true,
  size: content.length,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
});
const signedIn = {
  'GET /api/user': { status: 200, body: userBody() },
  'GET /api/settings/7': { status: 200, body: settingsBody() },
  'GET /api/conversations': { status: 200, body: [] },
};

/** The editor lives in a shadow root (decision 201); Testing Library does not look inside one. */
async function findEditor(name: string) {
  const host = await screen.findByRole('group', { name });
  return within(host.shadowRoot as unknown as HTMLElement).findByRole('textbox', { name });
}

describe('/codehub', () => {
  it('highlights every language a project can be created in, more than 20', () => {
    expect(CODE_LANGUAGES.length).toBeGreaterThan(20);
    for (const language of CODE_LANGUAGES) expect(HIGHLIGHTED_LANGUAGES).toContain(language.id);
  });

  it('lists my and public projects and creates one from a template', async () => {
    const server = fakeServer({
      ...signedIn,
      'GET /api/codehub/projects': (request) => {
        const scope = new URL(request.url, 'http://localhost').searchParams.get('scope');
        const items =
          scope === 'public'
            ? [
                project({
                  id: FILE_ID,
                  name: 'Shared snake',
                  isPublic: true,
                  isOwner: false,
                  owner: { id: 9, name: 'Bo' },
                }),
              ]
            : [project()];
        return { status: 200, body: { items, nextCursor: null } };
      },
      'POST /api/codehub/projects': {
        status: 201,
        body: project({ name: 'Rusty', language: 'rust' }),
      },
      'GET /api/codehub/projects/0b8f6a52-3c57-4d2e-9d7a-6f1e2a3b4c5d': {
        status: 200,
        body: project({ name: 'Rusty', language: 'rust' }),
      },
      'GET /api/codehub/projects/0b8f6a52-3c57-4d2e-9d7a-6f1e2a3b4c5d/files': {
        status: 200,
        body: { files: [{ ...mainFile('fn main() {}\n'), filename: 'main.rs', language: 'rust' }] },
      },
    });
    renderApp('/codehub');

    const mine = await screen.findByRole('list', { name: 'Meine Projekte' });
    expect(within(mine).getByRole('link', { name: 'Greeter' })).toBeTruthy();
    expect(within(mine).getByText('Privat')).toBeTruthy();
    const shared = await screen.findByRole('list', { name: 'Öffentliche Projekte' });
    expect(within(shared).getByRole('link', { name: 'Shared snake' })).toBeTruthy();
    expect(within(shared).getByText('von Bo')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Projektname' }), 'Rusty');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'Rust');
    await userEvent.click(screen.getByRole('button', { name: 'Aus Vorlage erstellen' }));

    expect(await screen.findByRole('heading', { name: 'Rusty' })).toBeTruthy();
    const created = server.requests.find((r) => r.method === 'POST');
    expect(created?.body).toEqual({ name: 'Rusty', language: 'rust', isPublic: false });
    expect(await findEditor('Editor: main.rs')).toBeTruthy();
  });

  it('saves the edited file with the button and with Ctrl+S', async () => {
    let saved = 'print("Hello, world!")\n';
    const server = fakeServer({
      ...signedIn,
      [`GET /api/codehub/projects/${PROJECT_ID}`]: { status: 200, body: project() },
      [`GET /api/codehub/projects/${PROJECT_ID}/files`]: () => ({
        status: 200,
        body: { files: [mainFile(saved)] },
      }),
      [`PATCH /api/codehub/projects/${PROJECT_ID}/files/${FILE_ID}`]: (request) => {
        saved = (request.body as { content: string }).content;
        return { status: 200, body: mainFile(saved) };
      },
    });
    renderApp(`/codehub/projects/${PROJECT_ID}`);

    const editor = await findEditor('Editor: main.py');
    expect(editor.textContent).toContain('print("Hello, world!")');
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toHaveProperty('disabled', true);

    // Typing goes through CodeMirror's own transaction, as a keystroke would.
    const view = EditorView.findFromDOM(editor)!;
    view.dispatch({ changes: { from: 0, insert: '# greet\n' } });
    expect(await screen.findByText('Ungespeicherte Änderungen')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(saved).toBe('# greet\nprint("Hello, world!")\n'));
    expect(await screen.findByText('Alle Änderungen gespeichert')).toBeTruthy();

    view.dispatch({ changes: { from: view.state.doc.length, insert: 'print(2)\n' } });
    await screen.findByText('Ungespeicherte Änderungen');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saved).toBe('# greet\nprint("Hello, world!")\nprint(2)\n'));
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    // Each save names the version it was typed on (decision 328).
    const baseUpdatedAt = mainFile(saved).updatedAt;
    expect(patches.map((r) => r.body)).toEqual([
      { content: '# greet\nprint("Hello, world!")\n', baseUpdatedAt },
      { content: '# greet\nprint("Hello, world!")\nprint(2)\n', baseUpdatedAt },
    ]);
  });

  it('shows a foreign or missing project as not found', async () => {
    fakeServer({
      ...signedIn,
      [`GET /api/codehub/projects/${PROJECT_ID}`]: {
        status: 404,
        body: { message: 'Project not found', code: 'NOT_FOUND', statusCode: 404 },
      },
      [`GET /api/codehub/projects/${PROJECT_ID}/files`]: {
        status: 404,
        body: { message: 'Project not found', code: 'NOT_FOUND', statusCode: 404 },
      },
    });
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    expect(await screen.findByText('Projekt nicht gefunden', {}, { timeout: 8000 })).toBeTruthy();
  });
});
