import { usePagedList } from '#client/lib/use-paged-list.ts';
import { AuditLogPageSchema, type AuditEntry } from '#shared/admin/audit-schemas.ts';

export interface AuditLogFilters {
  action?: string;
  targetType?: string;
  targetId?: string;
}

/** GET /api/admin/audit-log, newest first, a page at a time. */
export function useAuditLog(filters: AuditLogFilters) {
  return usePagedList<AuditEntry>(
    'admin-audit-log',
    '/api/admin/audit-log',
    { ...filters },
    AuditLogPageSchema,
  );
}
