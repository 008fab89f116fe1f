import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Referral codes applied at the same moment (billing review of decision 085). */
let t: TestContext;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const overview = async (cookie: string) =>
  (await api(t.app, { method: 'GET', url: '/api/referral', cookie })).json();
const apply = (cookie: string, code: string) =>
  api(t.app, { method: 'POST', url: '/api/referral/apply', cookie, payload: { code } });

describe('two users applying each other’s code at once', () => {
  it('refers one of them only: no cycle, one welcome bonus', async () => {
    const a = await createSignedInUser(t.db);
    const b = await createSignedInUser(t.db);
    const [codeA, codeB] = [(await overview(a.cookie)).code, (await overview(b.cookie)).code];

    const answers = await Promise.all([apply(a.cookie, codeB), apply(b.cookie, codeA)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ message: 'Please enter a valid referral code' });

    // One friendship, one direction: each sees the other at most once, and +3 went to one.
    const [viewA, viewB] = [await overview(a.cookie), await overview(b.cookie)];
    expect(viewA.referredCount + viewB.referredCount).toBe(1);
    expect(viewA.bonusMessagesEarned + viewB.bonusMessagesEarned).toBe(3);
  });
});
