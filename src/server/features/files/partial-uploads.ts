import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '#server/env.ts';
import { HOST_TAG, PARTIAL_NAME, partialDirectory, removeStoredFile } from './files.storage.ts';

/**
 * Past this age a partial upload is dead whoever wrote it: the server ends every request that has
 * not arrived whole within its request timeout (two minutes, src/server/app.ts).
 */
const DEAD_AFTER_MS = 10 * 60_000;

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes uploads cut off mid-body (a crash, a kill): the partial files whose writer is gone. At
 * start, every partial file this host's processes wrote whose process is not running, or is this
 * one (a restart can reuse the pid, in a container for instance); on other hosts sharing
 * DATA_DIR, and always, any partial file untouched for ten minutes. Returns how many were removed.
 */
export async function sweepPartialUploads(
  env: Pick<Env, 'DATA_DIR'>,
  { atStart = false, now = Date.now() }: { atStart?: boolean; now?: number } = {},
): Promise<number> {
  const directory = partialDirectory(env.DATA_DIR);
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const match = PARTIAL_NAME.exec(name);
    if (!match) continue;
    const pid = Number(match[2]);
    const mine = match[1] === HOST_TAG;
    let dead = mine && pid !== process.pid && !isRunning(pid);
    if (mine && pid === process.pid) dead = atStart;
    const filePath = path.join(directory, name);
    if (!dead) {
      const info = await stat(filePath).catch(() => null);
      dead = info !== null && now - info.mtimeMs > DEAD_AFTER_MS;
    }
    if (!dead) continue;
    await removeStoredFile(filePath);
    removed += 1;
  }
  return removed;
}
