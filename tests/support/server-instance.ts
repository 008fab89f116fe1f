import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A real `src/server/main.ts` in a child process, as a deployment runs it. */
export interface ServerInstance {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<number | null>;
}

/** Starts one instance on a free port; resolves once it logs that it is ready. */
export function startServerInstance(input: {
  dataDir: string;
  env: Record<string, string>;
}): Promise<ServerInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: input.dataDir,
      CLIENT_DIST_DIR: path.join(input.dataDir, 'no-client'),
      LOG_LEVEL: 'info',
      ...input.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Orbit Chat is ready')) {
        resolve({ child, baseUrl: match[1]!, output: () => output, exited, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** A JSON request as the web app sends it (CSRF marker, session cookie). */
export function requestJson(
  baseUrl: string,
  url: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> },
) {
  return fetch(baseUrl + url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
