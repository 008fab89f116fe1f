import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** The administrator's predefined answers (issue 12 "predefined-answers", spec 02 §3). */
let t: TestContext;
let fake: FakeAi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  fake = await FakeAi.start();
  t = await createTestApp(fake.env());
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

async function create(payload: object) {
  const response = await call('POST', '/api/admin/predefined-answers', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; keyword: string }>();
}

async function auditActions(targetId: number) {
  const response = await call(
    'GET',
    `/api/admin/audit-log?targetType=predefined_answer&targetId=${targetId}&order=asc`,
  );
  return response.json<{ items: { action: string; before: unknown; after: unknown }[] }>().items;
}

describe('predefined answers in the admin area', () => {
  it('are created, answered by the chat at once, edited, and deleted, each change audited', async () => {
    const entry = await create({
      keyword: 'Lieferzeit',
      answer: 'Delivery takes two days.',
      translations: { de: 'Die Lieferung dauert zwei Tage.', ko: '' },
      category: 'shop',
      tags: ['delivery'],
    });
    const user = await createSignedInUser(t.db);
    const asked = await sendChat(t.app, user.cookie, { message: 'Wie ist die lieferzeit?' });
    // A new user reads German (spec 01-core §1): the German answer.
    expect(asked.json().message).toMatchObject({
      content: 'Die Lieferung dauert zwei Tage.',
      model: 'predefined',
    });

    const edited = await call('PATCH', `/api/admin/predefined-answers/${entry.id}`, {
      exactMatch: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      exactMatch: true,
      translations: { de: 'Die Lieferung dauert zwei Tage.', ko: null },
      tags: ['delivery'],
    });
    const before = fake.requests.length;
    await sendChat(t.app, user.cookie, { message: 'Wie ist die lieferzeit?' });
    expect(fake.requests.length).toBe(before + 1);

    expect((await call('DELETE', `/api/admin/predefined-answers/${entry.id}`)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/api/admin/predefined-answers/${entry.id}`)).statusCode).toBe(
      404,
    );
    const actions = await auditActions(entry.id);
    expect(actions.map((row) => row.action)).toEqual([
      'predefined_answer.create',
      'predefined_answer.update',
      'predefined_answer.delete',
    ]);
    expect(actions[1]).toMatchObject({
      before: { exactMatch: false },
      after: { exactMatch: true },
    });
  });

  it('refuse a duplicate keyword with 409, writing nothing', async () => {
    const first = await create({ keyword: 'dup-keyword', answer: 'One.' });
    const second = await call('POST', '/api/admin/predefined-answers', {
      keyword: 'dup-keyword',
      answer: 'Two.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A predefined answer with this keyword already exists',
    });
    const other = await create({ keyword: 'dup-other', answer: 'Other.' });
    const renamed = await call('PATCH', `/api/admin/predefined-answers/${other.id}`, {
      keyword: 'dup-keyword',
    });
    expect(renamed.statusCode).toBe(409);
    const list = await call('GET', '/api/admin/predefined-answers?q=dup-&sort=keyword&order=asc');
    expect(list.json().items.map((row: { keyword: string }) => row.keyword)).toEqual([
      'dup-keyword',
      'dup-other',
    ]);
    expect((await auditActions(first.id)).map((row) => row.action)).toEqual([
      'predefined_answer.create',
    ]);
  });

  it('list a page at a time by priority, filtered by category and state', async () => {
    for (let i = 0; i < 5; i++) {
      await create({ keyword: `paged-${i}`, answer: `A${i}`, priority: i, category: 'paged' });
    }
    await create({ keyword: 'paged-off', answer: 'off', category: 'paged', isActive: false });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(
        'GET',
        `/api/admin/predefined-answers?category=paged&active=true&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ items: { keyword: string }[]; nextCursor: string | null }>();
      seen.push(...page.items.map((row) => row.keyword));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['paged-4', 'paged-3', 'paged-2', 'paged-1', 'paged-0']);
  });

  it('answer "try a message" with the chat’s own matcher, in the language asked', async () => {
    await create({
      keyword: 'Öffnungszeiten',
      answer: 'We are open 9 to 5.',
      translations: { de: 'Wir haben von 9 bis 17 Uhr geöffnet.' },
      priority: 50,
    });
    await create({ keyword: 'CASE-ONLY', answer: 'Exact case.', caseSensitive: true });
    const tryIt = async (message: string, language = 'de') =>
      (await call('POST', '/api/admin/predefined-answers/try', { message, language })).json().match;
    expect(await tryIt('Wann sind eure öffnungszeiten?')).toMatchObject({
      keyword: 'Öffnungszeiten',
      answer: 'Wir haben von 9 bis 17 Uhr geöffnet.',
    });
    expect(await tryIt('öffnungszeiten', 'sq')).toMatchObject({ answer: 'We are open 9 to 5.' });
    expect(await tryIt('case-only')).toBeNull();
    expect(await tryIt('CASE-ONLY')).toMatchObject({ answer: 'Exact case.' });
  });

  it('refuse an empty keyword or answer with the field named', async () => {
    const response = await call('POST', '/api/admin/predefined-answers', {
      keyword: ' ',
      answer: '',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details)).toEqual(
      expect.arrayContaining(['keyword', 'answer']),
    );
  });
});
