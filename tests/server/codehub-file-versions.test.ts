import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeFiles } from '#server/db/schema/codehub.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { liveClient, type LiveClient } from '#tests/support/live-client.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * A file save made on an old version is refused with 409 and the file as it is now, instead of
 * silently overwriting the newer text (decision 328).
 */
let t: TestContext;
let baseUrl: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The live session's WebSocket needs a listening app.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});
afterAll(() => t.close());

interface StoredFile {
  id: string;
  filename: string;
  content: string;
  updatedAt: string;
}
type Method = 'GET' | 'POST' | 'PATCH';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  api(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });

/** A signed-in owner of a Python project with main.py from the template. */
async function projectWithFile() {
  const owner = await createSignedInUser(t.db);
  const created = await call(owner.cookie, 'POST', '/api/codehub/projects', {
    name: 'Versions',
    language: 'python',
  });
  const projectId = created.json<{ id: string }>().id;
  const listed = await call(owner.cookie, 'GET', `/api/codehub/projects/${projectId}/files`);
  const file = listed.json<{ files: StoredFile[] }>().files[0]!;
  const url = `/api/codehub/projects/${projectId}/files/${file.id}`;
  const save = (body: object) => call(owner.cookie, 'PATCH', url, body);
  return { owner, projectId, file, url, save };
}

const stored = async (fileId: string) =>
  (await t.db.select().from(codeFiles).where(eq(codeFiles.id, fileId)))[0]!;

const CHANGED = {
  code: 'CONFLICT',
  statusCode: 409,
  message: 'This file changed since you opened it',
};

describe('saving a code hub file on a version', () => {
  it('refuses the second of two saves made on the same version, with the file as it is now', async () => {
    const { file, save } = await projectWithFile();

    const first = await save({ content: 'print("tab one")\n', baseUpdatedAt: file.updatedAt });
    expect(first.statusCode).toBe(200);
    const saved = first.json<StoredFile>();
    expect(saved.updatedAt).not.toBe(file.updatedAt);

    const second = await save({ content: 'print("tab two")\n', baseUpdatedAt: file.updatedAt });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      ...CHANGED,
      details: { current: { ...saved, content: 'print("tab one")\n' } },
    });
    expect((await stored(file.id)).content).toBe('print("tab one")\n');

    // Overwriting on purpose: the save names the version it has now seen.
    const current = second.json<{ details: { current: StoredFile } }>().details.current;
    const overwrite = await save({
      content: 'print("tab two")\n',
      baseUpdatedAt: current.updatedAt,
    });
    expect(overwrite.statusCode).toBe(200);
    expect((await stored(file.id)).content).toBe('print("tab two")\n');

    // A client that names no version is not checked (the API as before).
    const blind = await save({ content: 'print("no base")\n' });
    expect(blind.statusCode).toBe(200);
    expect((await stored(file.id)).content).toBe('print("no base")\n');
  });

  it('lets exactly one of two saves sent at once on the same version through', async () => {
    const { file, save } = await projectWithFile();
    const texts = ['print("a")\n', 'print("b")\n'];
    const answers = await Promise.all(
      texts.map((content) => save({ content, baseUpdatedAt: file.updatedAt })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = texts[answers.findIndex((answer) => answer.statusCode === 200)];
    expect((await stored(file.id)).content).toBe(winner);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ ...CHANGED, details: { current: { content: winner } } });
  });

  it('checks a rename against the version too, when one is named', async () => {
    const { file, url, save, owner } = await projectWithFile();
    await save({ content: 'print("newer")\n' });

    const staleRename = await save({ filename: 'app.py', baseUpdatedAt: file.updatedAt });
    expect(staleRename.statusCode).toBe(409);
    expect(staleRename.json()).toMatchObject(CHANGED);
    expect((await stored(file.id)).filename).toBe('main.py');

    const current = staleRename.json<{ details: { current: StoredFile } }>().details.current;
    const rename = await save({ filename: 'app.py', baseUpdatedAt: current.updatedAt });
    expect(rename.statusCode).toBe(200);
    // The rename is a new version: text saved on the one before it is refused.
    const staleText = await save({ content: 'print("x")\n', baseUpdatedAt: current.updatedAt });
    expect(staleText.statusCode).toBe(409);
    expect((await stored(file.id)).content).toBe('print("newer")\n');

    // A version alone changes nothing; it must be a point in time.
    const onlyBase = await call(owner.cookie, 'PATCH', url, {
      baseUpdatedAt: rename.json<StoredFile>().updatedAt,
    });
    expect(onlyBase.statusCode).toBe(400);
    expect(onlyBase.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Nothing to change',
    });
    const notATime = await save({ content: 'x', baseUpdatedAt: 'yesterday' });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
  });

  it('refuses a save made on the text from before a live session wrote its own', async () => {
    const { owner, projectId, file, save } = await projectWithFile();
    const started = await call(owner.cookie, 'POST', '/api/codehub/sessions', { projectId });
    expect(started.statusCode).toBe(201);
    const { sessionId } = started.json<{ sessionId: string }>();
    const host = liveClient(baseUrl, sessionId, owner.cookie);
    clients.push(host);
    await host.synced();
    host.text(file.id).insert(0, '# live\n');
    const sessionText = `# live\n${file.content}`;
    await until(
      async () => (await stored(file.id)).content,
      (content) => content === sessionText,
    );
    expect(
      (await call(owner.cookie, 'POST', `/api/codehub/sessions/${sessionId}/end`)).statusCode,
    ).toBe(204);

    // The editor opened before the session still holds the old text and version.
    const stale = await save({ content: 'print("old tab")\n', baseUpdatedAt: file.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      ...CHANGED,
      details: { current: { content: sessionText } },
    });
    expect((await stored(file.id)).content).toBe(sessionText);
  });
});
