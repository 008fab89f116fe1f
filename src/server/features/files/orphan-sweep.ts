import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  deleteUnattachedFiles,
  failStaleProcessing,
  findKnownStorageNames,
} from './files.queries.ts';
import type { FilesContext } from './files.service.ts';
import {
  filesDirectory,
  removeStoredFile,
  resolveStoragePath,
  STORAGE_NAME,
} from './files.storage.ts';

/** Younger files may belong to an upload another process is finishing right now. */
const MIN_AGE_MS = 60 * 60_000;
/** An upload no message was sent with is kept this long (docs/decisions/071-storage-quotas.md). */
export const UNATTACHED_MAX_AGE_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * Deleting a user (or a row by hand) cascades in the database only; this removes the bytes
 * left behind: stored files with no user_files row, older than an hour. It also fails PDFs left
 * 'processing' by a process that stopped mid-extraction. Run hourly (file-jobs.ts).
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

/**
 * Removes uploads that were never sent with a message, a day after their upload: their rows and
 * bytes (a file a message links is kept until its conversation is deleted). Returns how many.
 */
export async function removeUnattachedUploads(
  ctx: FilesContext,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const rows = await deleteUnattachedFiles(ctx.db, new Date(now.getTime() - UNATTACHED_MAX_AGE_MS));
  for (const { storagePath } of rows) {
    await removeStoredFile(resolveStoragePath(ctx.env.DATA_DIR, storagePath));
  }
  return rows.length;
}
