import {
  LOG_LEVELS,
  type LogLevel,
  type LogLine,
  type LogQuery,
} from '#shared/admin/logs-schemas.ts';
import type { LogRing } from './log-ring.ts';

/** pino's numbers: trace 10 … fatal 60. */
const LEVEL_VALUE: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

function levelName(value: unknown): LogLevel {
  const index = typeof value === 'number' ? Math.floor(value / 10) - 1 : 2;
  return LOG_LEVELS[Math.min(Math.max(index, 0), LOG_LEVELS.length - 1)]!;
}

interface Parsed {
  seq: number;
  record: Record<string, unknown>;
}

/** The route and user a request line carries (our req/res serializers add them, app.ts). */
function requestFacts(record: Record<string, unknown>) {
  const req = record.req as { route?: unknown } | undefined;
  const res = record.res as { route?: unknown; userId?: unknown } | undefined;
  const route = res?.route ?? req?.route;
  return {
    route: typeof route === 'string' ? route : null,
    userId: typeof res?.userId === 'number' ? res.userId : null,
  };
}

function parse(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toLogLine({ seq, record }: Parsed, facts: Map<string, RequestFacts>): LogLine {
  const { level, time, msg, reqId, pid: _pid, hostname: _hostname, ...data } = record;
  const requestId = typeof reqId === 'string' ? reqId : null;
  const known = requestId ? facts.get(requestId) : undefined;
  return {
    seq,
    time: new Date(typeof time === 'number' ? time : 0).toISOString(),
    level: levelName(level),
    msg: typeof msg === 'string' ? msg : '',
    requestId,
    route: known?.route ?? null,
    userId: known?.userId ?? null,
    data,
  };
}

interface RequestFacts {
  route: string | null;
  userId: number | null;
}

/**
 * One page of the ring, newest first, below the line `beforeSeq`. Route and user filters
 * select requests: every line of a request id whose request lines name that route or user.
 */
export function searchLogs(
  ring: LogRing,
  query: LogQuery,
  beforeSeq: number | null,
): { lines: LogLine[]; more: boolean } {
  const parsed: Parsed[] = [];
  const facts = new Map<string, RequestFacts>();
  for (const { seq, line } of ring.newestFirst()) {
    const record = parse(line);
    if (!record) continue;
    parsed.push({ seq, record });
    const reqId = record.reqId;
    if (typeof reqId !== 'string') continue;
    const found = requestFacts(record);
    const known = facts.get(reqId) ?? { route: null, userId: null };
    facts.set(reqId, { route: known.route ?? found.route, userId: known.userId ?? found.userId });
  }

  const minLevel = query.level ? LEVEL_VALUE[query.level] : 0;
  const from = query.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = query.to?.getTime() ?? Number.POSITIVE_INFINITY;
  const matches = (entry: Parsed) => {
    const { record } = entry;
    if (beforeSeq !== null && entry.seq >= beforeSeq) return false;
    if (typeof record.level === 'number' && record.level < minLevel) return false;
    const time = typeof record.time === 'number' ? record.time : 0;
    if (time < from || time > to) return false;
    const reqId = typeof record.reqId === 'string' ? record.reqId : undefined;
    if (query.requestId !== undefined && reqId !== query.requestId) return false;
    if (query.route === undefined && query.userId === undefined) return true;
    const known = reqId ? facts.get(reqId) : undefined;
    if (query.route !== undefined && known?.route !== query.route) return false;
    if (query.userId !== undefined && known?.userId !== query.userId) return false;
    return true;
  };

  const lines: LogLine[] = [];
  for (const entry of parsed) {
    if (!matches(entry)) continue;
    if (lines.length === query.limit) return { lines, more: true };
    lines.push(toLogLine(entry, facts));
  }
  return { lines, more: false };
}
