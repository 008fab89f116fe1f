import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRER_REWARD_JOB } from '#server/features/referral/referral.routes.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Referral programme (issue 11 item 4): codes, the +3 / +5 ledger, abuse cases. */
let t: TestContext;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const overview = async (cookie: string) =>
  (await api(t.app, { method: 'GET', url: '/api/referral', cookie })).json();
const apply = (cookie: string, code: unknown) =>
  api(t.app, { method: 'POST', url: '/api/referral/apply', cookie, payload: { code } });

async function eventually(check: () => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('referral', () => {
  it('gives every user an unguessable code and a share link', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const first = await overview(cookie);
    expect(first.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(first.shareLink).toContain(`ref=${first.code}`);
    expect((await overview(cookie)).code).toBe(first.code);
    expect(first).toMatchObject({
      referredCount: 0,
      friends: [],
      bonusMessagesEarned: 0,
      monthlyAllowance: 125,
    });
  });

  it('refuses an empty, unknown or own code', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const own = (await overview(cookie)).code;
    expect((await apply(cookie, '')).json()).toMatchObject({
      statusCode: 400,
      message: 'Code required',
    });
    expect((await apply(cookie, 'NOSUCHCODE')).json()).toMatchObject({
      statusCode: 400,
      message: 'Please enter a valid referral code',
    });
    expect((await apply(cookie, own)).json().message).toBe('Please enter a valid referral code');
  });

  it('credits the friend +3 at once, once, and refuses a cycle', async () => {
    const referrer = await createSignedInUser(t.db);
    const friend = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const code = (await overview(referrer.cookie)).code;
    const applied = await apply(friend.cookie, code.toLowerCase());
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ bonusMessages: 3 });
    expect(await overview(friend.cookie)).toMatchObject({
      monthlyAllowance: 128,
      bonusMessagesEarned: 3,
    });
    const again = await apply(friend.cookie, (await overview(other.cookie)).code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You can only apply a referral code once');
    // The referrer cannot use their own referee's code.
    expect((await apply(referrer.cookie, (await overview(friend.cookie)).code)).statusCode).toBe(
      400,
    );
    expect(await overview(referrer.cookie)).toMatchObject({
      referredCount: 1,
      friends: [{ username: friend.user.username }],
    });
  });

  it('parallel applies count once', async () => {
    const friend = await createSignedInUser(t.db);
    const codes = await Promise.all(
      [1, 2, 3].map(async () => (await overview((await createSignedInUser(t.db)).cookie)).code),
    );
    const results = await Promise.all(codes.map((code) => apply(friend.cookie, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await overview(friend.cookie)).bonusMessagesEarned).toBe(3);
  });

  it('rewards the referrer +5 once the friend has chatted, at most 20 friends a month', async () => {
    const referrer = await createSignedInUser(t.db);
    const code = (await overview(referrer.cookie)).code;
    const silent = await createSignedInUser(t.db);
    await apply(silent.cookie, code);
    for (let i = 0; i < 21; i++) {
      const friend = await createSignedInUser(t.db);
      expect((await apply(friend.cookie, code)).statusCode).toBe(200);
      await createConversation(t.db, friend.user.id, { messages: ['Hallo'] });
    }
    await t.app.jobs.enqueue(REFERRER_REWARD_JOB, {});
    await eventually(async () =>
      expect((await overview(referrer.cookie)).bonusMessagesEarned).toBe(100),
    );
    await t.app.jobs.enqueue(REFERRER_REWARD_JOB, {});
    await t.app.jobs.enqueue(REFERRER_REWARD_JOB, {});
    const after = await overview(referrer.cookie);
    expect(after).toMatchObject({
      referredCount: 22,
      bonusMessagesEarned: 100,
      monthlyAllowance: 225,
    });
  });

  it('rewards other referrers while one who reached the cap has hundreds of friends waiting', async () => {
    const busy = await createSignedInUser(t.db);
    const busyCode = (await overview(busy.cookie)).code;
    // More chatting friends than one batch of the job takes (200).
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const friend = await createSignedInUser(t.db);
          expect((await apply(friend.cookie, busyCode)).statusCode).toBe(200);
          await createConversation(t.db, friend.user.id, { messages: ['Hallo'] });
        }),
      );
    }
    await t.app.jobs.enqueue(REFERRER_REWARD_JOB, {});
    await eventually(async () =>
      expect((await overview(busy.cookie)).bonusMessagesEarned).toBe(100),
    );

    const other = await createSignedInUser(t.db);
    const friend = await createSignedInUser(t.db);
    await apply(friend.cookie, (await overview(other.cookie)).code);
    await createConversation(t.db, friend.user.id, { messages: ['Hallo'] });
    await t.app.jobs.enqueue(REFERRER_REWARD_JOB, {});
    await eventually(async () =>
      expect((await overview(other.cookie)).bonusMessagesEarned).toBe(5),
    );
    expect((await overview(busy.cookie)).bonusMessagesEarned).toBe(100);
  });
});
