import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * When the database is backed up (spec 02 §3 backup_configs, issue 12 "database"). Times are UTC;
 * `nextRun` is computed by features/backups/backup-schedule.ts and claimed by the scheduler.
 * `createdBy` keeps the administrator's id without a foreign key, like the audit log.
 */
export const backupConfigs = pgTable(
  'backup_configs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** daily | weekly | monthly */
    frequency: text('frequency').notNull(),
    /** 0 (Sunday) to 6, weekly only. */
    dayOfWeek: integer('day_of_week'),
    /** 1 to 31 (the month's last day when shorter), monthly only. */
    dayOfMonth: integer('day_of_month'),
    hour: integer('hour').notNull(),
    minute: integer('minute').notNull(),
    retentionDays: integer('retention_days').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastRun: at('last_run'),
    nextRun: at('next_run'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('backup_configs_frequency', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    index('backup_configs_due_idx')
      .on(t.nextRun)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * Every backup written (spec 02 §3 backup_history). A row is `running` while its file is
 * written, then `verified` (written and checked), or `failed` with its error; `succeeded` is the
 * short step between writing and checking. Retention deletes the file after `retainUntil` and
 * sets `fileDeletedAt`; the row stays as history.
 */
export const backupHistory = pgTable(
  'backup_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    configId: integer('config_id').references(() => backupConfigs.id, { onDelete: 'set null' }),
    /** The file's name inside BACKUP_DIR; never a path given by a client. */
    filename: text('filename').notNull(),
    /** pglite (a data-directory tarball) or postgres (pg_dump -Fc). */
    format: text('format').notNull(),
    size: bigint('size', { mode: 'number' }),
    /** running | succeeded | failed | verified */
    status: text('status').notNull().default('running'),
    errorMessage: text('error_message'),
    /** Rows per table found when the backup was checked. */
    tableCount: integer('table_count'),
    startedAt: at('started_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    createdBy: integer('created_by'),
    isAutomatic: boolean('is_automatic').notNull().default(false),
    retainUntil: at('retain_until'),
    fileDeletedAt: at('file_deleted_at'),
  },
  (t) => [
    index('backup_history_retention_idx')
      .on(t.retainUntil)
      .where(sql`${t.fileDeletedAt} is null`),
  ],
);
