import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import type {
  AdminConversation,
  OpenedConversation,
} from '#shared/admin/admin-conversation-schemas.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** /api/admin/conversations: find, read with a reason, audited, switchable (issue 12 item 2). */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  alice = await createSignedInUser(t.db);
  bob = await createSignedInUser(t.db);
  const base = Date.now() - 3_600_000;
  const seeds = [
    { owner: alice, title: 'Holiday plans', messages: ['Where to go?', 'Try the coast.'] },
    { owner: bob, title: 'Invoice 100% wrong', messages: ['My invoice', 'Let me see', 'Thanks'] },
    { owner: alice, title: 'Tax questions', messages: [] },
    { owner: bob, title: 'holiday photos', messages: ['Hi'] },
  ];
  for (const [index, seed] of seeds.entries()) {
    const { conversation } = await createConversation(t.db, seed.owner.user.id, {
      title: seed.title,
      messages: seed.messages,
      startAt: new Date(base + index * 60_000),
    });
    ids.push(conversation.conversationId);
  }
});
afterAll(() => t.close());

async function list(query: string, cookie = admin.cookie) {
  return api(t.app, { method: 'GET', url: `/api/admin/conversations?${query}`, cookie });
}
async function listed(query: string) {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AdminConversation[]; nextCursor: string | null }>();
}
const open = (conversationId: string, payload: object, cookie = admin.cookie) =>
  api(t.app, {
    method: 'POST',
    url: `/api/admin/conversations/${conversationId}/open`,
    cookie,
    payload,
  });
const auditRowsOf = (conversationId: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, conversationId));

async function setAccess(on: boolean) {
  const response = await api(t.app, {
    method: 'PATCH',
    url: '/api/admin/settings',
    cookie: admin.cookie,
    payload: { adminConversationAccess: on },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('finding conversations', () => {
  it("lists every user's conversations, most recently updated first, with owner and count", async () => {
    const page = await listed('');
    expect(page.items.map((c) => c.conversationId)).toEqual([...ids].reverse());
    expect(page.items[2]).toMatchObject({
      title: 'Invoice 100% wrong',
      userId: bob.user.id,
      username: bob.user.username,
      messageCount: 3,
    });
    expect(page.items[1]!.messageCount).toBe(0);
  });

  it('filters by owner and by part of the title in any case, wildcards taken literally', async () => {
    expect((await listed(`userId=${alice.user.id}`)).items.map((c) => c.title)).toEqual([
      'Tax questions',
      'Holiday plans',
    ]);
    expect((await listed('q=HOLIDAY')).items.map((c) => c.title)).toEqual([
      'holiday photos',
      'Holiday plans',
    ]);
    expect((await listed(`q=holiday&userId=${bob.user.id}`)).items).toHaveLength(1);
    expect((await listed('q=100%25')).items.map((c) => c.title)).toEqual(['Invoice 100% wrong']);
    expect((await listed('q=_')).items).toEqual([]);
  });

  it('pages by recency with a cursor, both ways', async () => {
    const first = await listed('limit=3');
    const rest = await listed(`limit=3&cursor=${first.nextCursor}`);
    expect(rest.nextCursor).toBeNull();
    expect([...first.items, ...rest.items].map((c) => c.conversationId)).toEqual(
      [...ids].reverse(),
    );
    const oldest = await listed('order=asc&limit=2');
    const next = await listed(`order=asc&limit=2&cursor=${oldest.nextCursor}`);
    expect([...oldest.items, ...next.items].map((c) => c.conversationId)).toEqual(ids);
    expect((await list('cursor=abc')).statusCode).toBe(400);
  });
});

describe('opening a conversation', () => {
  it('needs a reason: without one 400, and nothing is read or recorded', async () => {
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await open(ids[1]!, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { reason: expect.any(Array) },
      });
      expect(response.json()).not.toHaveProperty('messages');
    }
    expect(await auditRowsOf(ids[1]!)).toEqual([]);
  });

  it('answers the messages in order and leaves one audit row with the reason', async () => {
    const response = await open(ids[1]!, { reason: '  Ticket #812: billing complaint  ' });
    expect(response.statusCode, response.body).toBe(200);
    const opened = response.json<OpenedConversation>();
    expect(opened.conversation).toMatchObject({ username: bob.user.username, messageCount: 3 });
    expect(opened.messages.map((m) => [m.content, m.isUserMessage])).toEqual([
      ['My invoice', true],
      ['Let me see', false],
      ['Thanks', true],
    ]);
    expect(opened.truncated).toBe(false);
    const rows = await auditRowsOf(ids[1]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'conversation.open',
      targetType: 'conversation',
      reason: 'Ticket #812: billing complaint',
      after: { ownerId: bob.user.id, messageCount: 3 },
    });
  });

  it('an unknown conversation is 404 and leaves no audit row', async () => {
    const response = await open('no-such-conversation', { reason: 'Checking' });
    expect(response.statusCode).toBe(404);
    expect(await auditRowsOf('no-such-conversation')).toEqual([]);
  });

  it('is refused to a user with 403, whatever the reason', async () => {
    const response = await open(ids[0]!, { reason: 'curious' }, alice.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PERMISSION_ERROR');
    expect((await list('', alice.cookie)).statusCode).toBe(403);
    expect(await auditRowsOf(ids[0]!)).toEqual([]);
  });
});

describe('the setting adminConversationAccess', () => {
  it('off: list and open answer 403 with a clear message, and nothing is read; on again: works', async () => {
    await setAccess(false);
    try {
      const denied = await list('');
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({
        message: 'Administrator access to conversations is switched off in the settings',
        code: 'PERMISSION_ERROR',
        statusCode: 403,
      });
      const refused = await open(ids[2]!, { reason: 'Support ticket' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/switched off/);
      expect(await auditRowsOf(ids[2]!)).toEqual([]);
    } finally {
      await setAccess(true);
    }
    expect((await open(ids[2]!, { reason: 'Support ticket' })).statusCode).toBe(200);
  });
});
