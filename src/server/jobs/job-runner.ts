import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { safeError } from './job-error.ts';
import { slotAt, type Schedule } from './job-schedule.ts';
import {
  claimJobs,
  completeJob,
  deleteFinishedJobs,
  expireAllLeases,
  failJob,
  insertJob,
  nextDueAt,
  releaseJobs,
  renewLeases,
  type JobRow,
} from './jobs.queries.ts';
import type { JobDefinition, Jobs } from './jobs.ts';

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How long a taken job stays leased without renewal: a dead instance's jobs wait this long. */
  leaseMs: number;
  /** Idle poll for jobs enqueued by other instances or come due; default 1 s. */
  pollMs?: number;
  /** Jobs one instance runs at once; default 4. */
  concurrency?: number;
  /**
   * Embedded database: this is the only process. Jobs still running at start were cut off by a
   * crash, and no other process enqueues, so the idle loop sleeps until the next job is due or
   * the next periodic slot begins (at most a minute) instead of polling.
   */
  singleProcess?: boolean;
}

const MAX_RETRY_DELAY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

interface Running {
  controller: AbortController;
  task: Promise<void>;
}

/**
 * The jobs layer on a `jobs` table (docs/decisions/070-jobs-layer.md). One loop per process takes
 * due jobs with FOR UPDATE SKIP LOCKED when it is woken (a job enqueued or finished here) or after
 * `pollMs`; leases of running jobs are renewed every third of `leaseMs`.
 */
/** How long, and how often, the loop looks for a job enqueued inside a transaction. */
const RECHECK_WINDOW_MS = 10_000;
const RECHECK_MS = 200;

