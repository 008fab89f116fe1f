import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { adminQuery, TEST_DB, testDatabaseUrl, withDatabase } from './test-database.ts';

/** The real `src/server/main.ts` in a child process. */
export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `main.ts` on a free port with `env` (PATH, PORT 0, HOST 127.0.0.1 and LOG_LEVEL info
 * are set); resolves once it is ready, rejects with its output if it exits first.
 */
export function startServer(
  env: Record<string, string>,
  /** Extra Node options (a test preload). */
  nodeArgs: string[] = [],
  /** Limits of the process, applied by the shell that starts it (RLIMIT_FSIZE: `ulimit -f`). */
  limits: { maxFileKb?: number } = {},
): Promise<RunningServer> {
  const node = [process.execPath, ...nodeArgs, '--import', 'tsx', 'src/server/main.ts'];
  // bash counts ulimit -f in KiB; Node ignores SIGXFSZ, so a write past it fails with EFBIG.
  const [command, ...args] =
    limits.maxFileKb === undefined
      ? node
      : ['bash', '-c', `ulimit -f ${limits.maxFileKb} && exec "$@"`, 'bash', ...node];
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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

/**
 * On the PostgreSQL suite, a database of its own for the server processes of one test file
 * (`env` holds its DATABASE_URL; `drop` removes it); on PGlite nothing (the server's DATA_DIR
 * holds the database).
 */
export async function serverDatabase(prefix: string) {
  if (TEST_DB !== 'postgres') return { env: {}, drop: async () => {} };
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    env: { DATABASE_URL: withDatabase(testDatabaseUrl(), name) } as Record<string, string>,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A JSON POST as the web app sends it (with the CSRF marker). */
export function postJson(baseUrl: string, url: string, body: unknown, cookie?: string) {
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
