import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '#server/env.ts';

/** Uploaded backups waiting for their restore are removed after a day. */
const UPLOAD_LIFETIME_MS = 24 * 60 * 60_000;

/** Where backups live: BACKUP_DIR, or DATA_DIR/backups. Uploads for a restore in `uploads/`. */
export function createBackupFiles(env: Env) {
  const dir = path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));
  const uploads = path.join(dir, 'uploads');
  return {
    dir,
    /** A backup's file: only a stored name is ever turned into a path, never a client's. */
    pathOf: (filename: string) => path.join(dir, path.basename(filename)),
    uploadPathOf: (filename: string) => path.join(uploads, path.basename(filename)),
    ensureDirs: async () => {
      await mkdir(uploads, { recursive: true, mode: 0o700 });
    },
    sizeOf: async (file: string) => (await stat(file)).size,
    remove: (file: string) => rm(file, { force: true }),
    /** Removes uploads older than a day (a restore checked but never confirmed). */
    sweepUploads: async (now: Date) => {
      const names = await readdir(uploads).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(uploads, name);
        const info = await stat(file).catch(() => null);
        if (info && now.getTime() - info.mtimeMs > UPLOAD_LIFETIME_MS)
          await rm(file, { force: true });
      }
    },
  };
}
export type BackupFiles = ReturnType<typeof createBackupFiles>;
