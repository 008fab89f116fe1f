import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppSettingsStore } from '#server/app-settings/app-settings.ts';
import { recordAudit, withAudit, type AuditActor } from '#server/audit/audit.ts';
import { RESTORE_LOCK_KEY } from '#server/db/advisory-lock.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { MaintenanceHold } from '#server/http/maintenance.ts';
import type { RestoreCheck, RestoreResult, RestoreStatus } from '#shared/admin/backups.ts';
import { AppError, conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import type { BackupEngine } from './backup-engine.ts';
import type { BackupFiles } from './backup-files.ts';
import type { RestoreStates } from './restore-states.ts';
import {
  carryOverAfterRestore,
  countTableRows,
  findHistory,
  listAllHistory,
  listAuditRowsAfter,
  listOpenSessionTokens,
} from './backups.queries.ts';
import { createSignedToken, readSignedToken } from './signed-token.ts';

/** How long a check stays valid for its confirmation. */
export const RESTORE_CHECK_MINUTES = 30;
const CHECK_PURPOSE = 'backup-restore-check';
const RESTORE_RUNNING = 'A restore is already running';

export interface RestoreServiceDeps {
  database: DatabaseHandle;
  engine: BackupEngine;
  files: BackupFiles;
  states: RestoreStates;
  appSettings: AppSettingsStore;
  maintenance: MaintenanceHold;
  secret: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

interface CheckClaims {
  /** The file's stored name; `upload` says which folder. */
  file: string;
  upload: boolean;
  backupId: number | null;
  /** The newest audit row inside the backup: later ones are carried over (decision 151). */
  maxAuditId: number;
  userId: number;
}

/**
 * Restore (decision 151): a backup is first loaded into a scratch database and its rows counted;
 * the administrator confirms with the signed check, and the live database is replaced while
 * maintenance mode holds everyone else off. The audit log and the backup history are not rolled
 * back with it.
 */
export function createRestoreService(deps: RestoreServiceDeps) {
  const { database, engine, files, states, appSettings, maintenance, secret, clock, log } = deps;
  const db = database.db;
  let restoring = false;

  const check = async (
    actor: AuditActor,
    source: { file: string; upload: boolean; backupId: number | null; filename: string },
  ): Promise<RestoreCheck> => {
    const path = source.upload ? files.uploadPathOf(source.file) : files.pathOf(source.file);
    let inspected;
    try {
      inspected = await engine.inspect(path);
    } catch (error) {
      log.warn({ err: error }, 'a backup failed its restore check');
      throw invalid(`This backup cannot be restored: ${(error as Error).message}`.slice(0, 1000));
    }
    const expiresAt = new Date(clock().getTime() + RESTORE_CHECK_MINUTES * 60_000);
    const claims: CheckClaims = {
      file: source.file,
      upload: source.upload,
      backupId: source.backupId,
      maxAuditId: inspected.maxAuditId,
      userId: actor.userId,
    };
    await withAudit(
      db,
      actor,
      'backups.restore.check',
      { type: 'backup', id: source.backupId },
      async (_tx, record) => {
        record.after = { filename: source.filename, tables: inspected.tables.length };
      },
    );
    return {
      checkToken: createSignedToken(secret, CHECK_PURPOSE, { ...claims }, expiresAt),
      backupId: source.backupId,
      filename: source.filename,
      tables: inspected.tables,
      expiresAt: expiresAt.toISOString(),
    };
  };

  const checkBackup = async (actor: AuditActor, backupId: number) => {
    const row = await findHistory(db, backupId);
    if (!row) throw notFound('Backup not found');
    if (row.status !== 'verified' || row.fileDeletedAt || !existsSync(files.pathOf(row.filename))) {
      throw conflict('This backup has no verified file to restore');
    }
    if (row.format !== engine.format)
      throw conflict(`This is a ${row.format} backup; this server runs ${engine.format}`);
    return check(actor, { file: row.filename, upload: false, backupId, filename: row.filename });
  };

  /** Stores an uploaded file (at most `maxBytes`), then checks it like a backup of the history. */
  const checkUpload = async (actor: AuditActor, body: Readable, name: string, maxBytes: number) => {
    await files.ensureDirs();
    const stored = `upload-${randomBytes(12).toString('hex')}.${engine.extension}`;
    const path = files.uploadPathOf(stored);
    let received = 0;
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > maxBytes)
              throw new AppError('VALIDATION_ERROR', 413, 'The backup file is too large');
            yield chunk;
          }
        },
        createWriteStream(path, { mode: 0o600 }),
      );
      if (received === 0) throw invalid('The upload is empty');
      const head = Buffer.alloc(512);
      const handle = await open(path);
      await handle.read(head, 0, 512, 0).finally(() => handle.close());
      if (!engine.recognises(head)) {
        throw invalid(`This is not a backup of this server's database (${engine.format})`);
      }
      return await check(actor, { file: stored, upload: true, backupId: null, filename: name });
    } catch (error) {
      await files.remove(path);
      throw error;
    }
  };

  /** Keeps a named restore's state; a failure to keep it must not fail the restore itself. */
  const remember = async (restoreId: string | undefined, status: RestoreStatus) => {
    if (restoreId === undefined) return;
    await states
      .save(restoreId, status)
      .catch((error: unknown) => log.error({ err: error }, 'keeping the restore state failed'));
  };

  const restore = async (
    actor: AuditActor,
    checkToken: string,
    restoreId?: string,
  ): Promise<RestoreResult> => {
    const claims = readSignedToken(
      secret,
      CHECK_PURPOSE,
      checkToken,
      clock(),
    ) as CheckClaims | null;
    if (!claims || claims.userId !== actor.userId) {
      throw invalid('This check is not valid (expired or not yours): check the backup again');
    }
    const path = claims.upload ? files.uploadPathOf(claims.file) : files.pathOf(claims.file);
    if (!existsSync(path)) throw notFound('The backup file is gone');
    if (restoring) throw conflict(RESTORE_RUNNING);
    restoring = true;
    try {
      // Another instance on this database may be restoring: one at a time (decision 332).
      const run = await database.tryExclusive(RESTORE_LOCK_KEY, () =>
        replace(actor, claims, path, restoreId),
      );
      if (!run.ran) throw conflict(RESTORE_RUNNING);
      return run.value;
    } finally {
      restoring = false;
    }
  };

  /** Replaces the live database with the checked backup at `path`, under the restore lock. */
  const replace = async (
    actor: AuditActor,
    claims: CheckClaims,
    path: string,
    restoreId: string | undefined,
  ): Promise<RestoreResult> => {
    const startedAt = clock().toISOString();
    await remember(restoreId, { state: 'running', startedAt });
    let outcome: RestoreStatus | undefined;
    const release = maintenance.hold();
    const wasOn = appSettings.current().maintenanceMode;
    try {
      if (!wasOn) await appSettings.update(actor, { maintenanceMode: true });
      const audit = await listAuditRowsAfter(db, claims.maxAuditId);
      const history = await listAllHistory(db);
      const openSessions = await listOpenSessionTokens(db);
      log.warn({ file: claims.file }, 'restoring a backup: the database is being replaced');
      await engine.restore(path);
      // A backup of an older version: its schema is brought up to this one.
      await database.withMigrationLock(() => database.migrate());
      await db.transaction(async (tx) => {
        await carryOverAfterRestore(tx, audit, history, openSessions);
        await recordAudit(
          tx,
          actor,
          'backups.restore',
          { type: 'backup', id: claims.backupId },
          {
            after: { file: claims.upload ? 'upload' : claims.file },
          },
        );
      });
      log.warn('backup restored');
      const result = { tables: await countTableRows(db), restoredAt: clock().toISOString() };
      outcome = { state: 'restored', startedAt, result };
      return result;
    } catch (error) {
      // The envelope the request answers with: the error handler's, for an unexpected error.
      const failure =
        error instanceof AppError
          ? error
          : new AppError('SERVER_ERROR', 500, 'Internal server error');
      outcome = { state: 'failed', startedAt, error: failure.toEnvelope() };
      throw error;
    } finally {
      // The restored settings are the backup's: maintenance goes back to what it was before.
      await appSettings
        .update(actor, { maintenanceMode: wasOn })
        .catch((error: unknown) => log.error({ err: error }, 'ending maintenance mode failed'));
      release();
      if (claims.upload) await files.remove(path);
      // Only now: whoever asks sees the outcome once maintenance has ended, as the answer does.
      if (outcome) await remember(restoreId, outcome);
    }
  };

  return {
    checkBackup,
    checkUpload,
    restore,
    isRestoring: () => restoring,
    findRestore: (restoreId: string) => states.find(restoreId),
  };
}
export type RestoreService = ReturnType<typeof createRestoreService>;
