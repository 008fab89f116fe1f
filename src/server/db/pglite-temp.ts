import { lstat, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The prefix of the private socket folders the PGlite thread makes in the temp directory. */
export const SOCKET_DIR_PREFIX = 'orbit-pglite-';
export const SOCKET_FILE = '.s.PGSQL.5432';
/** A folder younger than this may belong to a database still starting (no socket yet). */
const STARTING_MS = 60_000;

/** Whether something answers on the Unix socket at `socketPath`. */
function isServed(socketPath: string) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Removes the socket folders that a killed process left in the temp directory (`orbit-pglite-*`):
 * those whose socket nobody serves any more. A folder whose socket is served belongs to a live
 * database (another test run, another instance) and stays, as does a folder of the last minute
 * that has no socket yet (its database is starting). Folders of other users are not ours to
 * judge and are left alone. Returns the removed folders.
 */
export async function removeStaleSocketDirs(
  directory = tmpdir(),
  now = Date.now(),
): Promise<string[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(SOCKET_DIR_PREFIX)) continue;
    const folder = path.join(directory, name);
    const info = await lstat(folder).catch(() => null);
    if (!info?.isDirectory() || info.uid !== process.getuid?.()) continue;
    const socket = await lstat(path.join(folder, SOCKET_FILE)).catch(() => null);
    if (
      socket ? await isServed(path.join(folder, SOCKET_FILE)) : now - info.mtimeMs < STARTING_MS
    ) {
      continue;
    }
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
