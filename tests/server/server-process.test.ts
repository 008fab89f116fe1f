import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminQuery,
  TEST_DB,
  testDatabaseUrl,
  withDatabase,
} from '#tests/support/test-database.ts';

/** The real `main.ts` in a child process: start-up, admin bootstrap, logs, shutdown. */
interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;
let dataDir: string;
let databaseEnv: Record<string, string> = {};
let pgDatabase: string | undefined;

function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD,
      ...databaseEnv,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Orbit Chat is ready')) {
        resolve({ child, baseUrl: match[1]!, output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function post(baseUrl: string, url: string, body: unknown, cookie?: string) {
  return fetch(baseUrl + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-main-'));
  if (TEST_DB === 'postgres') {
    pgDatabase = `orbit_main_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${pgDatabase}`);
    databaseEnv = { DATABASE_URL: withDatabase(testDatabaseUrl(), pgDatabase) };
  }
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (pgDatabase) await adminQuery(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
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
});