export function createJobs(options: JobRunnerOptions): Jobs {
  const { db, log, leaseMs } = options;
  const pollMs = options.pollMs ?? (options.singleProcess ? 60_000 : 1000);
  const concurrency = options.concurrency ?? 4;
  const token = randomUUID();
  const definitions = new Map<string, JobDefinition<never>>();
  const schedules: { name: string; schedule: Schedule; lastKey?: string }[] = [];
  const running = new Map<number, Running>();
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let loop: Promise<void> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  /** Until then the loop looks for jobs every RECHECK_MS (see enqueue with `db`). */
  let recheckUntil = 0;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || state !== 'running') return resolve();
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      wakeUp = undefined;
      woken = false;
    });

  /** Enqueues the current slot of each periodic job once; a failure is tried again next poll. */
  const enqueueSlots = async () => {
    for (const entry of schedules) {
      const { key } = slotAt(entry.schedule, Date.now());
      if (entry.lastKey === key) continue;
      try {
        // A slot missed for good is taken by the next one: three tries unless the job says.
        const maxAttempts = definitions.get(entry.name)?.maxAttempts ?? 3;
        await insertJob(db, { name: entry.name, key, payload: {}, maxAttempts, delayMs: 0 });
        entry.lastKey = key;
      } catch (error) {
        log.warn({ err: error, job: entry.name }, 'enqueueing a periodic job failed');
      }
    }
  };

  const retryDelay = (definition: JobDefinition<never>, attempt: number) => {
    const base = (definition.retryDelayMs ?? 10_000) * 2 ** (attempt - 1);
    // ±20 % so that jobs failing together do not all come back in the same instant.
    return Math.min(base, MAX_RETRY_DELAY_MS) * (0.8 + Math.random() * 0.4);
  };

  const launch = (row: JobRow) => {
    const definition = definitions.get(row.name)!;
    const controller = new AbortController();
    const context = {
      id: row.id,
      key: row.key,
      attempt: row.attempts,
      signal: controller.signal,
    };
    const task = (async () => {
      try {
        await definition.run(row.payload as never, context);
        await completeJob(db, row.id, token);
      } catch (error) {
        // Stopped by stop(): the job was handed back and runs again elsewhere.
        if (controller.signal.aborted && state === 'stopped') return;
        const last = row.attempts >= row.maxAttempts;
        const failure = safeError(error);
        log[last ? 'error' : 'warn'](
          { err: failure, job: row.name, key: row.key, attempt: row.attempts },
          last ? 'job failed for good' : 'job failed; it will be retried',
        );
        await failJob(db, {
          id: row.id,
          token,
          error: failure.message.slice(0, 2000),
          retryInMs: last ? null : retryDelay(definition, row.attempts),
        });
      }
    })()
      .catch((error: unknown) => log.error({ err: error, job: row.name }, 'recording a job failed'))
      .finally(() => {
        running.delete(row.id);
        wake();
      });
    running.set(row.id, { controller, task });
  };

  /** How long the loop may sleep: pollMs, or less when a known job or slot comes due sooner. */
  const idleFor = async () => {
    if (!options.singleProcess) return pollMs;
    const now = Date.now();
    let until = now + (now < recheckUntil ? RECHECK_MS : pollMs);
    for (const entry of schedules) until = Math.min(until, slotAt(entry.schedule, now).next);
    const due = await nextDueAt(db, [...definitions.keys()]).catch(() => null);
    if (due) until = Math.min(until, due.getTime());
    return Math.max(0, until - now);
  };

  const work = async () => {
    while (state === 'running') {
      await enqueueSlots();
      const free = concurrency - running.size;
      let claimed: { taken: JobRow[]; givenUp: JobRow[] } = { taken: [], givenUp: [] };
      if (free > 0) {
        try {
          claimed = await claimJobs(db, {
            names: [...definitions.keys()],
            limit: free,
            token,
            leaseMs,
          });
        } catch (error) {
          log.warn({ err: error }, 'taking jobs failed');
        }
      }
      for (const row of claimed.givenUp) {
        log.error(
          { job: row.name, key: row.key, attempt: row.attempts },
          'job failed for good: interrupted on its last attempt',
        );
      }
      for (const row of claimed.taken) launch(row);
      // Fewer rows than asked for: nothing more is due now. Failed rows used a place too.
      const seen = claimed.taken.length + claimed.givenUp.length;
      if (seen === 0 || seen < free) await pause(await idleFor());
    }
  };

  const renew = async () => {
    const ids = [...running.keys()];
    const held = await renewLeases(db, ids, token, leaseMs);
    for (const id of ids) {
      // Another instance took it (this one stalled past the lease): stop duplicating work.
      if (!held.has(id)) running.get(id)?.controller.abort(new Error('The job lease was lost'));
    }
  };

  const jobs: Jobs = {
    define(definition) {
      if (definitions.has(definition.name))
        throw new Error(`Job ${definition.name} is defined twice`);
      definitions.set(definition.name, definition);
    },
    schedule({ schedule, ...definition }) {
      slotAt(schedule, Date.now()); // refuses a malformed schedule at registration
      jobs.define(definition);
      schedules.push({ name: definition.name, schedule });
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      const inserted = await insertJob(enqueueOptions.db ?? db, {
        name,
        key: enqueueOptions.key ?? randomUUID(),
        payload,
        maxAttempts: definitions.get(name)?.maxAttempts ?? 5,
        delayMs: enqueueOptions.delayMs ?? 0,
      });
      if (!inserted) return false;
      // A job written inside an open transaction exists once that commits: look again shortly
      // (the embedded database's loop would otherwise sleep until its next known due time).
      if (enqueueOptions.db) recheckUntil = Date.now() + RECHECK_WINDOW_MS;
      // Woken also for a delayed job: the loop then knows its due time and sleeps until it.
      wake();
      return true;
    },
    async start() {
      if (state !== 'idle') return;
      if (options.singleProcess) await expireAllLeases(db);
      state = 'running';
      heartbeat = setInterval(
        () => {
          renew().catch((error: unknown) => log.warn({ err: error }, 'renewing job leases failed'));
        },
        Math.max(100, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
      loop = work();
    },
    async stop(graceMs = 5000) {
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      clearInterval(heartbeat);
      wake();
      await loop;
      const tasks = [...running.values()].map((entry) => entry.task);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(tasks),
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      const unfinished = [...running.keys()];
      for (const entry of running.values()) entry.controller.abort(new Error('Shutting down'));
      await releaseJobs(db, unfinished, token).catch((error: unknown) =>
        log.warn({ err: error }, 'handing back unfinished jobs failed'),
      );
    },
  };

  // Finished jobs stay a week for inspection, failed ones a month; the keys of periodic jobs
  // only matter within their slot, so deleting them later never lets a slot run twice.
  jobs.schedule({
    name: 'jobs.cleanup',
    schedule: { dailyAtUtc: '03:30' },
    run: async () => {
      const removed = await deleteFinishedJobs(db, 7 * DAY_MS, 30 * DAY_MS);
      if (removed > 0) log.info({ removed }, 'removed finished jobs');
    },
  });
  return jobs;
}
