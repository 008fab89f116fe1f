import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '#tests/support/test-database.ts';
import {
  postJson as post,
  serverDatabase,
  startServer as startMain,
} from '#tests/support/server-process.ts';

/** The real `main.ts` in a child process: start-up, admin bootstrap, logs, shutdown. */
const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;
let dataDir: string;
let database: Awaited<ReturnType<typeof serverDatabase>>;
let databaseEnv: Record<string, string> = {};

function startServer(extraEnv: Record<string, string> = {}, nodeArgs: string[] = []) {
  return startMain(
    {
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD,
      ...databaseEnv,
      ...extraEnv,
    },
    nodeArgs,
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-main-'));
  database = await serverDatabase('orbit_main');
  databaseEnv = database.env;
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

describe('the server process', () => {
  it('starts, lets the configured administrator in, never logs the password, and stops cleanly', async () => {
    const server = await startServer();
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ok' });

    const login = await post(server.baseUrl, '/api/login', {
      username: 'chief',
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: 'chief', isAdmin: true });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain(ADMIN_PASSWORD);
    expect(server.output()).not.toContain(cookie.split('=')[1]!);

    // Data, the generated secret and therefore the session survive a restart.
    if (!databaseEnv.DATABASE_URL) expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(true);
    const again = await startServer();
    const me = await fetch(`${again.baseUrl}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'chief', isAdmin: true });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('refuses to start with a clear message naming each bad variable', async () => {
    await expect(startServer({ PORT: 'eighty', LOG_LEVEL: 'chatty' })).rejects.toThrow(
      /exited with 1[\s\S]*PORT[\s\S]*LOG_LEVEL/,
    );
  });

  it.skipIf(TEST_DB === 'postgres')(
    'stops cleanly with a failure code when its embedded database thread dies',
    async () => {
      const server = await startServer({}, [
        '--import',
        './tests/support/terminate-workers-on-signal.mjs',
      ]);
      server.child.kill('SIGUSR2');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('the embedded database stopped');
      expect(server.output()).toContain('shutting down');
    },
    120_000,
  );
});
