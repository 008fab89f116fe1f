import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/**
 * Backups and restore (issue 12 "database", spec 02 §3 backup_configs and backup_history,
 * decisions 150–152). Schedule times are UTC.
 */
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const BackupFrequencySchema = z.enum(BACKUP_FREQUENCIES);
export type BackupFrequency = z.infer<typeof BackupFrequencySchema>;

export const BACKUP_STATUSES = ['running', 'succeeded', 'failed', 'verified'] as const;
export const BackupStatusSchema = z.enum(BACKUP_STATUSES);
export type BackupStatus = z.infer<typeof BackupStatusSchema>;

/** How long a backup taken with 'Back up now' is kept (scheduled ones: their configuration's). */
export const MANUAL_BACKUP_RETENTION_DAYS = 30;

const BackupConfigFieldsSchema = z.object({
  name: textSchema().trim().min(1).max(100),
  description: textSchema().max(500).nullable().default(null),
  frequency: BackupFrequencySchema,
  /** 0 = Sunday … 6 = Saturday; weekly only. */
  dayOfWeek: z.number().int().min(0).max(6).nullable().default(null),
  /** 1 … 31, the month's last day when it is shorter; monthly only. */
  dayOfMonth: z.number().int().min(1).max(31).nullable().default(null),
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
  retentionDays: z.number().int().min(1).max(3650),
  isActive: z.boolean().default(true),
});

/** A weekly schedule names its day of the week, a monthly one its day of the month. */
function requireScheduleDay(
  value: { frequency: BackupFrequency; dayOfWeek: number | null; dayOfMonth: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.frequency === 'weekly' && value.dayOfWeek === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['dayOfWeek'],
      message: 'A weekly backup needs its day of the week',
    });
  }
  if (value.frequency === 'monthly' && value.dayOfMonth === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['dayOfMonth'],
      message: 'A monthly backup needs its day of the month',
    });
  }
}

export const BackupConfigInputSchema = BackupConfigFieldsSchema.superRefine(requireScheduleDay);
export type BackupConfigInput = z.infer<typeof BackupConfigInputSchema>;
export type BackupSchedule = Pick<
  BackupConfigInput,
  'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'hour' | 'minute'
>;

export const BackupConfigSchema = BackupConfigFieldsSchema.extend({
  id: z.number().int(),
  lastRun: z.iso.datetime().nullable(),
  nextRun: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type BackupConfig = z.infer<typeof BackupConfigSchema>;

export const BackupConfigPageSchema = pageSchema(BackupConfigSchema);

export const BackupHistoryItemSchema = z.object({
  id: z.number().int(),
  configId: z.number().int().nullable(),
  filename: z.string(),
  format: z.enum(['pglite', 'postgres']),
  size: z.number().int().nullable(),
  status: BackupStatusSchema,
  errorMessage: z.string().nullable(),
  tableCount: z.number().int().nullable(),
  startedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  isAutomatic: z.boolean(),
  retainUntil: z.iso.datetime().nullable(),
  /** Set when retention removed the file; the backup can no longer be downloaded or restored. */
  fileDeletedAt: z.iso.datetime().nullable(),
});
export type BackupHistoryItem = z.infer<typeof BackupHistoryItemSchema>;

export const BackupHistoryQuerySchema = PageQuerySchema.extend({
  status: BackupStatusSchema.optional(),
});
export type BackupHistoryQuery = z.infer<typeof BackupHistoryQuerySchema>;
export const BackupHistoryPageSchema = pageSchema(BackupHistoryItemSchema);

/** The body of an action that takes no input ('Back up now', a link, a check): `{}` or none. */
export const EmptyBodySchema = z.object({}).strict().optional();

export const BackupIdParamsSchema = z.object({ id: z.coerce.number().pipe(RowIdSchema) });

/** A link that downloads one backup for a few minutes (decision 152). */
export const BackupDownloadLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export const BackupDownloadQuerySchema = z.object({ token: textSchema().max(500) });

export const TableRowCountSchema = z.object({ name: z.string(), rows: z.number().int() });
export type TableRowCount = z.infer<typeof TableRowCountSchema>;

/** A backup checked in a scratch database: what a restore would bring back. */
export const RestoreCheckSchema = z.object({
  /** Names the checked file for the confirmation; valid for RESTORE_CHECK_MINUTES. */
  checkToken: z.string(),
  backupId: z.number().int().nullable(),
  filename: z.string(),
  tables: z.array(TableRowCountSchema),
  expiresAt: z.iso.datetime(),
});
export type RestoreCheck = z.infer<typeof RestoreCheckSchema>;

/**
 * How long the admin screen waits for a check or a restore to answer (the nginx example in
 * docs/deploy waits longer on these routes: decision 309).
 */
export const RESTORE_TIMEOUT_MS = 15 * 60_000;

export const RestoreRequestSchema = z.object({
  checkToken: textSchema().min(1).max(2000),
  /** The administrator confirmed that the current data is replaced. */
  confirm: z.literal(true),
  /**
   * Names this restore, so that its outcome can still be asked for when its answer is lost on
   * the way (a proxy's 504, a dropped connection): GET /api/admin/backups/restore/{restoreId}.
   */
  restoreId: z.uuid().optional(),
});

export const RestoreResultSchema = z.object({
  tables: z.array(TableRowCountSchema),
  restoredAt: z.iso.datetime(),
});
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

export const RestoreIdParamsSchema = z.object({ restoreId: z.uuid() });

/** A named restore as the server knows it (decision 309): still running, or how it ended. */
export const RestoreStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('running'), startedAt: z.iso.datetime() }),
  z.object({
    state: z.literal('restored'),
    startedAt: z.iso.datetime(),
    result: RestoreResultSchema,
  }),
  z.object({
    state: z.literal('failed'),
    startedAt: z.iso.datetime(),
    /** What the restore's own request answered (or would have). */
    error: ErrorEnvelopeSchema,
  }),
]);
export type RestoreStatus = z.infer<typeof RestoreStatusSchema>;
