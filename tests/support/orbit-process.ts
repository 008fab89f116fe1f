import { spawn } from 'node:child_process';

/** The real `src/server/main.ts` in a child process, as an operator starts it. */
export interface OrbitProcess {
  baseUrl: string;
  port: number;
  /** Everything the process wrote so far (JSON log lines). */
  output: () => string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts one instance with exactly `env` (plus PATH) on a port of the kernel's choice, and resolves
 * once it logged that it is ready; rejects with its output if it exits first.
 */
export function startOrbit(env: Record<string, string>): Promise<OrbitProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match && output.includes('Orbit Chat is ready')) {
        resolve({
          baseUrl: `http://127.0.0.1:${match[1]}`,
          port: Number(match[1]),
          output: () => output,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
