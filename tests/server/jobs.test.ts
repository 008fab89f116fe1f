import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createJobs, type JobRunnerOptions } from '#server/jobs/job-runner.ts';
import { INTERRUPTED_TOO_OFTEN } from '#server/jobs/jobs.queries.ts';
import type { JobContext, Jobs } from '#server/jobs/jobs.ts';
import { until } from '#tests/support/until.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';

/** The jobs layer on the real database, as every feature uses it (docs/decisions/070-jobs-layer.md). */
let database: DatabaseHandle;
const started: Jobs[] = [];
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop(0)));
});
afterAll(() => database.close());

function runner(options: Partial<JobRunnerOptions> = {}) {
  const jobs = createJobs({ db: database.db, log, leaseMs: 30_000, pollMs: 50, ...options });
  started.push(jobs);
  return jobs;
}

interface JobRowSeen {
  key: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

async function jobRows(name: string) {
  const result = await database.db.execute(
    sql`select key, status, attempts, last_error from jobs where name = ${name} order by id`,
  );
  return (result as { rows: JobRowSeen[] }).rows;
}

describe('the jobs layer', () => {
  it('runs a job once per key, handing the handler its payload and stable key', async () => {
    const jobs = runner();
    const seen: { payload: unknown; key: string; attempt: number }[] = [];
    jobs.define<{ n: number }>({
      name: 'test.once',
      run: async (payload, job) => void seen.push({ payload, key: job.key, attempt: job.attempt }),
    });
    await jobs.start();
    expect(await jobs.enqueue('test.once', { n: 1 }, { key: 'k-1' })).toBe(true);
    expect(await jobs.enqueue('test.once', { n: 2 }, { key: 'k-1' })).toBe(false);
    await until(
      () => jobRows('test.once'),
      (rows) => rows[0]?.status === 'done',
    );
    expect(seen).toEqual([{ payload: { n: 1 }, key: 'k-1', attempt: 1 }]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const jobs = runner();
    const attempts: number[] = [];
    jobs.define({
      name: 'test.flaky',
      retryDelayMs: 20,
      run: async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
      },
    });
    await jobs.start();
    await jobs.enqueue('test.flaky', {});
    const [row] = await until(
      () => jobRows('test.flaky'),
      (rows) => rows[0]?.status === 'done',
    );
    expect(attempts).toEqual([1, 2, 3]);
    expect(row).toMatchObject({ attempts: 3, last_error: null });
  });

  it('runs delayed jobs and retries when due on the embedded database, which does not poll', async () => {
    // One process: only its own jobs exist, so it sleeps until the next one is due (a minute at
    // most) rather than polling every second.
    const jobs = runner({ singleProcess: true, pollMs: undefined });
    const attempts: number[] = [];
    jobs.define({
      name: 'test.due',
      retryDelayMs: 100,
      run: async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('not yet');
      },
    });
    await jobs.start();
    await jobs.enqueue('test.due', {}, { delayMs: 300 });
    await until(
      () => jobRows('test.due'),
      (rows) => rows[0]?.status === 'done',
    );
    expect(attempts).toEqual([1, 2]);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const jobs = runner();
    jobs.define({
      name: 'test.broken',
      maxAttempts: 2,
      retryDelayMs: 10,
      run: async () => {
        throw new Error('upstream refused');
      },
    });
    await jobs.start();
    await jobs.enqueue('test.broken', {});
    const [row] = await until(
      () => jobRows('test.broken'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ attempts: 2, last_error: 'upstream refused' });
  });

  it('keeps a failed query’s error without the query’s parameters', async () => {
    const jobs = runner();
    jobs.define({
      name: 'test.query',
      maxAttempts: 1,
      run: async () => {
        // The second insert of the same name and key violates the unique key.
        for (let time = 0; time < 2; time++) {
          await database.db.execute(
            sql`insert into jobs (name, key) values ('test.other', ${'secret-value'})`,
          );
        }
      },
    });
    await jobs.start();
    await jobs.enqueue('test.query', {});
    const [row] = await until(
      () => jobRows('test.query'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row!.last_error).toBe('database error 23505 (unique_violation)');
  });

  it('stores and logs a failed query’s SQLSTATE, never the data PostgreSQL quotes', async () => {
    const logged: string[] = [];
    const stream = { write: (line: string) => void logged.push(line) };
    const jobs = runner({ log: Fastify({ logger: { level: 'warn', stream } }).log });
    jobs.define({
      name: 'test.data-exception',
      maxAttempts: 1,
      run: async () => {
        // PostgreSQL answers `invalid input syntax for type integer: "marker-5521"`.
        await database.db.execute(sql`select ${'marker-5521'}::int`);
      },
    });
    await jobs.start();
    await jobs.enqueue('test.data-exception', {});
    const [row] = await until(
      () => jobRows('test.data-exception'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row!.last_error).toBe('database error 22P02 (invalid_text_representation)');
    expect(logged.join('')).toContain('22P02');
    expect(logged.join('')).not.toContain('marker-5521');
  });

  it('takes a job again once the lease of the worker that took it has run out', async () => {
    // What a worker that died mid-job leaves behind: running, leased to it, lease over.
    await database.db.execute(sql`
      insert into jobs (name, key, status, attempts, locked_by, run_at)
      values ('test.orphan', 'o-1', 'running', 1, 'a-dead-worker', now() - interval '1 second')`);
    const jobs = runner();
    const attempts: number[] = [];
    jobs.define({
      name: 'test.orphan',
      run: async (_payload, job) => void attempts.push(job.attempt),
    });
    await jobs.start();
    await until(
      () => jobRows('test.orphan'),
      (rows) => rows[0]?.status === 'done',
    );
    expect(attempts).toEqual([2]);
  });

  it('fails a job cut off on its last attempt instead of running it again', async () => {
    // What a worker that died on the job's last attempt leaves behind (claimJobs wrote it):
    // running, the attempt counted, leased to the dead worker, the lease over.
    await database.db.execute(sql`
      insert into jobs (name, key, status, attempts, max_attempts, locked_by, run_at, last_error)
      values ('test.killer', 'k-1', 'running', 3, 3, 'a-dead-worker',
              now() - interval '1 second', 'attempt 2 failed')`);
    const jobs = runner();
    const attempts: number[] = [];
    jobs.define({
      name: 'test.killer',
      maxAttempts: 3,
      run: async (_payload, job) => void attempts.push(job.attempt),
    });
    await jobs.start();
    const [row] = await until(
      () => jobRows('test.killer'),
      (rows) => rows[0]?.status !== 'running',
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: INTERRUPTED_TOO_OFTEN });
    expect(attempts).toEqual([]);
  });

  it('after a crash of the embedded database, fails the job that was on its last attempt and retries the others', async () => {
    // The process died while both ran: their leases still look open (singleProcess ends them).
    await database.db.execute(sql`
      insert into jobs (name, key, status, attempts, max_attempts, locked_by, run_at)
      values ('test.crashed', 'last', 'running', 2, 2, 'the-crashed-process', now() + interval '30 seconds'),
             ('test.crashed', 'again', 'running', 1, 2, 'the-crashed-process', now() + interval '30 seconds')`);
    const jobs = runner({ singleProcess: true, pollMs: undefined });
    const runs: { key: string; attempt: number }[] = [];
    jobs.define({
      name: 'test.crashed',
      maxAttempts: 2,
      run: async (_payload, job) => void runs.push({ key: job.key, attempt: job.attempt }),
    });
    await jobs.start();
    const rows = await until(
      () => jobRows('test.crashed'),
      (list) => list.every((row) => row.status !== 'running'),
    );
    expect(rows).toMatchObject([
      { key: 'last', status: 'failed', attempts: 2, last_error: INTERRUPTED_TOO_OFTEN },
      { key: 'again', status: 'done', attempts: 2 },
    ]);
    expect(runs).toEqual([{ key: 'again', attempt: 2 }]);
  });

  it('leaves a job alone while another worker holds its lease', async () => {
    const first = runner();
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let firstRuns = 0;
    first.define({ name: 'test.leased', run: async () => void (firstRuns++, await holding) });
    await first.start();
    await first.enqueue('test.leased', {}, { key: 'l-1' });
    await until(
      () => firstRuns,
      (runs) => runs === 1,
    );

    const second = runner();
    let secondRuns = 0;
    second.define({ name: 'test.leased', run: async () => void secondRuns++ });
    second.define({ name: 'test.marker', run: async () => {} });
    await second.start();
    // The second worker has polled at least once more after taking this later job.
    await second.enqueue('test.marker', {});
    await until(
      () => jobRows('test.marker'),
      (rows) => rows[0]?.status === 'done',
    );
    await second.enqueue('test.marker', {});
    await until(
      () => jobRows('test.marker'),
      (rows) => rows[1]?.status === 'done',
    );
    release();
    await until(
      () => jobRows('test.leased'),
      (rows) => rows[0]?.status === 'done',
    );
    expect([firstRuns, secondRuns]).toEqual([1, 0]);
  });

  it('runs a periodic job once per slot, however many instances schedule it', async () => {
    const runs: string[] = [];
    const instances = [runner(), runner(), runner()];
    for (const jobs of instances) {
      jobs.schedule({
        name: 'test.periodic',
        schedule: { everyMinutes: 60 },
        run: async (_payload, job: JobContext) => void runs.push(job.key),
      });
    }
    await Promise.all(instances.map((jobs) => jobs.start()));
    const rows = await until(
      () => jobRows('test.periodic'),
      (list) => list[0]?.status === 'done',
    );
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    expect(rows.map((row) => row.key)).toEqual([hour.toISOString()]);
    expect(runs).toEqual([hour.toISOString()]);
  });

  it('tries a periodic job as often as it says, not more', async () => {
    const jobs = runner();
    let runs = 0;
    jobs.schedule({
      name: 'test.periodic-once',
      schedule: { everyMinutes: 60 },
      maxAttempts: 1,
      retryDelayMs: 10,
      run: async () => {
        runs += 1;
        throw new Error('sweep failed');
      },
    });
    await jobs.start();
    const [row] = await until(
      () => jobRows('test.periodic-once'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ attempts: 1, last_error: 'sweep failed' });
    expect(runs).toBe(1);
  });

  it('on stop, waits briefly, then hands a still running job back to be run again', async () => {
    const first = runner();
    first.define({
      name: 'test.slow',
      run: (_payload, job) =>
        new Promise((_resolve, reject) => job.signal.addEventListener('abort', reject)),
    });
    await first.start();
    await first.enqueue('test.slow', {}, { key: 's-1' });
    await until(
      () => jobRows('test.slow'),
      (rows) => rows[0]?.status === 'running',
    );
    await first.stop(20);
    expect(await jobRows('test.slow')).toMatchObject([{ status: 'queued', attempts: 0 }]);

    const second = runner();
    const attempts: number[] = [];
    second.define({
      name: 'test.slow',
      run: async (_payload, job) => void attempts.push(job.attempt),
    });
    await second.start();
    await until(
      () => jobRows('test.slow'),
      (rows) => rows[0]?.status === 'done',
    );
    expect(attempts).toEqual([1]);
  });
});
