import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles, messages } from '#server/db/schema/chat.ts';
import { userFiles } from '#server/db/schema/files.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => api(t.app, { method: 'GET', url, cookie });

describe('GET /api/conversations', () => {
  it('lists only own conversations, most recently active first, as a plain list', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const stranger = await createSignedInUser(t.db);
    await createConversation(t.db, stranger.user.id, { title: 'Not mine' });
    const old = await createConversation(t.db, user.id, {
      title: 'Old',
      startAt: new Date('2024-01-01'),
    });
    const recent = await createConversation(t.db, user.id, {
      title: 'Recent',
      startAt: new Date('2024-06-01'),
    });

    const response = await get('/api/conversations', cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((row: { title: string }) => row.title)).toEqual(['Recent', 'Old']);
    expect(list[0]).toEqual({
      id: recent.conversation.id,
      title: 'Recent',
      timestamp: recent.conversation.timestamp.toISOString(),
      conversationId: recent.conversation.conversationId,
      personaId: null,
      createdAt: recent.conversation.createdAt.toISOString(),
      updatedAt: recent.conversation.updatedAt.toISOString(),
    });
    expect(response.headers['x-next-cursor']).toBeUndefined();
    expect(old.conversation.userId).toBe(user.id);
  });

  it('pages by cursor without skipping or repeating rows', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const same = new Date('2024-03-01T10:00:00.000Z');
    for (let index = 0; index < 7; index++) {
      // Several share one timestamp: the id breaks the tie.
      await createConversation(t.db, user.id, {
        title: `C${index}`,
        startAt: index < 4 ? same : new Date(same.getTime() + index),
      });
    }
    const seen: string[] = [];
    let url = '/api/conversations?limit=3';
    for (let page = 0; page < 5; page++) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().map((row: { title: string }) => row.title));
      const next = response.headers['x-next-cursor'];
      if (!next) break;
      expect(response.headers.link).toContain('rel="next"');
      url = `/api/conversations?limit=3&before=${encodeURIComponent(String(next))}`;
    }
    expect(seen).toEqual(['C6', 'C5', 'C4', 'C3', 'C2', 'C1', 'C0']);
  });

  it('tells the total on the first page only, for "+N more" lines', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    for (let index = 0; index < 5; index++) await createConversation(t.db, user.id);
    const first = await get('/api/conversations?limit=2', cookie);
    expect(first.headers['x-total-count']).toBe('5');
    const next = `/api/conversations?limit=2&before=${encodeURIComponent(String(first.headers['x-next-cursor']))}`;
    expect((await get(next, cookie)).headers['x-total-count']).toBeUndefined();
    expect((await get('/api/conversations', cookie)).headers['x-total-count']).toBe('5');
  });

  it('refuses a forged cursor and a limit above 200', async () => {
    const { cookie } = await createSignedInUser(t.db);
    expect((await get('/api/conversations?before=bogus', cookie)).statusCode).toBe(400);
    expect((await get('/api/conversations?limit=201', cookie)).statusCode).toBe(400);
  });

  it('refuses a cursor naming a time that does not exist with 400, not 500', async () => {
    const { cookie } = await createSignedInUser(t.db);
    for (const raw of ['2020-13-45T99:99Z|1', '2020-02-30T10:00:00Z|1', '0000-01-01T00:00:00Z|1']) {
      const before = Buffer.from(raw).toString('base64url');
      const response = await get(`/api/conversations?before=${before}`, cookie);
      expect(response.statusCode, raw).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('input the database cannot hold', () => {
  // PostgreSQL ids are 32-bit and its text cannot hold U+0000: both must be a 400, not a 500.
  it('refuses ids beyond the id range and NUL characters with 400', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Kept',
      messages: ['Q', 'A'],
    });
    const url = `/api/conversations/${conversation.conversationId}`;
    const calls = [
      { method: 'GET', url: '/api/conversations/a%00b' },
      { method: 'DELETE', url: '/api/conversations/a%00b' },
      { method: 'GET', url: '/api/messages/a%00b' },
      { method: 'GET', url: `/api/messages/${conversation.conversationId}?before=${2 ** 31}` },
      { method: 'PATCH', url, payload: { title: 'Ti\u0000tel' } },
      { method: 'PATCH', url, payload: { personaId: 2 ** 31 } },
    ] as const;
    for (const call of calls) {
      const response = await api(t.app, { cookie, ...call });
      expect(response.statusCode, JSON.stringify(call)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
    expect((await get(url, cookie)).json()).toMatchObject({ title: 'Kept', personaId: null });
  });
});

describe('one conversation', () => {
  it('reads, renames and changes the persona', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { title: 'Before' });
    const url = `/api/conversations/${conversation.conversationId}`;
    expect((await get(url, cookie)).json()).toMatchObject({ title: 'Before', personaId: null });

    const renamed = await api(t.app, {
      method: 'PATCH',
      url,
      cookie,
      payload: { title: '  After  ', personaId: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'After', personaId: 1 });
    const empty = await api(t.app, { method: 'PATCH', url, cookie, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a persona the plan does not include', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id);
    const url = `/api/conversations/${conversation.conversationId}`;
    // Persona 2 is a built-in premium persona; the free plan has only Persona42.
    const response = await api(t.app, { method: 'PATCH', url, cookie, payload: { personaId: 2 } });
    expect(response.statusCode).toBe(403);
  });

  it('deletes with its messages and attachments', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const storageName = randomBytes(16).toString('hex');
    const { conversation, messages: rows } = await createConversation(t.db, user.id, {
      messages: ['Question', 'Answer'],
    });
    const [file] = await t.db
      .insert(userFiles)
      .values({
        userId: user.id,
        filename: storageName,
        originalFilename: 'a.png',
        fileSize: 10,
        fileType: 'image/png',
        storagePath: `files/${storageName}`,
        status: 'ready',
      })
      .returning();
    await t.db.insert(chatFiles).values({
      conversationId: conversation.conversationId,
      fileId: file!.id,
      messageId: rows[0]!.id,
    });
    const listed = await get(`/api/messages/${conversation.conversationId}`, cookie);
    expect(listed.json()[0].attachments).toEqual([
      { id: file!.id, name: 'a.png', type: 'image/png', size: 10 },
    ]);

    const url = `/api/conversations/${conversation.conversationId}`;
    expect((await api(t.app, { method: 'DELETE', url, cookie })).statusCode).toBe(204);
    expect((await get(url, cookie)).statusCode).toBe(404);
    const left = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation.conversationId));
    expect(left).toEqual([]);
    const links = await t.db.select().from(chatFiles).where(eq(chatFiles.fileId, file!.id));
    expect(links).toEqual([]);
    // The file was sent only here: it goes too (tests/server/chat-attachments.test.ts: bytes).
    expect(await t.db.select().from(userFiles).where(eq(userFiles.id, file!.id))).toEqual([]);
    expect((await api(t.app, { method: 'DELETE', url, cookie })).statusCode).toBe(404);
  });
});

