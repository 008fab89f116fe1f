import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { QueryDateSchema } from '#shared/admin/admin-dates.ts';

/** GET /api/admin/audit-log (issue 12 item 1): who did what, newest first. */
export const AuditLogQuerySchema = PageQuerySchema.extend({
  actorId: z.coerce.number().pipe(RowIdSchema).optional(),
  action: textSchema().max(100).optional(),
  targetType: textSchema().max(100).optional(),
  targetId: textSchema().max(200).optional(),
  from: QueryDateSchema.optional(),
  to: QueryDateSchema.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = pageSchema(AuditEntrySchema);
