import { usePagedList } from '#client/lib/use-paged-list.ts';
import { LogPageSchema, type LogLevel, type LogLine } from '#shared/admin/logs-schemas.ts';

export interface ServerLogFilters {
  level?: LogLevel;
  from?: string;
  to?: string;
  route?: string;
  userId?: string;
  requestId?: string;
}

/** GET /api/admin/logs: the answering instance's log lines, newest first. */
export function useServerLogs(filters: ServerLogFilters) {
  return usePagedList<LogLine>('admin-logs', '/api/admin/logs', { ...filters }, LogPageSchema);
}
