import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/chat.ts';
import { users } from '#server/db/schema/users.ts';
import type { AdminUser } from '#shared/admin/admin-users-schemas.ts';
import { createConversation, createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * What an administrator (or a forged link) can send to the admin lists and the user editor is
 * answered 400 with the field named, never 500, and searches find what they name (decision 340).
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });
/** A cursor as the lists make them: base64url JSON of the last row's sort key. */
const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

describe('admin lists given a forged cursor or a date no database holds', () => {
  it('answer 400 VALIDATION_ERROR instead of failing the query', async () => {
    const beyondInt4 = 2 ** 40;
    const urls = [
      `/api/admin/users?cursor=${cursor({ id: beyondInt4 })}`,
      `/api/admin/users?sort=username&cursor=${cursor({ name: 'a\u0000b', id: 1 })}`,
      `/api/admin/security/logins?cursor=${cursor(beyondInt4)}`,
      `/api/admin/sessions?cursor=${cursor(beyondInt4)}`,
      `/api/admin/predefined-answers?cursor=${cursor(['a keyword', 1])}`,
      `/api/admin/predefined-answers?cursor=${cursor([beyondInt4, 1])}`,
      `/api/admin/predefined-answers?sort=keyword&cursor=${cursor(['a\u0000', 1])}`,
      `/api/admin/conversations?cursor=${cursor(['not a time', 1])}`,
      `/api/admin/conversations?cursor=${cursor(['2026-02-30 10:00:00+00', 1])}`,
      `/api/admin/conversations?cursor=${cursor(['2026-01-01 10:00:00+00', beyondInt4])}`,
      `/api/admin/security/logins?from=${encodeURIComponent('+275760-09-13T00:00:00Z')}`,
      '/api/admin/security/logins?to=-001000-01-01',
      '/api/admin/audit-log?from=-271821-04-20',
    ];
    for (const url of urls) {
      const response = await asAdmin('GET', url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().code, url).toBe('VALIDATION_ERROR');
    }
  });

  it('still page through conversations whose times carry microseconds', async () => {
    const owner = await createUser(t.db);
    const made: string[] = [];
    for (const title of ['micro one', 'micro two', 'micro three']) {
      const { conversation } = await createConversation(t.db, owner.id, { title });
      made.push(conversation.conversationId);
    }
    // Three rows a few microseconds apart: only an exact cursor pages them one by one.
    await t.db
      .update(conversations)
      .set({
        updatedAt: sql`'2026-03-01 09:00:00.000001+00'::timestamptz + (id * interval '1 microsecond')`,
      })
      .where(inArray(conversations.conversationId, made));
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const response = await asAdmin(
        'GET',
        `/api/admin/conversations?userId=${owner.id}&limit=1${next ? `&cursor=${next}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{
        items: { conversationId: string }[];
        nextCursor: string | null;
      }>();
      seen.push(...page.items.map((item) => item.conversationId));
      next = page.nextCursor;
    } while (next);
    expect(seen).toEqual([...made].reverse());
  });
});

describe('PATCH /api/admin/users/:id with an expiry', () => {
  it('past the year 9999 or before the year 1 is 400 and changes nothing', async () => {
    const user = await createUser(t.db, { subscriptionTier: 'expert' });
    // "Never" typed as the last day of 9999 in New York is already the year 10000 in UTC.
    for (const subscriptionExpiry of ['9999-12-31T23:00:00-05:00', '0000-06-01T00:00:00Z']) {
      const response = await asAdmin('PATCH', `/api/admin/users/${user.id}`, {
        subscriptionExpiry,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { subscriptionExpiry: ['Dates must lie between the years 1 and 9999'] },
      });
    }
    const last = await asAdmin('PATCH', `/api/admin/users/${user.id}`, {
      subscriptionExpiry: '9999-12-31T23:59:59Z',
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<AdminUser>().subscriptionExpiry).toBe('9999-12-31T23:59:59.000Z');
  });
});

describe('GET /api/admin/users?q=', () => {
  it('finds a name typed with its capitals, dotted İ included', async () => {
    const tag = `rv${Date.now().toString(36)}`;
    const user = await createUser(t.db, { displayName: `İlker Özdemir ${tag}` });
    await t.db
      .update(users)
      .set({ email: `STRASSE.${tag}@example.com` })
      .where(eq(users.id, user.id));
    for (const q of [`İlker`, `ÖZDEMİR ${tag}`, `özdemir ${tag}`, `strasse.${tag}`]) {
      const response = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json<{ items: AdminUser[] }>().items.map((item) => item.id);
      expect(ids, q).toContain(user.id);
    }
  });
});
