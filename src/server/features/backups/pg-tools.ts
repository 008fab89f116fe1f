import { execFile, spawn } from 'node:child_process';
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

/**
 * Runs `pg_restore -f -` (the backup as SQL) into psql after `preamble`, all in one
 * transaction that stops at the first error: the database is replaced completely or not at all.
 */
export function restoreThroughPsql(file: string, url: string, preamble: string): Promise<void> {
  const { dbname, env } = connectionArgs(url);
  return new Promise((resolve, reject) => {
    const errors: string[] = [];
    const psql = spawn(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '-w',
        '--single-transaction',
        '-v',
        'ON_ERROR_STOP=1',
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
    psql.on('error', reject);
    restore.on('error', reject);
    psql.stdin.on('error', () => {}); // psql stopped at an error: reported by its exit code
    psql.stdin.write(preamble);
    restore.stdout.pipe(psql.stdin);
    let restoreCode: number | null = null;
    restore.on('close', (code) => (restoreCode = code));
    psql.on('close', (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else
        reject(new BackupToolError(`Restoring failed: ${errors.join('').trim().slice(0, 2000)}`));
    });
  });
}
