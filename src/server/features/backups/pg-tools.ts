import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { BackupToolError } from './backup-engine.ts';

const run = promisify(execFile);

/**
 * The PostgreSQL client programs (pg_dump, pg_restore, psql from Debian's postgresql-client),
 * called with the URL's password in PGPASSWORD so it never shows in the process list.
 */
export function connectionArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a client program; its error output becomes the error (without the environment). */
export async function runTool(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  try {
    const { stdout } = await run(command, args, {
      env: env ?? process.env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupToolError(
        `${command} is not installed: install the PostgreSQL client tools (apt-get install postgresql-client)`,
      );
    }
    throw new BackupToolError(`${command} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** The major version of a client program (`pg_dump (PostgreSQL) 15.20` → 15). */
export async function toolMajorVersion(command: string): Promise<number> {
  const output = await runTool(command, ['--version']);
  const match = /\)\s*(\d+)/.exec(output) ?? /(\d+)\./.exec(output);
  if (!match) throw new BackupToolError(`Cannot read the version of ${command}: ${output.trim()}`);
  return Number(match[1]);
}

/** Waits for a child process to end; its exit code (null when a signal ended it). */
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });

/**
 * Runs `pg_restore -f -` (the backup as SQL) into psql after `preamble`, all in one
 * transaction that stops at the first error: the database is replaced completely or not at all.
 * The transaction is psql's input's own `BEGIN`, and its `COMMIT` is written only once
 * pg_restore has succeeded (decision 310): an input that ends early — pg_restore failing on a
 * cut-off file, this process dying — ends psql without a commit, and PostgreSQL rolls back.
 * (`--single-transaction` commits whenever the input ends.) psql prints each error's SQLSTATE
 * (VERBOSITY=verbose), which the error carries.
 */
export async function restoreThroughPsql(file: string, url: string, preamble: string) {
  const { dbname, env } = connectionArgs(url);
  const errors: string[] = [];
  const psql = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '-w',
      '-v',
      'ON_ERROR_STOP=1',
      '-v',
      'VERBOSITY=verbose',
      '-d',
      dbname,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '-f', '-', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  psql.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  restore.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  psql.stdin.on('error', () => {}); // psql stopped at an error: reported by its exit code
  psql.stdin.write(`BEGIN;\n${preamble}`);
  restore.stdout.pipe(psql.stdin, { end: false });
  const psqlExit = exitOf(psql);
  // psql stopped at an error (a deadlock it was chosen to break, say): pg_restore, blocked on a
  // pipe nobody reads, would never end.
  psqlExit.then(
    () => restore.kill('SIGKILL'), // a no-op once pg_restore has ended
    () => {},
  );
  const restoreCode = await exitOf(restore).catch((error: unknown) => {
    psql.kill('SIGKILL');
    throw error;
  });
  if (restoreCode === 0) psql.stdin.end('COMMIT;\n');
  else psql.stdin.end();
  const psqlCode = await psqlExit;
  if (psqlCode === 0 && restoreCode === 0) return;
  const output = errors.join('').trim();
  throw new BackupToolError(
    `Restoring failed: ${output.slice(0, 2000)}`,
    /ERROR:\s+([0-9A-Z]{5}):/.exec(output)?.[1],
  );
}
