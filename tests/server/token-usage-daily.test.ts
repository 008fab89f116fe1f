import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage, tokenUsageDaily } from '#server/db/schema/ai.ts';
import { users } from '#server/db/schema/users.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * token_usage_daily (migration 0004) is what the chat's token limits read: it must always equal
 * token_usage summed per user and UTC day, whatever writes or removes usage rows.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function sums(userId: number) {
  const fromCalls = await t.db
    .select({
      day: sql<string>`to_char(${tokenUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      total: sql<number>`sum(${tokenUsage.totalTokens})`.mapWith(Number),
    })
    .from(tokenUsage)
    .where(eq(tokenUsage.userId, userId))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const fromDays = await t.db
    .select({ day: tokenUsageDaily.day, total: tokenUsageDaily.totalTokens })
    .from(tokenUsageDaily)
    .where(eq(tokenUsageDaily.userId, userId))
    .orderBy(tokenUsageDaily.day);
  return { fromCalls, fromDays: fromDays.filter((row) => row.total !== 0) };
}

const call = (userId: number, totalTokens: number, createdAt: string) => ({
  userId,
  model: 'gpt-4o',
  totalTokens,
  createdAt: new Date(createdAt),
});

describe('tokens per user and day', () => {
  it('follows inserts, corrections and deletions of usage rows, by UTC day', async () => {
    const { user } = await createSignedInUser(t.db);
    const { user: other } = await createSignedInUser(t.db);
    const rows = await t.db
      .insert(tokenUsage)
      .values([
        call(user.id, 100, '2026-11-20T23:59:59Z'),
        // 00:30 in Berlin is still the 20th in UTC's day before: the day is UTC's.
        call(user.id, 200, '2026-11-20T23:30:00+01:00'),
        call(user.id, 300, '2026-11-21T00:00:00Z'),
        call(other.id, 999, '2026-11-21T12:00:00Z'),
      ])
      .returning({ id: tokenUsage.id });
    expect((await sums(user.id)).fromDays).toEqual([
      { day: '2026-11-20', total: 300 },
      { day: '2026-11-21', total: 300 },
    ]);

    await t.db.update(tokenUsage).set({ totalTokens: 150 }).where(eq(tokenUsage.id, rows[0]!.id));
    await t.db
      .update(tokenUsage)
      .set({ createdAt: new Date('2026-11-22T08:00:00Z') })
      .where(eq(tokenUsage.id, rows[2]!.id));
    await t.db.delete(tokenUsage).where(eq(tokenUsage.id, rows[1]!.id));
    const { fromCalls, fromDays } = await sums(user.id);
    expect(fromDays).toEqual(fromCalls);
    expect(fromDays).toEqual([
      { day: '2026-11-20', total: 150 },
      { day: '2026-11-22', total: 300 },
    ]);
    expect((await sums(other.id)).fromDays).toEqual([{ day: '2026-11-21', total: 999 }]);
  });

  it('goes with its user', async () => {
    const { user } = await createSignedInUser(t.db);
    await t.db.insert(tokenUsage).values(call(user.id, 500, '2026-11-21T10:00:00Z'));
    await t.db.delete(users).where(eq(users.id, user.id));
    const left = await t.db
      .select()
      .from(tokenUsageDaily)
      .where(eq(tokenUsageDaily.userId, user.id));
    expect(left).toEqual([]);
  });
});
