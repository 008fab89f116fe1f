import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from '#server/db/pglite-thread.ts';
import { removeStaleSocketDirs, SOCKET_FILE } from '#server/db/pglite-temp.ts';

const servers: Server[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'orbit-temp-test-'));
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(scratch, { recursive: true, force: true });
});

describe('the PGlite thread', () => {
  it('reports its death, leaves no folder behind, and queries fail instead of hanging', async () => {
    const thread = await startPgliteThread({});
    const client = new pg.Client({
      host: thread.socketDir,
      port: thread.socketPort,
      user: 'postgres',
    });
    client.on('error', () => {});
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);

    // A real end of the thread, as an uncaught error or an abort inside it would bring.
    await thread.worker.terminate();
    expect((await thread.failed).message).toMatch(/exited/);
    expect(existsSync(thread.socketDir)).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow();
    // Closing a dead thread still ends (the server's shutdown awaits it).
    await thread.close();
  }, 60_000);
});

describe('stale socket folders in the temp directory', () => {
  const folder = (name: string) => {
    const dir = path.join(scratch, name);
    mkdirSync(dir);
    return dir;
  };
  const serve = (dir: string) =>
    new Promise<void>((resolve) => {
      const server = createServer((socket) => socket.destroy());
      servers.push(server);
      server.listen(path.join(dir, SOCKET_FILE), resolve);
    });
  const serveInKilledProcess = async (socketPath: string) => {
    const child = spawn(
      process.execPath,
      [
        '-e',
        "require('net').createServer().listen(process.argv[1], () => console.log('up'))",
        socketPath,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const age = (dir: string, minutes: number) => {
    const then = new Date(Date.now() - minutes * 60_000);
    utimesSync(dir, then, then);
  };

  it('removes the folders of killed processes and keeps those of live or starting ones', async () => {
    // Killed: the process served its socket and died by SIGKILL, leaving the socket file.
    const killed = folder('orbit-pglite-killed');
    await serveInKilledProcess(path.join(killed, SOCKET_FILE));
    expect(existsSync(path.join(killed, SOCKET_FILE))).toBe(true);
    // Killed before it served anything, long ago.
    const neverServed = folder('orbit-pglite-old');
    age(neverServed, 10);
    const live = folder('orbit-pglite-live');
    await serve(live);
    age(live, 10);
    const starting = folder('orbit-pglite-starting');
    const unrelated = folder('something-else');
    age(unrelated, 10);

    const removed = await removeStaleSocketDirs(scratch);
    expect(removed.sort()).toEqual([killed, neverServed].sort());
    for (const kept of [live, starting, unrelated]) expect(existsSync(kept)).toBe(true);
  });
});
