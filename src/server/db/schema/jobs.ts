import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Background jobs (src/server/jobs, docs/decisions/070-jobs-layer.md). Taken with
 * `FOR UPDATE SKIP LOCKED`; a running job holds a lease that its worker renews, and a job whose
 * worker died is taken again once the lease has run out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The handler that runs it. */
    name: text('name').notNull(),
    /** Stable per job and unique per name: enqueueing a key again is a no-op (idempotency). */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /**
     * When the job may next be taken: its scheduled or retry time while queued, the end of its
     * lease while running.
     */
    runAt: at('run_at').notNull().defaultNow(),
    /** The lease holder's token while running. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('jobs_name_key_key').on(t.name, t.key),
    // The poll reads only jobs that can still run, in due order.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
