import { hostname } from 'node:os';
import path from 'node:path';
import { multistream, type StreamEntry } from 'pino';
import type { Env } from '#server/env.ts';
import { DailyLogFile } from './log-files.ts';
import { LogRing } from './log-ring.ts';
import { loggerOptions } from './logger-options.ts';

/** This instance's log as the admin screen reads it (docs/decisions/161-server-logs.md). */
export interface ServerLogs {
  ring: LogRing;
  retentionDays: number;
  instance: { hostname: string; pid: number };
  /** Flushes the day's file (shutdown). */
  close(): Promise<void>;
}

type LogEnv = Pick<Env, 'LOG_LEVEL' | 'LOG_BUFFER_SIZE' | 'LOG_RETENTION_DAYS' | 'DATA_DIR'>;

/** An app without a log of its own (tests that log nothing): an empty ring. */
export function emptyServerLogs(env: Pick<Env, 'LOG_RETENTION_DAYS'>): ServerLogs {
  return {
    ring: new LogRing(1),
    retentionDays: env.LOG_RETENTION_DAYS,
    instance: { hostname: hostname(), pid: process.pid },
    close: async () => {},
  };
}

/**
 * The server's pino logger writing each (redacted) JSON line to stdout, to a ring of the last
 * LOG_BUFFER_SIZE lines and to a daily file in DATA_DIR/logs kept LOG_RETENTION_DAYS days.
 */
export function createServerLogging(env: LogEnv, options: { stdout?: boolean } = {}) {
  const ring = new LogRing(env.LOG_BUFFER_SIZE);
  const file = new DailyLogFile(path.join(env.DATA_DIR, 'logs'), env.LOG_RETENTION_DAYS);
  const streams: StreamEntry[] = [
    { level: 'trace', stream: ring },
    { level: 'trace', stream: file },
  ];
  if (options.stdout ?? true) streams.push({ level: 'trace', stream: process.stdout });
  const logs: ServerLogs = {
    ring,
    retentionDays: env.LOG_RETENTION_DAYS,
    instance: { hostname: hostname(), pid: process.pid },
    close: () => file.close(),
  };
  return { logs, logger: loggerOptions(env.LOG_LEVEL, multistream(streams)) };
}
