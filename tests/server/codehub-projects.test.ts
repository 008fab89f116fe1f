import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_PROJECT_BYTES } from '#shared/codehub/codehub-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  api(t.app, {
    method,
    url,
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newProject(cookie: string, body: Json = {}) {
  const response = await call(cookie, 'POST', '/api/codehub/projects', {
    name: 'Hello',
    language: 'python',
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Json & { id: string }>();
}
async function filesOf(cookie: string, projectId: string) {
  const response = await call(cookie, 'GET', `/api/codehub/projects/${projectId}/files`);
  expect(response.statusCode).toBe(200);
  return response.json<{ files: (Json & { id: string })[] }>().files;
}
const mainFiles = (files: Json[]) => files.filter((file) => file.isMain).map((f) => f.filename);

describe('code hub projects', () => {
  it('creates a project from the language template, lists it, changes and deletes it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie, { name: 'Greeter', description: 'Says hello' });
    expect(project).toMatchObject({
      name: 'Greeter',
      description: 'Says hello',
      language: 'python',
      isPublic: false,
      viewCount: 0,
      isOwner: true,
    });
    const files = await filesOf(cookie, project.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'main.py', isMain: true, language: 'python' });
    expect(files[0]!.content).toContain('print("Hello, world!")');

    const mine = await call(cookie, 'GET', '/api/codehub/projects?scope=mine');
    expect(mine.json<{ items: Json[] }>().items.map((p) => p.id)).toEqual([project.id]);

    const patched = await call(cookie, 'PATCH', `/api/codehub/projects/${project.id}`, {
      name: 'Renamed',
      isPublic: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', isPublic: true });

    expect((await call(cookie, 'DELETE', `/api/codehub/projects/${project.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(cookie, 'GET', `/api/codehub/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('pages my projects with a cursor, newest activity first', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) ids.push((await newProject(cookie, { name })).id);
    const first = (await call(cookie, 'GET', '/api/codehub/projects?limit=2')).json<{
      items: Json[];
      nextCursor: string;
    }>();
    expect(first.items.map((p) => p.name)).toEqual(['three', 'two']);
    const second = (
      await call(cookie, 'GET', `/api/codehub/projects?limit=2&cursor=${first.nextCursor}`)
    ).json<{ items: Json[]; nextCursor: string | null }>();
    expect(second.items.map((p) => p.name)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
  });

  it("lists others' public projects, never their private ones", async () => {
    const owner = await createSignedInUser(t.db);
    const reader = await createSignedInUser(t.db);
    const open = await newProject(owner.cookie, { name: 'Open', isPublic: true });
    const closed = await newProject(owner.cookie, { name: 'Closed' });
    const page = await call(reader.cookie, 'GET', '/api/codehub/projects?scope=public&limit=100');
    const ids = page.json<{ items: Json[] }>().items.map((p) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
  });

  it('answers 404 on every route for a private project of someone else', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const project = await newProject(owner.cookie);
    const [file] = await filesOf(owner.cookie, project.id);
    const base = `/api/codehub/projects/${project.id}`;
    const attempts: [Method, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['GET', `${base}/files`],
      ['POST', `${base}/files`, { filename: 'x.py' }],
      ['PATCH', `${base}/files/${file!.id}`, { content: 'stolen' }],
      ['DELETE', `${base}/files/${file!.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(other.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    }
    // Nothing changed for the owner.
    expect((await filesOf(owner.cookie, project.id))[0]!.content).toBe(file!.content);
  });

  it('lets everyone read a public project, counting their views, but only the owner write', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const project = await newProject(owner.cookie, { isPublic: true });
    const base = `/api/codehub/projects/${project.id}`;

    const seen = await call(other.cookie, 'GET', base);
    expect(seen.json()).toMatchObject({ viewCount: 1, isOwner: false });
    expect((await call(other.cookie, 'GET', base)).json()).toMatchObject({ viewCount: 2 });
    // The owner's own visits are not views.
    expect((await call(owner.cookie, 'GET', base)).json()).toMatchObject({ viewCount: 2 });

    const [file] = await filesOf(other.cookie, project.id);
    expect(file!.filename).toBe('main.py');
    for (const [method, url, payload] of [
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['POST', `${base}/files`, { filename: 'x.py' }],
      ['PATCH', `${base}/files/${file!.id}`, { content: 'stolen' }],
      ['DELETE', `${base}/files/${file!.id}`],
    ] as [Method, string, unknown?][]) {
      expect((await call(other.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await filesOf(owner.cookie, project.id))[0]!.content).toBe(file!.content);
  });
});

describe('code hub files', () => {
  it('adds, edits, renames and deletes files, with sizes', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie);
    const base = `/api/codehub/projects/${project.id}/files`;
    const created = await call(cookie, 'POST', base, { filename: 'util.py', content: 'x = "ä"\n' });
    expect(created.statusCode).toBe(201);
    const file = created.json<Json & { id: string }>();
    expect(file).toMatchObject({ filename: 'util.py', isMain: false, size: 9, language: 'python' });

    const edited = await call(cookie, 'PATCH', `${base}/${file.id}`, {
      filename: 'helpers.js',
      content: 'export const x = 1;\n',
    });
    expect(edited.json()).toMatchObject({
      filename: 'helpers.js',
      language: 'javascript',
      size: 20,
    });
    expect((await filesOf(cookie, project.id)).map((f) => f.filename).sort()).toEqual([
      'helpers.js',
      'main.py',
    ]);
    expect((await call(cookie, 'DELETE', `${base}/${file.id}`)).statusCode).toBe(204);
    expect((await call(cookie, 'DELETE', `${base}/${file.id}`)).statusCode).toBe(404);
  });

  it('refuses a second file of the same name with 409', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie);
    const base = `/api/codehub/projects/${project.id}/files`;
    const duplicate = await call(cookie, 'POST', base, { filename: 'main.py' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    const other = (await call(cookie, 'POST', base, { filename: 'b.py' })).json<{ id: string }>();
    const rename = await call(cookie, 'PATCH', `${base}/${other.id}`, { filename: 'main.py' });
    expect(rename.statusCode).toBe(409);
  });

  it('refuses names with path separators', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie);
    for (const filename of ['../etc/passwd', 'a/b.py', 'a\\b.py', '..', '']) {
      const response = await call(cookie, 'POST', `/api/codehub/projects/${project.id}/files`, {
        filename,
      });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('keeps exactly one main file', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie, { fromTemplate: false });
    const base = `/api/codehub/projects/${project.id}/files`;
    const a = (await call(cookie, 'POST', base, { filename: 'a.py' })).json<
      Json & { id: string }
    >();
    expect(a.isMain).toBe(true);
    const b = (await call(cookie, 'POST', base, { filename: 'b.py', isMain: true })).json<{
      id: string;
    }>();
    expect(mainFiles(await filesOf(cookie, project.id))).toEqual(['b.py']);

    await call(cookie, 'PATCH', `${base}/${a.id}`, { isMain: true });
    expect(mainFiles(await filesOf(cookie, project.id))).toEqual(['a.py']);

    const unset = await call(cookie, 'PATCH', `${base}/${a.id}`, { isMain: false });
    expect(unset.statusCode).toBe(400);
    expect(mainFiles(await filesOf(cookie, project.id))).toEqual(['a.py']);

    // Deleting the main file hands the flag on.
    await call(cookie, 'DELETE', `${base}/${a.id}`);
    const left = await filesOf(cookie, project.id);
    expect(left.map((f) => [f.id, f.isMain])).toEqual([[b.id, true]]);
  });

  it('refuses a file or project over its size limit with 413 in the error envelope', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const project = await newProject(cookie, { fromTemplate: false });
    const base = `/api/codehub/projects/${project.id}/files`;
    const big = await call(cookie, 'POST', base, {
      filename: 'big.txt',
      content: 'é'.repeat(MAX_FILE_BYTES / 2 + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 413 });

    const chunk = 'a'.repeat(MAX_FILE_BYTES);
    const files = MAX_PROJECT_BYTES / MAX_FILE_BYTES;
    for (let i = 0; i < files; i++) {
      expect(
        (await call(cookie, 'POST', base, { filename: `f${i}.txt`, content: chunk })).statusCode,
      ).toBe(201);
    }
    const over = await call(cookie, 'POST', base, { filename: 'one-more.txt', content: 'x' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 413 });
    // Growing a file past the project's limit is refused too; the file keeps its content.
    const [first] = await filesOf(cookie, project.id);
    const grow = await call(cookie, 'PATCH', `${base}/${first!.id}`, { content: `${chunk}x` });
    expect(grow.statusCode).toBe(413);
    expect((await filesOf(cookie, project.id))[0]!.size).toBe(MAX_FILE_BYTES);
  });
});
