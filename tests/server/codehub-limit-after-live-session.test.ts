import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeFiles } from '#server/db/schema/codehub.ts';
import { MAX_PROJECT_BYTES } from '#shared/codehub/codehub-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { liveClient, type LiveClient } from '#tests/support/live-client.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * Adversarial review of the code hub's project limit (decision 344): a live session may leave a
 * project above 1 MiB (its room is twice that); the owner's saves that do not grow it still pass.
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

type Method = 'GET' | 'POST' | 'PATCH';

describe('a project a live session left above the limit', () => {
  it('takes the owner’s saves that keep or shrink it, and refuses those that grow it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const call = (method: Method, url: string, payload?: object) =>
      api(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });
    const created = await call('POST', '/api/codehub/projects', {
      name: 'Big',
      language: 'python',
    });
    const projectId = created.json<{ id: string }>().id;
    const files = `/api/codehub/projects/${projectId}/files`;
    for (let i = 0; i < 4; i++) {
      const added = await call('POST', files, {
        filename: `data${i}.txt`,
        content: 'd'.repeat(250_000),
      });
      expect(added.statusCode).toBe(201);
    }
    const main = (await call('GET', files))
      .json<{ files: { id: string; filename: string }[] }>()
      .files.find((file) => file.filename === 'main.py')!;

    // The owner's live session writes 200,000 characters into main.py.
    const started = await call('POST', '/api/codehub/sessions', { projectId });
    expect(started.statusCode).toBe(201);
    const { sessionId } = started.json<{ sessionId: string }>();
    const host = liveClient(baseUrl, sessionId, cookie);
    clients.push(host);
    await host.synced();
    host.text(main.id).insert(0, `# ${'x'.repeat(199_998)}`);
    const stored = async () =>
      (await t.db.select().from(codeFiles).where(eq(codeFiles.id, main.id)))[0]!;
    await until(
      async () => (await stored()).size,
      (size) => size > 200_000,
    );
    expect((await call('POST', `/api/codehub/sessions/${sessionId}/end`)).statusCode).toBe(204);
    const total = (await call('GET', files))
      .json<{ files: { size: number }[] }>()
      .files.reduce((sum, file) => sum + file.size, 0);
    expect(total).toBeGreaterThan(MAX_PROJECT_BYTES);

    // Trimming the file is a save that must pass, or the owner could never edit it again.
    const trimmed = `# ${'x'.repeat(99_998)}\nprint("smaller")\n`;
    const shrink = await call('PATCH', `${files}/${main.id}`, { content: trimmed });
    expect(shrink.statusCode, shrink.body).toBe(200);
    expect((await stored()).content).toBe(trimmed);
    // An edit of the same size passes as well.
    const same = trimmed.replace('smaller', 'SMALLER');
    expect((await call('PATCH', `${files}/${main.id}`, { content: same })).statusCode).toBe(200);

    // Growing it while the project is above the limit is still refused, and nothing changes.
    const grow = await call('PATCH', `${files}/${main.id}`, {
      content: `${same}${'y'.repeat(10)}`,
    });
    expect(grow.statusCode).toBe(413);
    expect(grow.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 413 });
    expect((await stored()).content).toBe(same);
  });
});