describe('GET /api/messages/:id', () => {
  it('lists messages oldest first with status, model and feedback', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      messages: [
        'Q1',
        'A1',
        'Q2',
        { content: 'A2 partial', isUserMessage: false, status: 'stopped' },
      ],
    });
    const response = await get(`/api/messages/${conversation.conversationId}`, cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((m: { content: string }) => m.content)).toEqual([
      'Q1',
      'A1',
      'Q2',
      'A2 partial',
    ]);
    expect(list[3]).toMatchObject({
      isUserMessage: false,
      status: 'stopped',
      conversationId: conversation.conversationId,
      feedback: null,
      attachments: [],
    });
  });

  it('pages a long conversation backwards', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const contents = Array.from({ length: 9 }, (_, index) => `M${index}`);
    const { conversation } = await createConversation(t.db, user.id, { messages: contents });
    const base = `/api/messages/${conversation.conversationId}`;
    const first = await get(`${base}?limit=4`, cookie);
    expect(first.json().map((m: { content: string }) => m.content)).toEqual([
      'M5',
      'M6',
      'M7',
      'M8',
    ]);
    const before = String(first.headers['x-next-cursor']);
    const second = await get(`${base}?limit=4&before=${before}`, cookie);
    expect(second.json().map((m: { content: string }) => m.content)).toEqual([
      'M1',
      'M2',
      'M3',
      'M4',
    ]);
    const third = await get(
      `${base}?limit=4&before=${String(second.headers['x-next-cursor'])}`,
      cookie,
    );
    expect(third.json().map((m: { content: string }) => m.content)).toEqual(['M0']);
    expect(third.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('GET /api/messages/:id?around=<messageId> (a search hit, issue #5)', () => {
  const contents = (response: { json: () => unknown }) =>
    (response.json() as { content: string }[]).map((m) => m.content);

  /** A conversation of `count` messages M0…M<count-1>, in time order. */
  async function longConversation(count: number) {
    const owner = await createSignedInUser(t.db);
    const seeded = await createConversation(t.db, owner.user.id, {
      messages: Array.from({ length: count }, (_, index) => `M${index}`),
    });
    const base = `/api/messages/${seeded.conversation.conversationId}`;
    return { ...owner, ...seeded, base, idOf: (index: number) => seeded.messages[index]!.id };
  }

  it('answers the message with the messages before and after it, oldest first', async () => {
    const { cookie, base, idOf } = await longConversation(20);
    const response = await get(`${base}?limit=5&around=${idOf(10)}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(contents(response)).toEqual(['M8', 'M9', 'M10', 'M11', 'M12']);
    expect(response.headers['x-next-cursor']).toBe(String(idOf(8)));
    expect(response.headers['x-newer-cursor']).toBe(String(idOf(12)));
    expect(response.headers.link).toBe(
      `<${base}?limit=5&before=${idOf(8)}>; rel="next", <${base}?limit=5&after=${idOf(12)}>; rel="prev"`,
    );
  });

  it('pages on from there both ways, without gaps or repeats, to either end', async () => {
    const { cookie, base, idOf } = await longConversation(20);
    let response = await get(`${base}?limit=4&around=${idOf(9)}`, cookie);
    const seen = contents(response);
    let older = response.headers['x-next-cursor'];
    let newer = response.headers['x-newer-cursor'];
    while (older) {
      const page = await get(`${base}?limit=4&before=${String(older)}`, cookie);
      expect(page.headers['x-newer-cursor']).toBeUndefined();
      seen.unshift(...contents(page));
      older = page.headers['x-next-cursor'];
    }
    while (newer) {
      response = await get(`${base}?limit=4&after=${String(newer)}`, cookie);
      expect(response.headers['x-next-cursor']).toBeUndefined();
      seen.push(...contents(response));
      newer = response.headers['x-newer-cursor'];
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => `M${index}`));
    // The last newer page ends at the newest message: the list has reached the live end.
    expect(contents(response).at(-1)).toBe('M19');
  });

  it('fills the page from the other side near either end, with no cursor past an end', async () => {
    const { cookie, base, idOf } = await longConversation(10);
    const atStart = await get(`${base}?limit=4&around=${idOf(0)}`, cookie);
    expect(contents(atStart)).toEqual(['M0', 'M1', 'M2', 'M3']);
    expect(atStart.headers['x-next-cursor']).toBeUndefined();
    expect(atStart.headers['x-newer-cursor']).toBe(String(idOf(3)));

    const atEnd = await get(`${base}?limit=4&around=${idOf(8)}`, cookie);
    expect(contents(atEnd)).toEqual(['M6', 'M7', 'M8', 'M9']);
    expect(atEnd.headers['x-next-cursor']).toBe(String(idOf(6)));
    expect(atEnd.headers['x-newer-cursor']).toBeUndefined();

    const whole = await get(`${base}?around=${idOf(5)}`, cookie);
    expect(contents(whole)).toHaveLength(10);
    expect(whole.headers.link).toBeUndefined();
  });

  it('is a 404 for a message of another conversation or of another user', async () => {
    const { user, cookie, base, idOf } = await longConversation(4);
    const { messages: mine } = await createConversation(t.db, user.id, { messages: ['Other'] });
    const stranger = await createSignedInUser(t.db);
    const { messages: theirs } = await createConversation(t.db, stranger.user.id, {
      messages: ['Secret'],
    });
    for (const id of [mine[0]!.id, theirs[0]!.id, 2 ** 31 - 1]) {
      const response = await get(`${base}?around=${id}`, cookie);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    }
    // Another user's message in their own conversation stays theirs too.
    expect((await get(`${base}?around=${idOf(1)}`, stranger.cookie)).statusCode).toBe(404);
    // Cursors of another conversation are not in this one: the same 404 as a message that never
    // was, which tells nothing of that conversation (nor when its messages were written).
    for (const cursor of [`before=${theirs[0]!.id}`, `after=${mine[0]!.id}`]) {
      const response = await get(`${base}?${cursor}`, cookie);
      expect(response.statusCode, cursor).toBe(404);
      expect(response.json(), cursor).toStrictEqual({
        message: 'Message not found',
        code: 'NOT_FOUND',
        statusCode: 404,
      });
    }
  });

  it('is a 404 for a before or after cursor whose message was deleted, not an empty page', async () => {
    const { cookie, base, idOf } = await longConversation(10);
    // Another tab edits M6: it and everything after it are cut (spec 01-core §4 "Edit").
    const cut = await t.db
      .delete(messages)
      .where(inArray(messages.id, [6, 7, 8, 9].map(idOf)))
      .returning({ id: messages.id });
    expect(cut).toHaveLength(4);
    for (const cursor of [`before=${idOf(6)}`, `after=${idOf(6)}`, `before=${idOf(9)}`]) {
      const response = await get(`${base}?limit=4&${cursor}`, cookie);
      expect(response.statusCode, cursor).toBe(404);
      expect(response.json(), cursor).toStrictEqual({
        message: 'Message not found',
        code: 'NOT_FOUND',
        statusCode: 404,
      });
    }
    // The newest page is the conversation as it is now, and pages back from there as before.
    const newest = await get(`${base}?limit=4`, cookie);
    expect(contents(newest)).toEqual(['M2', 'M3', 'M4', 'M5']);
    const older = await get(
      `${base}?limit=4&before=${String(newest.headers['x-next-cursor'])}`,
      cookie,
    );
    expect(contents(older)).toEqual(['M0', 'M1']);
    // Cursors at either end of what is left are still pages, empty ones included.
    const pastEnd = await get(`${base}?limit=4&after=${idOf(5)}`, cookie);
    expect([pastEnd.statusCode, contents(pastEnd)]).toEqual([200, []]);
    const pastStart = await get(`${base}?limit=4&before=${idOf(0)}`, cookie);
    expect([pastStart.statusCode, contents(pastStart)]).toEqual([200, []]);
    // Another user's conversation stays a 404 of the conversation, whatever the cursor names.
    const stranger = await createSignedInUser(t.db);
    for (const cursor of [`before=${idOf(6)}`, `before=${idOf(2)}`]) {
      const response = await get(`${base}?${cursor}`, stranger.cookie);
      expect(response.statusCode, cursor).toBe(404);
      expect(response.json(), cursor).toMatchObject({ message: 'Conversation not found' });
    }
  });

  it('refuses a bad message id, a bad limit and more than one direction with 400', async () => {
    const { cookie, base, idOf } = await longConversation(4);
    for (const query of [
      'around=abc',
      'around=0',
      'around=-3',
      'around=1.5',
      `around=${2 ** 31}`,
      `around=${idOf(1)}&limit=0`,
      `around=${idOf(1)}&limit=1001`,
      `around=${idOf(1)}&before=${idOf(2)}`,
      `after=${idOf(1)}&before=${idOf(3)}`,
      'after=x',
    ]) {
      const response = await get(`${base}?${query}`, cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
  });
});

describe('PUT /api/messages/:id/feedback', () => {
  it('sets and clears feedback on own assistant replies only', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { messages: rows } = await createConversation(t.db, user.id, { messages: ['Q', 'A'] });
    const put = (id: number, feedback: unknown) =>
      api(t.app, {
        method: 'PUT',
        url: `/api/messages/${id}/feedback`,
        cookie,
        payload: { feedback },
      });
    expect((await put(rows[1]!.id, 'positive')).json()).toEqual({
      id: rows[1]!.id,
      feedback: 'positive',
    });
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, rows[1]!.id));
    expect(stored!.feedback).toBe('positive');
    expect((await put(rows[1]!.id, null)).json()).toEqual({ id: rows[1]!.id, feedback: null });
    expect((await put(rows[0]!.id, 'negative')).statusCode).toBe(400);
    expect((await put(rows[1]!.id, 'great')).statusCode).toBe(400);
  });
});

describe("another user's conversation", () => {
  it('is a 404 on every route', async () => {
    const owner = await createSignedInUser(t.db);
    const { cookie } = await createSignedInUser(t.db);
    const { conversation, messages: rows } = await createConversation(t.db, owner.user.id, {
      messages: ['Secret question', 'Secret answer'],
    });
    const id = conversation.conversationId;
    const calls = [
      { method: 'GET', url: `/api/conversations/${id}` },
      { method: 'PATCH', url: `/api/conversations/${id}`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `/api/conversations/${id}` },
      { method: 'GET', url: `/api/messages/${id}` },
      {
        method: 'PUT',
        url: `/api/messages/${rows[1]!.id}/feedback`,
        payload: { feedback: 'negative' },
      },
      { method: 'POST', url: '/api/chat', payload: { message: 'Hi', conversationId: id } },
      {
        method: 'POST',
        url: '/api/chat/edit',
        payload: { messageId: rows[0]!.id, message: 'Edited' },
      },
      { method: 'POST', url: '/api/chat/regenerate', payload: { messageId: rows[1]!.id } },
      { method: 'POST', url: '/api/chat/regenerate', payload: { conversationId: id } },
      { method: 'POST', url: '/api/chat/stop', payload: { conversationId: id } },
      { method: 'GET', url: `/api/chat/stream/${id}` },
    ] as const;
    for (const call of calls) {
      const response = await api(t.app, { ...call, cookie });
      expect({ call: `${call.method} ${call.url}`, status: response.statusCode }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 404,
      });
    }
    const left = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(left.map((row) => [row.content, row.feedback])).toEqual([
      ['Secret question', null],
      ['Secret answer', null],
    ]);
  });
});
