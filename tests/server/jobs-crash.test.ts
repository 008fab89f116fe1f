import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { until } from '#tests/support/until.ts';
import {
  postJson,
  serverDatabase,
  startServer,
  type RunningServer,
} from '#tests/support/server-process.ts';

/** A job cut off by SIGKILL runs again once the server is back (docs/decisions/070-jobs-layer.md). */
const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;
let dataDir: string;
let fake: FakeAi;
let database: Awaited<ReturnType<typeof serverDatabase>>;

const start = () =>
  startServer(
    fake.env({
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD,
      // A dead instance's jobs are taken again when their lease runs out (PostgreSQL); the
      // embedded database hands them out again at start.
      JOBS_LEASE_SECONDS: '2',
      ...database.env,
    }),
  );

/** A server process needs longer than a job in this one. */
const SLOW = { attempts: 600, everyMs: 100 };

const untilSlow = <T>(read: () => Promise<T> | T, done: (value: T) => boolean) =>
  until(read, done, SLOW);

/** Starts an upload and never finishes its body, as a client cut off by the crash. */
function startUpload(baseUrl: string, cookie: string) {
  const { payload, headers } = multipartUpload({ name: 'halb.png', content: SAMPLE_FILES.png });
  const request = http.request(`${baseUrl}/api/files`, {
    method: 'POST',
    headers: { ...headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  request.on('error', () => {});
  request.write(payload.subarray(0, payload.length - 64));
}

const socketFolders = () =>
  new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('orbit-pglite-')));
const isServed = (folder: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(path.join(tmpdir(), folder, '.s.PGSQL.5432'));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-jobs-crash-'));
  fake = await FakeAi.start();
  database = await serverDatabase('orbit_jobs_crash');
});

afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

describe('a job interrupted by a crash', () => {
  it('runs again after the restart, and the crash leaves no partial upload or socket folder', async () => {
    fake.when('[crash-title]', { chunks: ['Sure.'] });
    // The title call hangs: the job is running when the process dies.
    fake.when('Assistant: Sure.', { hang: true });
    const foldersBefore = socketFolders();
    let server: RunningServer = await start();
    const ours = [...socketFolders()].filter((folder) => !foldersBefore.has(folder));
    if (!database.env.DATABASE_URL) expect(ours.length).toBeGreaterThan(0);
    const login = await postJson(server.baseUrl, '/api/login', {
      username: 'chief',
      password: ADMIN_PASSWORD,
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const sent = await postJson(
      server.baseUrl,
      '/api/chat',
      { message: 'Plan a weekend trip to the Alps [crash-title]' },
      cookie,
    );
    expect(sent.status).toBe(200);
    await untilSlow(
      () => fake.titleRequests().length,
      (count) => count === 1,
    );

    startUpload(server.baseUrl, cookie);
    const partial = path.join(dataDir, 'files', 'partial');
    await untilSlow(
      () => (existsSync(partial) ? readdirSync(partial) : []),
      (names) => names.length === 1,
    );

    server.child.kill('SIGKILL');
    await server.exited;
    fake.when('Assistant: Sure.', { chunks: ['Alpine Weekend Plan'] });
    server = await start();

    const titles = () =>
      fetch(`${server.baseUrl}/api/conversations`, { headers: { cookie } })
        .then((response) => response.json() as Promise<{ title: string }[]>)
        .then((rows) => rows.map((row) => row.title));
    expect(await untilSlow(titles, (list) => list[0] !== 'Plan a weekend trip to the…')).toEqual([
      'Alpine Weekend Plan',
    ]);
    expect(fake.titleRequests()).toHaveLength(2);
    expect(readdirSync(partial)).toEqual([]);
    // The killed process's database folder is gone; the ones left belong to live databases.
    for (const folder of ours) {
      if (socketFolders().has(folder)) expect(await isServed(folder)).toBe(true);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
