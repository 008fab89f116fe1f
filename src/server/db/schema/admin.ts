import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What administrators did (src/server/audit, decision 120). Append-only: no route edits or
 * deletes a row, and a trigger (migration) refuses UPDATE and DELETE. The actor is kept by id
 * and name without a foreign key, so deleting an administrator keeps the history readable.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: at('created_at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
    index('admin_audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * Settings an administrator changes at run time (src/server/app-settings, decision 121): one
 * row per key, the value validated by the key's schema in src/shared/admin/app-settings.ts.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
