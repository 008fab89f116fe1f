import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrors } from '#server/db/schema/ai.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import {
  CLIENT_ERROR_CLEANUP_JOB,
  CLIENT_ERROR_RETENTION_DAYS,
} from '#server/features/client-errors/client-error-retention.ts';
import { CLIENT_ERROR_GLOBAL_RATES } from '#server/features/client-errors/client-errors.routes.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** What keeps client_errors bounded (decision 326): a cap over all addresses and a retention. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (ip: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/client-errors',
    remoteAddress: ip,
    payload: { message: 'flood' },
  });

/** Runs a job now by enqueueing it under a fresh key (this wakes the loop), and waits for it. */
async function runJob(name: string) {
  const key = `test-${crypto.randomUUID()}`;
  await t.app.jobs.enqueue(name, {}, { key });
  await expect
    .poll(
      async () =>
        (
          await t.db
            .select({ status: jobs.status })
            .from(jobs)
            .where(and(eq(jobs.name, name), eq(jobs.key, key)))
        )[0]?.status,
      { timeout: 20_000, interval: 100 },
    )
    .toBe('done');
}

describe('client error reports', () => {
  it('are capped per minute over all addresses, so many addresses cannot flood the table', async () => {
    const perMinute = CLIENT_ERROR_GLOBAL_RATES[0].limit;
    for (let i = 0; i < perMinute; i += 1) expect((await report(nextIp())).statusCode).toBe(201);
    const refused = await report(nextIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMIT_ERROR');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`are deleted by a periodic job once older than ${CLIENT_ERROR_RETENTION_DAYS} days`, async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    const rows = await t.db
      .insert(clientErrors)
      .values([
        { message: 'old', createdAt: daysAgo(CLIENT_ERROR_RETENTION_DAYS + 1) },
        { message: 'recent', createdAt: daysAgo(CLIENT_ERROR_RETENTION_DAYS - 1) },
        { message: 'new' },
      ])
      .returning({ id: clientErrors.id });
    await runJob(CLIENT_ERROR_CLEANUP_JOB);
    const left = await t.db
      .select({ message: clientErrors.message })
      .from(clientErrors)
      .where(
        inArray(
          clientErrors.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.message).sort()).toEqual(['new', 'recent']);
  });

  it('are looked after by a job scheduled with the app, once per hour across instances', async () => {
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    const scheduled = await t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.name, CLIENT_ERROR_CLEANUP_JOB), eq(jobs.key, hour.toISOString())));
    expect(scheduled).toHaveLength(1);
  });
});
