import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { filesQueryOptions } from '#client/features/codehub/api/codehub-api.ts';
import { giveRangesClientRects } from './support/code-mirror-in-jsdom.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

/** The project page keeps the user's code and the live sessions' code (decisions 230, 321). */

beforeAll(giveRangesClientRects);

const PROJECT_ID = '0b8f6a52-3c57-4d2e-9d7a-6f1e2a3b4c5d';
const FILE_ID = '5a1c9e3f-8b2d-4f6a-a7c1-2d3e4f5a6b7c';
const SESSION_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const projectPath = `/api/codehub/projects/${PROJECT_ID}`;
const filePath = `${projectPath}/files/${FILE_ID}`;
const at = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00.000Z`;

const project = {
  id: PROJECT_ID,
  name: 'Greeter',
  description: '',
  language: 'python',
  isPublic: false,
  viewCount: 3,
  lastActiveAt: at(30),
  createdAt: at(30),
  updatedAt: at(30),
  owner: { id: 7, name: 'Anna' },
  isOwner: true,
};

/** The server's main.py: its text and when it last changed. */
function storedFile(content: string, updatedAt = at(30)) {
  return {
    id: FILE_ID,
    projectId: PROJECT_ID,
    filename: 'main.py',
    content,
    language: 'python',
    isMain: true,
    size: content.length,
    createdAt: at(30),
    updatedAt,
  };
}

/** Another file of the project, added by a live session. */
function otherFile(filename: string) {
  return {
    ...storedFile('', at(40)),
    id: `6b2d0f4a-9c3e-4a7b-b8d2-3e4f5a6b7c${filename.charCodeAt(0).toString(16)}`,
    filename,
    isMain: false,
  };
}

/** The project with one file whose text the test (or a live session) changes on the "server". */
function projectServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = {
    file: storedFile('print("before")\n'),
    others: [] as ReturnType<typeof otherFile>[],
    saves: 0,
    /** While set, a save is answered only once it settles (a slow server). */
    hold: null as Promise<void> | null,
  };
  const fake = fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    [`GET ${projectPath}`]: { status: 200, body: project },
    [`GET ${projectPath}/files`]: () => ({
      status: 200,
      body: { files: [server.file, ...server.others] },
    }),
    [`PATCH ${filePath}`]: async (request) => {
      if (server.hold) await server.hold;
      const { content, filename, baseUpdatedAt } = request.body as {
        content?: string;
        filename?: string;
        baseUpdatedAt?: string;
      };
      // As the server answers a save made on an older version (decision 328).
      if (baseUpdatedAt !== undefined && baseUpdatedAt !== server.file.updatedAt) {
        return {
          status: 409,
          body: {
            message: 'This file changed since you opened it',
            code: 'CONFLICT',
            statusCode: 409,
            details: { current: server.file },
          },
        };
      }
      server.saves += 1;
      server.file = {
        ...storedFile(content ?? server.file.content, at(50 + server.saves)),
        filename: filename ?? server.file.filename,
      };
      return { status: 200, body: server.file };
    },
    ...routes,
  });
  return { server, requests: fake.requests };
}

/** The editor lives in a shadow root (decision 201); Testing Library does not look inside one. */
async function findEditor(name = 'Editor: main.py') {
  const host = await screen.findByRole('group', { name });
  return within(host.shadowRoot as unknown as HTMLElement).findByRole('textbox', { name });
}

/** Typing through CodeMirror's own transaction, as a keystroke would. */
async function typeAtStart(text: string) {
  const view = EditorView.findFromDOM(await findEditor())!;
  view.dispatch({ changes: { from: 0, insert: text } });
  await screen.findByText('Ungespeicherte Änderungen');
}

/** Whether the browser would ask before a reload or closing the tab. */
const asksBeforeUnload = () =>
  !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

/**
 * The live connection is the network edge: this one never opens (the page waits, "Connecting…"),
 * so the test drives the session through its routes only.
 */
class UnopenedSocket {
  readyState = 0;
  binaryType = 'blob';
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}

const liveSession = {
  id: SESSION_ID,
  state: 'active' as const,
  mode: 'collaborative',
  startedAt: at(31),
  project: { id: PROJECT_ID, name: 'Greeter', language: 'python' as const },
  host: { id: 7, name: 'Anna' },
  myRole: 'host' as const,
  participants: [
    { userId: 7, name: 'Anna', role: 'host' as const, online: true, joinedAt: at(31) },
  ],
  files: [{ id: FILE_ID, filename: 'main.py', language: 'python', isMain: true }],
  runs: [],
};

describe('the project page after a live session', () => {
  it('shows and saves on the text the session wrote, not the one from before it', async () => {
    vi.stubGlobal('WebSocket', UnopenedSocket);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { server, requests } = projectServer({
      'POST /api/codehub/sessions': { status: 201, body: { sessionId: SESSION_ID } },
      [`GET /api/codehub/sessions/${SESSION_ID}`]: { status: 200, body: liveSession },
      [`POST /api/codehub/sessions/${SESSION_ID}/end`]: { status: 204 },
    });
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    expect((await findEditor()).textContent).toContain('print("before")');

    await userEvent.click(screen.getByRole('button', { name: 'Live-Sitzung starten' }));
    await screen.findByRole('heading', { name: 'Live-Sitzung: Greeter' });
    // The others type; a second later the session writes their text into the file.
    server.file = storedFile('print("after")\n', at(40));
    await userEvent.click(screen.getByRole('button', { name: 'Sitzung beenden' }));
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/end'))).toBe(true));
    await userEvent.click(screen.getByRole('link', { name: 'Zurück zum Projekt' }));

    await waitFor(async () => expect((await findEditor()).textContent).toContain('after'));
    expect((await findEditor()).textContent).not.toContain('before');
    await typeAtStart('# mine\n');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.file.content).toBe('# mine\nprint("after")\n'));
  });

  it("shows the server's newer text while there is no draft, and keeps a draft", async () => {
    const { server } = projectServer();
    const { queryClient } = renderApp(`/codehub/projects/${PROJECT_ID}`);
    expect((await findEditor()).textContent).toContain('print("before")');
    /** The list loads again, as after any change to the project's files. */
    const reload = () =>
      void queryClient.refetchQueries({ queryKey: filesQueryOptions(PROJECT_ID).queryKey });

    // A session in another tab changed main.py and added a file.
    server.file = storedFile('print("after")\n', at(40));
    server.others = [otherFile('a.py')];
    reload();
    await screen.findByRole('button', { name: 'a.py' });
    await waitFor(async () => expect((await findEditor()).textContent).toContain('after'));
    expect(screen.getByText('Alle Änderungen gespeichert')).toBeTruthy();

    // With a draft, the typing stays when the server's text changes again.
    await typeAtStart('# mine\n');
    server.file = storedFile('print("later")\n', at(41));
    server.others = [otherFile('a.py'), otherFile('b.py')];
    reload();
    await screen.findByRole('button', { name: 'b.py' });
    expect((await findEditor()).textContent).toContain('# mineprint("after")');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
  });
});

describe('the project page asks before losing work', () => {
  it('deletes a file only when the user confirms, naming it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    const { requests } = projectServer({ [`DELETE ${filePath}`]: { status: 204 } });
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    await findEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Datei löschen' }));
    expect(confirm).toHaveBeenCalledWith('Die Datei „main.py“ endgültig löschen?');
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    confirm.mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Datei löschen' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([filePath]),
    );
  });

  it('asks before a reload, the Back link or a live session drops unsaved code', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { requests } = projectServer({
      'GET /api/codehub/projects': { status: 200, body: { items: [], nextCursor: null } },
    });
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    await findEditor();
    expect(asksBeforeUnload()).toBe(false);

    await typeAtStart('# mine\n');
    expect(asksBeforeUnload()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Live-Sitzung starten' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Die Live-Sitzung beginnt mit den gespeicherten Dateien: Ungespeicherte Änderungen gehen verloren. Trotzdem starten?',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Zurück zum CodeHub' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Es gibt ungespeicherte Änderungen. Die Seite verlassen und sie verwerfen?',
    );
    expect(screen.getByRole('heading', { name: 'Greeter' })).toBeTruthy();

    await userEvent.keyboard('{Control>}s{/Control}');
    await screen.findByText('Alle Änderungen gespeichert');
    expect(asksBeforeUnload()).toBe(false);
    confirm.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Zurück zum CodeHub' }));
    await screen.findByText('Du hast noch keine Projekte.');
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('a save on a version that changed elsewhere (decision 328)', () => {
  const saves = (requests: { method: string; body: unknown }[]) =>
    requests.filter((r) => r.method === 'PATCH').map((r) => r.body);

  /** main.py typed on in this tab, then saved from another tab, then saved here: refused. */
  async function refusedSave() {
    const fake = projectServer();
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    expect((await findEditor()).textContent).toContain('print("before")');
    await typeAtStart('# mine\n');
    fake.server.file = storedFile('print("theirs")\n', at(45));
    await userEvent.keyboard('{Control>}s{/Control}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Diese Datei wurde woanders geändert (in einem anderen Tab oder einer Live-Sitzung), seit du sie geöffnet hast.',
    );
    expect(saves(fake.requests)).toEqual([
      { content: '# mine\nprint("before")\n', baseUpdatedAt: at(30) },
    ]);
    // The user's text stays, unsaved; the other tab's stays on the server.
    expect((await findEditor()).textContent).toContain('# mineprint("before")');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    expect(asksBeforeUnload()).toBe(true);
    expect(fake.server.file.content).toBe('print("theirs")\n');
    return fake;
  }

  it('keeps the text and, on "overwrite", saves it over the newer version', async () => {
    const { server, requests } = await refusedSave();
    await userEvent.click(screen.getByRole('button', { name: 'Mit meiner Version überschreiben' }));
    await waitFor(() => expect(server.file.content).toBe('# mine\nprint("before")\n'));
    expect(saves(requests).at(-1)).toEqual({
      content: '# mine\nprint("before")\n',
      baseUpdatedAt: at(45),
    });
    await screen.findByText('Alle Änderungen gespeichert');
    expect(screen.queryByRole('alert')).toBeNull();

    // The next save is made on the version just saved.
    const saved = server.file.updatedAt;
    await typeAtStart('# more\n');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.file.content).toBe('# more\n# mine\nprint("before")\n'));
    expect(saves(requests).at(-1)).toMatchObject({ baseUpdatedAt: saved });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on "discard", drops the text and shows the newer version, which the next save is made on', async () => {
    const { server, requests } = await refusedSave();
    await userEvent.click(
      screen.getByRole('button', { name: 'Meine verwerfen und neuere Version laden' }),
    );
    await waitFor(async () => expect((await findEditor()).textContent).toContain('theirs'));
    expect((await findEditor()).textContent).not.toContain('# mine');
    expect(screen.getByText('Alle Änderungen gespeichert')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asksBeforeUnload()).toBe(false);
    expect(saves(requests)).toHaveLength(1);
    expect(server.file.content).toBe('print("theirs")\n');

    await typeAtStart('# again\n');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.file.content).toBe('# again\nprint("theirs")\n'));
    expect(saves(requests).at(-1)).toMatchObject({ baseUpdatedAt: at(45) });
  });

  it('sends a second save of the file after the first, on the version the first one saved', async () => {
    let answerFirst = () => {};
    const fake = projectServer();
    // The first save takes its time on the server; the second is asked for meanwhile.
    fake.server.hold = new Promise<void>((resolve) => (answerFirst = resolve));
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    await typeAtStart('# one\n');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves(fake.requests)).toHaveLength(1));
    await typeAtStart('# two\n');
    await userEvent.keyboard('{Control>}s{/Control}');
    answerFirst();

    await waitFor(() => expect(fake.server.file.content).toBe('# two\n# one\nprint("before")\n'));
    expect(saves(fake.requests)).toEqual([
      { content: '# one\nprint("before")\n', baseUpdatedAt: at(30) },
      { content: '# two\n# one\nprint("before")\n', baseUpdatedAt: at(51) },
    ]);
    await screen.findByText('Alle Änderungen gespeichert');
    // Its own first save is no change made elsewhere.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves a draft after renaming its file: the newer version has the text it was typed on', async () => {
    const { server, requests } = projectServer();
    renderApp(`/codehub/projects/${PROJECT_ID}`);
    await typeAtStart('# mine\n');
    await userEvent.click(screen.getByRole('button', { name: 'Umbenennen' }));
    const name = screen.getByRole('textbox', { name: 'Dateiname' });
    await userEvent.clear(name);
    await userEvent.type(name, 'app.py{Enter}');
    await waitFor(() => expect(server.file.filename).toBe('app.py'));
    const renamed = server.file.updatedAt;
    await screen.findByRole('group', { name: 'Editor: app.py' });

    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.file.content).toBe('# mine\nprint("before")\n'));
    expect(saves(requests).at(-1)).toEqual({
      content: '# mine\nprint("before")\n',
      baseUpdatedAt: renamed,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
