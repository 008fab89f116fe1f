import type { Executor } from '#server/db/client.ts';
import type { Schedule } from './job-schedule.ts';

/** What a handler learns about the job it runs. */
export interface JobContext {
  /** The job's row id: stable across its attempts. */
  id: number;
  /** The key it was enqueued with (or the slot of a periodic job): stable across attempts. */
  key: string;
  /** 1 on the first run; a job interrupted by a crash runs again with the next number. */
  attempt: number;
  /** Aborted when this instance stops or loses the job's lease: stop work that is not needed. */
  signal: AbortSignal;
}

/**
 * A kind of job. Delivery is at least once: a job can run again after a crash or a lost lease,
 * so `run` must be idempotent (use the key, check before writing). A thrown error is retried
 * with exponential backoff until `maxAttempts`; then the job stays `failed` with its error.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  run(payload: P, job: JobContext): Promise<void>;
  /** Default 5. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles (at most an hour). Default 10 s. */
  retryDelayMs?: number;
}

export interface EnqueueOptions {
  /** Enqueueing the same name and key again is a no-op. Default: a random key. */
  key?: string;
  delayMs?: number;
  /**
   * An open transaction: the job exists only if it commits (an outbox row). It is then taken
   * on the next poll rather than at once.
   */
  db?: Executor;
}

/** The jobs layer (docs/decisions/070-jobs-layer.md), one per process, on the app's database. */
export interface Jobs {
  define<P>(definition: JobDefinition<P>): void;
  /** A job enqueued once per slot of `schedule` across all instances (payload `{}`). */
  schedule(definition: JobDefinition<Record<string, never>> & { schedule: Schedule }): void;
  /** True when the job was enqueued, false when its key existed already. */
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<boolean>;
  /** Starts taking jobs (and enqueueing periodic ones). */
  start(): Promise<void>;
  /**
   * Stops taking jobs, waits up to `graceMs` for the running ones, then aborts the rest and
   * hands them back to the queue.
   */
  stop(graceMs?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs layer, created by buildApp(): features define their jobs on it. */
    jobs: Jobs;
  }
}
