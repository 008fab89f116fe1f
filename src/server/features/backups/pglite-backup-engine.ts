import { readFile, writeFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { countTableRows, maxAuditId } from './backups.queries.ts';
import type { BackupEngine } from './backup-engine.ts';

const TAR_MAGIC_OFFSET = 257;

/**
 * Embedded PGlite: a backup is its data directory as a tarball (`dumpDataDir`, taken on its
 * worker thread when no transaction is open), checked by starting a scratch PGlite from it on a
 * thread of its own, and restored by replacing the live data directory (pglite-worker.ts).
 */
export function createPgliteBackupEngine(database: DatabaseHandle): BackupEngine {
  if (!database.dump || !database.restore) throw new Error('This database cannot be dumped');
  const dump = () => database.dump!();
  const restore = (data: Blob) => database.restore!(data);

  const withScratch = async <T>(file: string, use: (scratch: DatabaseHandle) => Promise<T>) => {
    const scratch = await openDatabase({
      dataDir: null,
      template: new Blob([await readFile(file)]),
    });
    try {
      return await use(scratch);
    } finally {
      await scratch.close();
    }
  };

  return {
    format: 'pglite',
    extension: 'tar',
    requireReady: async () => {},
    write: async (file) => {
      const blob = await dump();
      await writeFile(file, Buffer.from(await blob.arrayBuffer()));
    },
    verify: (file) =>
      withScratch(file, async (scratch) => (await countTableRows(scratch.db)).length),
    inspect: (file) =>
      withScratch(file, async (scratch) => ({
        tables: await countTableRows(scratch.db),
        maxAuditId: await maxAuditId(scratch.db),
      })),
    restore: async (file) => restore(new Blob([await readFile(file)])),
    recognises: (head) =>
      head.subarray(TAR_MAGIC_OFFSET, TAR_MAGIC_OFFSET + 5).toString('latin1') === 'ustar',
  };
}
