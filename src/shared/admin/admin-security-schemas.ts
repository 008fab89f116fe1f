import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { MAX_ROW_ID, RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { QueryDateSchema } from '#shared/admin/admin-dates.ts';

/** /api/admin/security (issue 12 "security"): the login log, failed-login spikes, live sessions. */

const boolParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const LoginLogQuerySchema = PageQuerySchema.extend({
  userId: z.coerce.number().pipe(RowIdSchema).optional(),
  /** The username as typed at the attempt (any case), which also finds attempts on unknown names. */
  username: textSchema().trim().max(100).optional(),
  ip: textSchema().trim().max(100).optional(),
  successful: boolParam.optional(),
  from: QueryDateSchema.optional(),
  to: QueryDateSchema.optional(),
});
export type LoginLogQuery = z.infer<typeof LoginLogQuerySchema>;

export const LoginEntrySchema = z.object({
  id: z.number().int(),
  loginTime: z.iso.datetime(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  loginMethod: z.string(),
  successful: z.boolean(),
});
export type LoginEntry = z.infer<typeof LoginEntrySchema>;
export const LoginLogPageSchema = pageSchema(LoginEntrySchema);

export const FailedLoginsSchema = z.object({
  /** The last 24 hours, oldest first: failed attempts per hour (hour = its start, UTC). */
  hourly: z.array(z.object({ hour: z.iso.datetime(), failed: z.number().int() })),
  total: z.number().int(),
  topIps: z.array(z.object({ ipAddress: z.string(), failed: z.number().int() })),
  topUsernames: z.array(z.object({ username: z.string(), failed: z.number().int() })),
});
export type FailedLogins = z.infer<typeof FailedLoginsSchema>;

export const ActiveSessionQuerySchema = PageQuerySchema.extend({
  userId: z.coerce.number().pipe(RowIdSchema).optional(),
});
export const ActiveSessionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  loginTime: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  loginMethod: z.string(),
  /** The session of the administrator looking at the list. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const ActiveSessionPageSchema = pageSchema(ActiveSessionSchema);

export const SessionIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ROW_ID),
});
export const RevokeSessionRequestSchema = z
  .strictObject({ reason: textSchema().trim().max(500).optional() })
  .nullish();
export const RevokeSessionResponseSchema = z.object({ revoked: z.literal(true) });
