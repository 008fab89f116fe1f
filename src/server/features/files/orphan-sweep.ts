import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { failStaleProcessing, findKnownStorageNames } from './files.queries.ts';
import type { FilesContext } from './files.service.ts';
import { filesDirectory, removeStoredFile, STORAGE_NAME } from './files.storage.ts';

/** Younger files may belong to an upload another process is finishing right now. */
const MIN_AGE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Deleting a user (or a row by hand) cascades in the database only; this removes the bytes
 * left behind: stored files with no user_files row, older than an hour. It also fails PDFs left
 * 'processing' by a process that stopped mid-extraction. Run at start (src/server/main.ts).
 * Returns how many files were removed.
 */
export async function sweepOrphanFiles(
  ctx: FilesContext,
  { minAgeMs = MIN_AGE_MS, now = new Date() }: { minAgeMs?: number; now?: Date } = {},
): Promise<number> {
  const cutoff = now.getTime() - minAgeMs;
  await failStaleProcessing(
    ctx.db,
    new Date(cutoff),
    'Processing was interrupted. Please upload the file again.',
  );

  const directory = filesDirectory(ctx.env.DATA_DIR);
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const candidates = names.filter((name) => STORAGE_NAME.test(name));
  let removed = 0;
  for (let start = 0; start < candidates.length; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const known = await findKnownStorageNames(ctx.db, batch);
    for (const name of batch) {
      if (known.has(name)) continue;
      const filePath = path.join(directory, name);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile() || info.mtimeMs > cutoff) continue;
      await removeStoredFile(filePath);
      removed += 1;
    }
  }
  return removed;
}
