import { and, eq, inArray, lt, min, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A span of milliseconds as a PostgreSQL interval, computed on the database clock. */
const fromNow = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** Inserts a job unless its name and key exist already; true when it was inserted. */
export async function insertJob(
  db: Executor,
  job: { name: string; key: string; payload: unknown; maxAttempts: number; delayMs: number },
) {
  const rows = await db
    .insert(jobs)
    .values({
      name: job.name,
      key: job.key,
      payload: job.payload ?? {},
      maxAttempts: job.maxAttempts,
      runAt: fromNow(job.delayMs),
    })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** What a job cut off on its last attempt keeps as its error (decision 322). */
export const INTERRUPTED_TOO_OFTEN =
  'interrupted too often: its last attempt never finished (the process stopped or lost the lease)';

/**
 * Takes up to `limit` due jobs of these names: queued ones whose time has come and running ones
 * whose lease ran out (their worker died). Rows another worker is taking right now are skipped,
 * not waited for. Each taken job counts an attempt and is leased to `token` for `leaseMs`.
 *
 * A running job whose lease ran out after its last attempt (a crash counts as one) is not taken
 * but failed, in the same statement, so a job that kills its process cannot loop for ever and no
 * other instance can take it in between (docs/decisions/322-a-crash-loop-ends-in-failed.md).
 */
export async function claimJobs(
  db: Executor,
  input: { names: string[]; limit: number; token: string; leaseMs: number },
): Promise<{ taken: JobRow[]; givenUp: JobRow[] }> {
  if (input.names.length === 0 || input.limit <= 0) return { taken: [], givenUp: [] };
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.runAt} <= now()`,
        inArray(jobs.name, input.names),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(input.limit)
    .for('update', { skipLocked: true });
  // SET reads the row as it was, so every CASE sees the same old status and attempts.
  const exhausted = sql`(${jobs.status} = 'running' and ${jobs.attempts} >= ${jobs.maxAttempts})`;
  const rows = await db
    .update(jobs)
    .set({
      status: sql`case when ${exhausted} then 'failed' else 'running' end`,
      attempts: sql`case when ${exhausted} then ${jobs.attempts} else ${jobs.attempts} + 1 end`,
      lockedBy: sql`case when ${exhausted} then null else ${input.token} end`,
      lastError: sql`case when ${exhausted} then ${INTERRUPTED_TOO_OFTEN} else ${jobs.lastError} end`,
      runAt: sql`case when ${exhausted} then ${jobs.runAt} else ${fromNow(input.leaseMs)} end`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return {
    taken: rows.filter((row) => row.status === 'running'),
    givenUp: rows.filter((row) => row.status === 'failed'),
  };
}

/** When the next queued job of these names is due; null when none is queued. */
export async function nextDueAt(db: Executor, names: string[]) {
  if (names.length === 0) return null;
  const [row] = await db
    .select({ at: min(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), inArray(jobs.name, names)));
  return row?.at ?? null;
}

/** Renews the leases still held by `token`; returns the ids it still holds. */
export async function renewLeases(db: Executor, ids: number[], token: string, leaseMs: number) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .update(jobs)
    .set({ runAt: fromNow(leaseMs) })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, token), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return new Set(rows.map((row) => row.id));
}

const heldBy = (id: number, token: string) =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, token), eq(jobs.status, 'running'));

export async function completeJob(db: Executor, id: number, token: string) {
  await db
    .update(jobs)
    .set({ status: 'done', lockedBy: null, lastError: null, updatedAt: sql`now()` })
    .where(heldBy(id, token));
}

/** A failed attempt: queued again after `retryInMs`, or failed for good when attempts are used up. */
export async function failJob(
  db: Executor,
  input: { id: number; token: string; error: string; retryInMs: number | null },
) {
  await db
    .update(jobs)
    .set(
      input.retryInMs === null
        ? { status: 'failed', lockedBy: null, lastError: input.error, updatedAt: sql`now()` }
        : {
            status: 'queued',
            lockedBy: null,
            lastError: input.error,
            runAt: fromNow(input.retryInMs),
            updatedAt: sql`now()`,
          },
    )
    .where(heldBy(input.id, input.token));
}

/** Hands this worker's unfinished jobs back at once (shutdown), without counting the attempt. */
export async function releaseJobs(db: Executor, ids: number[], token: string) {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({
      status: 'queued',
      lockedBy: null,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, token)));
}

/**
 * Ends every lease at once, so running jobs are taken again now (their attempt still counts, and
 * one cut off on its last attempt fails in claimJobs instead). For the embedded database at start:
 * it has one process, so every job still marked running was interrupted by a crash.
 */
export async function expireAllLeases(db: Executor) {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.status, 'running'));
}

/** Removes finished jobs older than the given ages; returns how many. */
export async function deleteFinishedJobs(db: Executor, doneMs: number, failedMs: number) {
  const ago = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.updatedAt, ago(doneMs))),
        and(eq(jobs.status, 'failed'), lt(jobs.updatedAt, ago(failedMs))),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
