import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/** pino's levels, lowest first. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

const optionalUserId = z.coerce.number().pipe(RowIdSchema).optional();

/**
 * GET /api/admin/logs: this instance's server log, newest first. `level` is the lowest level
 * shown; `route` and `userId` select whole requests (every line of a matching request id).
 */
export const LogQuerySchema = PageQuerySchema.omit({ order: true }).extend({
  level: LogLevelSchema.optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  route: textSchema().max(300).optional(),
  userId: optionalUserId,
  requestId: textSchema().max(100).optional(),
});
export type LogQuery = z.infer<typeof LogQuerySchema>;

export const LogLineSchema = z.object({
  seq: z.number().int(),
  time: z.iso.datetime(),
  level: LogLevelSchema,
  msg: z.string(),
  requestId: z.string().nullable(),
  route: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** The rest of the line as logged (already redacted). */
  data: z.record(z.string(), z.unknown()),
});
export type LogLine = z.infer<typeof LogLineSchema>;

export const LogPageSchema = pageSchema(LogLineSchema).extend({
  /** The log is per instance: which one answered, and how much it keeps. */
  instance: z.object({
    hostname: z.string(),
    pid: z.number().int(),
    bufferSize: z.number().int(),
    retentionDays: z.number().int(),
  }),
});
export type LogPage = z.infer<typeof LogPageSchema>;

/** GET /api/admin/logs/client-errors: the web app's error reports (every instance, one table). */
export const ClientErrorQuerySchema = PageQuerySchema.extend({
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  /** Part of the page address the error happened on. */
  route: textSchema().max(300).optional(),
  userId: optionalUserId,
});
export type ClientErrorQuery = z.infer<typeof ClientErrorQuerySchema>;

export const ClientErrorEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  userId: z.number().int().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  componentStack: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ClientErrorEntry = z.infer<typeof ClientErrorEntrySchema>;

export const ClientErrorPageSchema = pageSchema(ClientErrorEntrySchema);
