import { createWriteStream, mkdirSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';

const DAY_MS = 86_400_000;
const FILE_PATTERN = /^server-(\d{4}-\d{2}-\d{2})\.log$/;

export function logFileName(time: number): string {
  return `server-${new Date(time).toISOString().slice(0, 10)}.log`;
}

/**
 * Removes daily log files older than `retentionDays` full days (UTC dates): with 14, today's
 * file and those of the 13 days before stay. Returns the names removed.
 */
export function removeOldLogFiles(dir: string, retentionDays: number, now = Date.now()): string[] {
  const oldestKept = new Date(now - (retentionDays - 1) * DAY_MS).toISOString().slice(0, 10);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed = names.filter((name) => {
    const day = FILE_PATTERN.exec(name)?.[1];
    return day !== undefined && day < oldestKept;
  });
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/**
 * Appends log lines to one file per UTC day in `dir` (`server-YYYY-MM-DD.log`); at each new
 * day it opens the next file and removes those past retention.
 */
export class DailyLogFile {
  private stream: WriteStream | undefined;
  private day = -1;

  constructor(
    private readonly dir: string,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  write(line: string): void {
    const time = this.now();
    const day = Math.floor(time / DAY_MS);
    if (day !== this.day) this.open(time, day);
    this.stream!.write(line);
  }

  private open(time: number, day: number) {
    this.stream?.end();
    this.day = day;
    this.stream = createWriteStream(path.join(this.dir, logFileName(time)), { flags: 'a' });
    // A full disk must not take the server down; the ring still has the lines.
    this.stream.on('error', () => {});
    removeOldLogFiles(this.dir, this.retentionDays, time);
  }

  /** Resolves once every line written so far is on disk. */
  close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    this.day = -1;
    if (!stream) return Promise.resolve();
    return new Promise((resolve) => stream.end(resolve));
  }
}
