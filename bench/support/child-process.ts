/**
 * The benchmarks' child processes (servers, forwarders, the fake provider): each runs a script of
 * bench/support/ in a process of its own, so its CPU and event loop are nobody else's. A child
 * reports what it is (its URL, a session…) in its first IPC message, answers messages such as
 * 'cpu' with one reply each, and exits on 'close'.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Child<T> {
  process: ChildProcess;
  /** The child's first message. */
  info: T;
  ask<R>(message: string): Promise<R>;
}

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there (node --cpu-prof). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

/**
 * Starts `bench/support/<script>`; `profile` lets BENCH_CPU_PROF profile this child, `nodeFlags`
 * are added to its Node options (a server measured as users run it: servedNodeFlags()).
 */
export async function spawnChild<T>(
  script: string,
  args: string[],
  profile = false,
  nodeFlags: string[] = [],
): Promise<Child<T>> {
  // --expose-gc: a benchmark may ask a server for its memory after a full collection.
  const execArgv = ['--import', 'tsx', '--expose-gc', ...nodeFlags];
  if (profile && PROFILE_DIR) execArgv.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  const child = fork(path.join(import.meta.dirname, script), args, { execArgv });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    process: child,
    info,
    ask: <R>(message: string) =>
      new Promise<R>((resolve) => {
        child.once('message', (reply) => resolve(reply as R));
        child.send(message);
      }),
  };
}

/** Asks the child to close and waits until it has exited. */
export async function closeChild(child: Child<unknown>) {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.send('close');
  await exited;
}
