import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Run by `node --input-type=module -e`: argv[1] is PGlite's module URL, argv[2] the directory. */
const INITDB = `
const [entry, dataDir] = process.argv.slice(1);
const { PGlite } = await import(entry);
const db = await PGlite.create({ dataDir });
await db.close();
`;

/**
 * Creates a new data directory in a short-lived child process. PGlite's initdb runs a second
 * WebAssembly PostgreSQL and unpacks its file bundle: ≈ 450 MiB that a thread's exit does not give
 * back to the system (the allocator keeps it), so a server that ran initdb itself stayed at
 * ≈ 550–700 MiB until its next restart (bench/memory-startup.ts, decision 270).
 */
export async function initialisePgliteDataDir(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await run(process.execPath, [
    '--input-type=module',
    '-e',
    INITDB,
    import.meta.resolve('@electric-sql/pglite'),
    dataDir,
  ]);
}
