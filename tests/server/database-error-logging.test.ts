import { sql } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLoggableError } from '#server/db/loggable-error.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import {
  createInstrumentedTestApp,
  type InstrumentedTestContext,
} from '#tests/support/instrumented-app.ts';
import { api } from '#tests/support/test-app.ts';

// Issue 15: a failed insert's error was logged whole, with every query parameter — for a
// registration the new password's argon2 hash.

let t: InstrumentedTestContext;
beforeAll(async () => {
  t = await createInstrumentedTestApp();
  // A rule only this test database has, so a valid registration fails inside the insert.
  await t.db.execute(
    sql`ALTER TABLE users ADD CONSTRAINT test_refused_name CHECK (display_name IS DISTINCT FROM 'Refused Name')`,
  );
});
afterAll(() => t.close());

describe('a database error in a request', () => {
  it('answers 500 and logs the failure without any of the query parameters', async () => {
    const username = uniqueUsername('dberr');
    const password = 'Registration-Secret-77';
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/register',
      remoteAddress: nextIp(),
      payload: { username, password, displayName: 'Refused Name', email: `${username}@x.test` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Internal server error',
      code: 'SERVER_ERROR',
      statusCode: 500,
    });

    const failure = t
      .logText()
      .split('\n')
      .filter((line) => line.includes('request failed'))
      .map((line) => JSON.parse(line) as { err: Record<string, unknown> });
    expect(failure).toHaveLength(1);
    const logs = t.logText();
    for (const parameter of [username, password, 'Refused Name', `${username}@x.test`]) {
      expect(logs).not.toContain(parameter);
    }
    expect(logs).not.toContain('$argon2');
    expect(logs).not.toMatch(/params/i);

    // What names the failure stays: the statement, the SQLSTATE and the constraint.
    const logged = JSON.stringify(failure[0]);
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23514');
    expect(logged).toContain('test_refused_name');
  });
});

describe('a database error logged anywhere', () => {
  it('keeps out the input PostgreSQL quotes in a data exception message', async () => {
    const error = await t.db.execute(sql`select ${'not-a-number-4711'}::int`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(JSON.stringify(stdSerializers.err(error as Error))).toContain('not-a-number-4711');
    const serialized = JSON.stringify(stdSerializers.err(toLoggableError(error) as Error));
    expect(serialized).toContain('22P02');
    expect(serialized).toContain('invalid input syntax for type integer');
    expect(serialized).not.toContain('not-a-number-4711');
  });
});
