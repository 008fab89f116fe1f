/**
 * CPU time of this process, whole and of its main thread only, for the benchmark's child
 * processes. The main thread is what the HTTP server runs on; the whole process adds its other
 * threads: V8's and libuv's helpers and, on embedded PGlite, the database's worker thread
 * (src/server/db/pglite-worker.ts), whose work PostgreSQL does in a process of its own.
 *
 * The main thread's figure comes from Linux: /proc/self/task/<pid>/schedstat (nanoseconds on the
 * CPU; the main thread's id is the process id), else /proc/self/task/<pid>/stat (utime + stime in
 * clock ticks). Elsewhere it is the whole process's, and `source` says so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  processMicros: number;
  mainThreadMicros: number;
}

const task = `/proc/self/task/${process.pid}`;

function fromSchedstat() {
  return Number(readFileSync(`${task}/schedstat`, 'utf8').split(' ')[0]) / 1000;
}

let ticksPerSecond = 0;
function fromStat() {
  ticksPerSecond ||= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  const text = readFileSync(`${task}/stat`, 'utf8');
  // After "(comm)" the fields start at 3 (state); utime and stime are fields 14 and 15.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

function processMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function works(read: () => number) {
  try {
    return Number.isFinite(read());
  } catch {
    return false;
  }
}

const sources = [
  { name: 'schedstat', read: fromSchedstat },
  { name: 'stat', read: fromStat },
  { name: 'whole process', read: processMicros },
];
const source = sources.find((candidate) => works(candidate.read))!;

/** `source`: where the main thread's figure comes from: 'schedstat', 'stat' or 'whole process'. */
export function cpuTimes(): CpuTimes & { source: string } {
  return {
    mainThreadMicros: source.read(),
    processMicros: processMicros(),
    source: source.name,
  };
}
