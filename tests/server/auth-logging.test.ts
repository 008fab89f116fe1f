import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import {
  cookieHeaderOf,
  nextIp,
  sessionCookieOf,
  uniqueUsername,
} from '#tests/support/auth-helpers.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';
import { api, TEST_SECRET } from '#tests/support/test-app.ts';

// The real production logger (trace level, our redaction rules) writing into memory.
const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: '.test-data/unused',
    CLIENT_DIST_DIR: '.test-data/no-client',
  });
  database = await openTestDatabase();
  app = await buildApp({
    env,
    database,
    secret: TEST_SECRET,
    logger: { ...(loggerOptions('trace') as object), stream: sink },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('keeps passwords and session tokens out of responses and logs', async () => {
  const username = uniqueUsername('quiet');
  const secrets = ['Initial-Secret-Pw-41', 'Wrong-Guess-Pw-42', 'Changed-Secret-Pw-43'];
  const [initial, wrong, changed] = secrets as [string, string, string];
  const call = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: string) =>
    api(app, { method, url, payload, remoteAddress: nextIp(), ...(cookie ? { cookie } : {}) });

  const registered = await call('POST', '/api/register', { username, password: initial });
  expect(registered.statusCode).toBe(201);
  const failed = await call('POST', '/api/login', { username, password: wrong });
  expect(failed.statusCode).toBe(401);
  const loggedIn = await call('POST', '/api/login', { username, password: initial });
  expect(loggedIn.statusCode).toBe(200);
  const changedPw = await call(
    'PATCH',
    '/api/user',
    { currentPassword: initial, newPassword: changed },
    cookieHeaderOf(loggedIn),
  );
  expect(changedPw.statusCode).toBe(200);

  const responses = [registered, failed, loggedIn, changedPw];
  const tokens = responses
    .map((response) => sessionCookieOf(response)?.value)
    .filter(Boolean) as string[];
  expect(tokens.length).toBe(3);
  for (const response of responses) {
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  }

  const logs = logLines.join('');
  expect(logs).toContain('/api/login'); // the logger did record the requests
  for (const secret of [...secrets, ...tokens]) expect(logs).not.toContain(secret);
});
