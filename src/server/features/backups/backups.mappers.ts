import type { BackupConfig, BackupHistoryItem } from '#shared/admin/backups.ts';
import type { BackupConfigRow, BackupHistoryRow } from './backups.queries.ts';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toBackupConfig(row: BackupConfigRow): BackupConfig {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    frequency: row.frequency as BackupConfig['frequency'],
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    hour: row.hour,
    minute: row.minute,
    retentionDays: row.retentionDays,
    isActive: row.isActive,
    lastRun: iso(row.lastRun),
    nextRun: iso(row.nextRun),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toBackupHistoryItem(row: BackupHistoryRow): BackupHistoryItem {
  return {
    id: row.id,
    configId: row.configId,
    filename: row.filename,
    format: row.format as BackupHistoryItem['format'],
    size: row.size,
    status: row.status as BackupHistoryItem['status'],
    errorMessage: row.errorMessage,
    tableCount: row.tableCount,
    startedAt: row.startedAt.toISOString(),
    completedAt: iso(row.completedAt),
    isAutomatic: row.isAutomatic,
    retainUntil: iso(row.retainUntil),
    fileDeletedAt: iso(row.fileDeletedAt),
  };
}
