import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvents, sendChat, single } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/**
 * A request for someone else's conversation is refused (404) without disturbing the owner
 * (issue 15 item 6): ownership is checked before the generation registry is claimed.
 */
let t: TestContext;
let fake: FakeAi;

beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

async function finishedConversation(marker: string) {
  const owner = await createSignedInUser(t.db);
  const first = await sendChat(t.app, owner.cookie, { message: `Hello ${marker}` });
  expect(first.statusCode).toBe(200);
  return { owner, conversationId: first.json<{ conversationId: string }>().conversationId };
}

describe("a message into another user's conversation", () => {
  it("leaves the owner's replay of the reply that just ended", async () => {
    const { owner, conversationId } = await finishedConversation('[foreign-1]');
    const intruder = await createSignedInUser(t.db);
    const refused = await sendChat(t.app, intruder.cookie, { message: 'Mine?', conversationId });
    expect(refused.statusCode).toBe(404);

    const replay = await api(t.app, {
      method: 'GET',
      url: `/api/chat/stream/${conversationId}`,
      cookie: owner.cookie,
      headers: { accept: 'text/event-stream' },
    });
    expect(replay.statusCode).toBe(200);
    expect(single(parseEvents(replay.body), 'done').message.status).toBe('complete');
  });

  it("does not refuse the owner's own message sent at the same moment", async () => {
    const { owner, conversationId } = await finishedConversation('[foreign-2]');
    const intruder = await createSignedInUser(t.db);
    const [refused, accepted] = await Promise.all([
      sendChat(t.app, intruder.cookie, { message: 'Mine?', conversationId }),
      sendChat(t.app, owner.cookie, { message: 'And again [foreign-2]', conversationId }),
    ]);
    expect(refused.statusCode).toBe(404);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ conversationId, message: { status: 'complete' } });
  });
});
