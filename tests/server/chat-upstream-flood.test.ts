import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPLY_CHARS } from '#server/ai/reply.ts';
import { tokenLimits } from '#server/db/schema/ai.ts';
import { messages } from '#server/db/schema/chat.ts';
import { dataOf, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 16, item 6(a): an upstream that floods (endless chunks, or one line that never ends)
// keeps the idle timer happy, so only a size bound ends it: a clear 502, the user message kept,
// the upstream request closed, and a retry that works. (Stalls and drops: chat-failures.test.ts.)

let t: TestContext;
let fake: FakeAi;
beforeAll(async () => {
  fake = await FakeAi.start();
  fake.when('[flood-chunks]', {
    chunks: ['Start'],
    flood: { kind: 'chunks', text: 'spam '.repeat(200) },
  });
  fake.when('[flood-line]', {
    chunks: ['Start'],
    flood: { kind: 'line', text: 'x'.repeat(64 * 1024) },
  });
  t = await createTestApp(fake.env());
  // The flood's tokens count (they were generated): a daily budget the retry still fits in.
  await t.db.update(tokenLimits).set({ dailyTokens: 10_000_000, monthlyTokens: 100_000_000 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function stored(conversationId: string) {
  const rows = await t.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return rows.map((row) => [row.isUserMessage ? 'user' : 'assistant', row.content]);
}

describe('an upstream that floods', () => {
  it.each([
    ['[flood-chunks]', 'endless chunks'],
    ['[flood-line]', 'a line without end'],
  ])(
    '%s (%s) fails clearly, keeps the user message and can be retried',
    async (marker) => {
      const { cookie } = await createSignedInUser(t.db);
      const started = Date.now();
      const { response, events } = await streamChat(t.app, cookie, { message: `Go ${marker}` });
      expect(response.statusCode).toBe(200);
      expect(single(events, 'error')).toMatchObject({ code: 'API_ERROR', statusCode: 502 });
      expect(dataOf(events, 'done')).toEqual([]);
      const sent = dataOf(events, 'delta').reduce((sum, delta) => sum + delta.text.length, 0);
      expect(sent).toBeLessThanOrEqual(MAX_REPLY_CHARS);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The upstream request was closed, not left streaming into the void.
      const request = fake.requestWith(`Go ${marker}`)!;
      await request.finished;
      expect(request.closedByClient).toBe(true);

      const { conversationId } = single(events, 'start');
      expect(await stored(conversationId)).toEqual([['user', `Go ${marker}`]]);
      fake.when(`Go ${marker}`, { chunks: ['Calm now.'] });
      const retry = await api(t.app, {
        method: 'POST',
        url: '/api/chat/regenerate',
        cookie,
        payload: { conversationId },
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(await stored(conversationId)).toEqual([
        ['user', `Go ${marker}`],
        ['assistant', 'Calm now.'],
      ]);
    },
    30_000,
  );
});
