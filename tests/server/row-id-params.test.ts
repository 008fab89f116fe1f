import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Found by the contract fuzz (issue 16): an id past PostgreSQL's integer reached the query and
// answered 500. Every numeric row id in a path is checked against the column's range first.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_BIG = '965888919882771';

describe('a path id past the integer range', () => {
  it.each([
    ['GET', `/api/crypto-payments/${TOO_BIG}`, false],
    ['POST', `/api/crypto-payments/${TOO_BIG}/paid`, false],
    ['GET', `/api/payments/${TOO_BIG}/receipt`, false],
    ['POST', `/api/admin/crypto-payments/${TOO_BIG}/verify`, true],
    ['POST', `/api/admin/sandbox/subscriptions/${TOO_BIG}/renew`, true],
  ])('%s %s is a 400 with the envelope, not a 500', async (method, url, asAdmin) => {
    const { cookie } = await createSignedInUser(t.db, { isAdmin: asAdmin });
    const response = await api(t.app, {
      method: method,
      url,
      cookie,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    const envelope = ErrorEnvelopeSchema.parse(response.json());
    expect(envelope.code).toBe('VALIDATION_ERROR');
  });
});
