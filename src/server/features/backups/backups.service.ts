import type { FastifyBaseLogger } from 'fastify';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import {
  MANUAL_BACKUP_RETENTION_DAYS,
  type BackupConfigInput,
  type BackupSchedule,
} from '#shared/admin/backups.ts';
import { notFound } from '#shared/errors/app-error.ts';
import type { BackupEngine } from './backup-engine.ts';
import type { BackupFiles } from './backup-files.ts';
import { computeNextRun } from './backup-schedule.ts';
import {
  claimConfigRun,
  deleteConfig,
  findConfig,
  findHistory,
  insertConfig,
  insertHistory,
  listDueConfigs,
  listExpiredHistory,
  updateConfig,
  updateHistory,
} from './backups.queries.ts';

export const BACKUP_JOB = 'backups.run';
const DAY_MS = 24 * 60 * 60_000;

export interface BackupServiceDeps {
  database: DatabaseHandle;
  jobs: Jobs;
  engine: BackupEngine;
  files: BackupFiles;
  log: FastifyBaseLogger;
  /** Injectable for tests: the scheduler, retention and links read the time only from here. */
  clock: () => Date;
}

/** A file name that sorts by time and says what it holds: orbit-postgres-20261126-030000-12.dump */
function backupFilename(engine: BackupEngine, at: Date, id: number) {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `orbit-${engine.format}-${stamp}-${id}.${engine.extension}`;
}

/**
 * Backups (decision 150): a history row is written `running` together with the job that writes
 * the file (an outbox row), so a backup asked for is never lost and runs exactly once; the job
 * writes, records, verifies and records again.
 */
export function createBackupService(deps: BackupServiceDeps) {
  const { database, jobs, engine, files, log, clock } = deps;
  const db = database.db;

  /** Inserts a running history row and its job, in `tx`. */
  const queueBackup = async (
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    row: { configId: number | null; isAutomatic: boolean; createdBy: number | null },
  ) => {
    const now = clock();
    const created = await insertHistory(tx, {
      ...row,
      filename: 'pending',
      format: engine.format,
      startedAt: now,
    });
    const filename = backupFilename(engine, now, created.id);
    await updateHistory(tx, created.id, { filename });
    await jobs.enqueue(
      BACKUP_JOB,
      { historyId: created.id },
      { key: `history:${created.id}`, db: tx },
    );
    return { ...created, filename };
  };

  /**
   * The job: idempotent, since a crash can run it twice. A `running` row is worked on, and so is
   * a `succeeded` one: written but not yet verified when the process stopped, it is written and
   * verified again, so it gets its retention instead of staying unchecked and kept forever.
   */
  const runBackup = async (historyId: number) => {
    const row = await findHistory(db, historyId);
    if (!row || (row.status !== 'running' && row.status !== 'succeeded')) return;
    const config = row.configId === null ? undefined : await findConfig(db, row.configId);
    const keepDays = config?.retentionDays ?? MANUAL_BACKUP_RETENTION_DAYS;
    const file = files.pathOf(row.filename);
    try {
      await files.ensureDirs();
      await engine.write(file);
      const size = await files.sizeOf(file);
      await updateHistory(db, historyId, { status: 'succeeded', size });
      const tableCount = await engine.verify(file);
      if (tableCount === 0) throw new Error('The backup holds no table data');
      const completedAt = clock();
      await updateHistory(db, historyId, {
        status: 'verified',
        tableCount,
        completedAt,
        retainUntil: new Date(completedAt.getTime() + keepDays * DAY_MS),
      });
      log.info({ backup: historyId, size }, 'backup written and verified');
    } catch (error) {
      await files.remove(file);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      log.error({ backup: historyId, err: error }, 'backup failed');
      const now = clock();
      await updateHistory(db, historyId, {
        status: 'failed',
        errorMessage: message,
        completedAt: now,
        fileDeletedAt: now,
      });
    }
  };

  /** Retention: files past their time are deleted and their rows say so. */
  const applyRetention = async (now: Date) => {
    for (const row of await listExpiredHistory(db, now)) {
      await files.remove(files.pathOf(row.filename));
      await updateHistory(db, row.id, { fileDeletedAt: now });
      log.info({ backup: row.id }, 'backup removed by retention');
    }
    await files.sweepUploads(now);
  };

  /**
   * One pass of the scheduler (every minute through the jobs layer, or a test with its clock):
   * each configuration whose next run has come is taken by moving its next run on (a conditional
   * update, so one instance takes it), and its backup queued; then retention.
   */
  const tick = async () => {
    const now = clock();
    for (const config of await listDueConfigs(db, now)) {
      await db.transaction(async (tx) => {
        const next = computeNextRun(config as BackupSchedule, now);
        if (!(await claimConfigRun(tx, { id: config.id, nextRun: config.nextRun! }, now, next)))
          return;
        await queueBackup(tx, {
          configId: config.id,
          isAutomatic: true,
          createdBy: config.createdBy,
        });
      });
    }
    await applyRetention(now);
  };

  const backUpNow = async (actor: AuditActor) => {
    await engine.requireReady();
    return withAudit(db, actor, 'backups.create', { type: 'backup' }, async (tx, record) => {
      const row = await queueBackup(tx, {
        configId: null,
        isAutomatic: false,
        createdBy: actor.userId,
      });
      record.targetId = row.id;
      record.after = { filename: row.filename };
      return row;
    });
  };

  const createConfig = (actor: AuditActor, input: BackupConfigInput) =>
    withAudit(db, actor, 'backups.config.create', { type: 'backup_config' }, async (tx, record) => {
      const created = await insertConfig(tx, {
        ...input,
        nextRun: input.isActive ? computeNextRun(input, clock()) : null,
        createdBy: actor.userId,
      });
      record.targetId = created.id;
      record.after = input;
      return created;
    });

  const replaceConfig = (actor: AuditActor, id: number, input: BackupConfigInput) =>
    withAudit(
      db,
      actor,
      'backups.config.update',
      { type: 'backup_config', id },
      async (tx, record) => {
        const before = await findConfig(tx, id);
        if (!before) throw notFound('Backup configuration not found');
        record.before = before;
        record.after = input;
        const nextRun = input.isActive ? computeNextRun(input, clock()) : null;
        return (await updateConfig(tx, id, { ...input, nextRun }))!;
      },
    );

  const removeConfig = (actor: AuditActor, id: number) =>
    withAudit(
      db,
      actor,
      'backups.config.delete',
      { type: 'backup_config', id },
      async (tx, record) => {
        const deleted = await deleteConfig(tx, id);
        if (!deleted) throw notFound('Backup configuration not found');
        record.before = deleted;
      },
    );

  return { runBackup, tick, backUpNow, createConfig, replaceConfig, removeConfig, applyRetention };
}
export type BackupService = ReturnType<typeof createBackupService>;
