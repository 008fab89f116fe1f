import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '#shared/search/search-schemas.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(cookie: string, q: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ q, ...extra }).toString();
  return api(t.app, { method: 'GET', url: `/api/search?${query}`, cookie });
}

async function hits(cookie: string, q: string): Promise<SearchHit[]> {
  const response = await search(cookie, q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>().results;
}

/** The highlighted stretches, as the client would cut them out of the snippet text. */
const highlighted = (hit: SearchHit) =>
  hit.snippet.highlights.map(({ start, end }) => hit.snippet.text.slice(start, end));

/** A user whose only conversation holds the given messages. */
async function userWith(messages: string[], title: string | null = null) {
  const { user, cookie } = await createSignedInUser(t.db);
  const { conversation, messages: rows } = await createConversation(t.db, user.id, {
    title,
    messages,
  });
  return { user, cookie, conversation, rows };
}

describe('GET /api/search validation', () => {
  it('refuses a missing, empty or whitespace-only query with 400 VALIDATION_ERROR', async () => {
    const { cookie } = await createSignedInUser(t.db);
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20%09']) {
      const response = await api(t.app, { method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
  });

  it('refuses a limit out of range and a forged cursor', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const cases: Record<string, string>[] = [
      { limit: '0' },
      { limit: '51' },
      { limit: 'ten' },
      { cursor: 'bm9wZQ' },
    ];
    for (const extra of cases) {
      const response = await search(cookie, 'hallo', extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a NUL character, which no stored text can hold, with 400', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await search(cookie, 'hal\u0000lo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
  });

  it('needs a signed-in user', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/search?q=hallo' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/search matching across languages', () => {
  it('finds part of a German compound word and highlights that part', async () => {
    const { cookie, rows } = await userWith([
      'Ich brauche eine neue Krankenversicherung für nächstes Jahr.',
      'Das Wetter ist schön.',
    ]);
    const [hit, ...rest] = await hits(cookie, 'versicherung');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ kind: 'message', messageId: rows[0]!.id, isUserMessage: true });
    expect(highlighted(hit!)).toEqual(['versicherung']);
  });

  it('finds a word by its beginning (partial word)', async () => {
    const { cookie, rows } = await userWith(['Hilf mir bei der Urlaubsplanung für Italien']);
    const found = await hits(cookie, 'Urlaubspl');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect(highlighted(found[0]!)).toEqual(['Urlaubspl']);
  });

  it('matches umlauts and Cyrillic case-insensitively', async () => {
    const { cookie, rows } = await userWith([
      'Über den Wolken muss die Freiheit wohl grenzenlos sein',
      'Здраво, како си? Денес е убав ден во Скопје.',
    ]);
    const umlaut = await hits(cookie, 'über');
    expect(umlaut.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect(highlighted(umlaut[0]!)).toEqual(['Über']);

    const cyrillic = await hits(cookie, 'ЗДРАВО');
    expect(cyrillic.map((hit) => hit.messageId)).toEqual([rows[1]!.id]);
    expect(highlighted(cyrillic[0]!)).toEqual(['Здраво']);

    const partialCyrillic = await hits(cookie, 'скоп');
    expect(partialCyrillic.map((hit) => hit.messageId)).toEqual([rows[1]!.id]);
  });

  it('finds ß and ss as the same letter, in either direction and in capitals', async () => {
    const { cookie, rows } = await userWith([
      'Wir wohnen in der Hauptstrasse 5 in Zürich.',
      'Die Schlossstraße ist gesperrt.',
      'Welche GRÖSSE hat das Paket?',
      'Das Wetter ist schön.',
    ]);
    const ids = async (q: string) => (await hits(cookie, q)).map((hit) => hit.messageId).sort();
    const streets = [rows[0]!.id, rows[1]!.id].sort();
    expect(await ids('Straße')).toEqual(streets);
    expect(await ids('strasse')).toEqual(streets);
    expect(await ids('STRASSE')).toEqual(streets);
    expect(await ids('Größe')).toEqual([rows[2]!.id]);

    const [hit] = await hits(cookie, 'Schlossstrasse');
    expect(highlighted(hit!)).toEqual(['Schlossstraße']);
  });

  it('finds Chinese words inside text without spaces', async () => {
    const { cookie, rows } = await userWith(['我们明天去北京旅游，你想一起去吗？', '今天天气很好']);
    const found = await hits(cookie, '北京');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect(highlighted(found[0]!)).toEqual(['北京']);
    // A single character is a word in Chinese.
    const single = await hits(cookie, '天');
    expect(single.map((hit) => hit.messageId).sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
  });

  it('finds Korean words and word stems followed by particles', async () => {
    const { cookie, rows } = await userWith([
      '안녕하세요, 저는 서울에 살아요.',
      '부산은 바다가 아름답습니다.',
    ]);
    const found = await hits(cookie, '서울');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect(highlighted(found[0]!)).toEqual(['서울']);
  });

  it('finds Albanian text with its special letters', async () => {
    const { cookie, rows } = await userWith(['Përshëndetje! Si jeni sot në Tiranë?']);
    expect((await hits(cookie, 'tiranë')).map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
  });

  it('finds messages holding all words of a multi-word query, in any order', async () => {
    const { cookie, rows } = await userWith([
      'Italien im Sommer: wir planen den Urlaub',
      'Urlaub in Spanien',
    ]);
    const found = await hits(cookie, 'urlaub italien');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect(
      highlighted(found[0]!)
        .map((text) => text.toLowerCase())
        .sort(),
    ).toEqual(['italien', 'urlaub']);
  });

  it('tolerates a small typo', async () => {
    const { cookie, rows } = await userWith(['Meine Krankenversicherung zahlt das nicht.']);
    const found = await hits(cookie, 'Krankenversicherumg');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
  });

  it('ranks a whole-word match above a part-of-word match, and finds no unrelated text', async () => {
    const { cookie, rows } = await userWith([
      'Das Katzenfutter ist alle.',
      'Meine Katze schläft.',
      'Der Hund bellt.',
    ]);
    const found = await hits(cookie, 'katze');
    expect(found.map((hit) => hit.messageId)).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
  });
});

describe('GET /api/search results', () => {
  it('carries conversation, message, sender and time', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const startAt = new Date('2025-03-01T10:00:00.000Z');
    const { conversation, messages } = await createConversation(t.db, user.id, {
      title: 'Rezepte',
      startAt,
      messages: ['Wie koche ich Spätzle?', 'Spätzle macht man aus Mehl, Eiern und Wasser.'],
    });
    const found = await hits(cookie, 'spätzle');
    expect(found).toHaveLength(2);
    const byId = new Map(found.map((hit) => [hit.messageId, hit]));
    expect(byId.get(messages[0]!.id)).toMatchObject({
      kind: 'message',
      conversationId: conversation.conversationId,
      conversationTitle: 'Rezepte',
      isUserMessage: true,
      timestamp: '2025-03-01T10:00:00.000Z',
    });
    expect(byId.get(messages[1]!.id)).toMatchObject({
      isUserMessage: false,
      timestamp: '2025-03-01T10:00:01.000Z',
    });
  });

  it('finds conversation titles, and returns an empty title as stored', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const titled = await createConversation(t.db, user.id, {
      title: 'Reiseplanung Japan',
      messages: ['Welche Städte soll ich besuchen?'],
    });
    const untitled = await createConversation(t.db, user.id, {
      title: null,
      messages: ['Japan im Herbst ist wunderschön'],
    });
    const found = await hits(cookie, 'japan');
    expect(found).toHaveLength(2);
    // The title names the whole conversation, so it ranks first.
    expect(found[0]).toMatchObject({
      kind: 'conversation',
      conversationId: titled.conversation.conversationId,
      conversationTitle: 'Reiseplanung Japan',
      messageId: null,
      isUserMessage: null,
    });
    expect(highlighted(found[0]!)).toEqual(['Japan']);
    expect(found[1]).toMatchObject({
      kind: 'message',
      conversationId: untitled.conversation.conversationId,
      conversationTitle: null,
    });
  });

  it("never returns another user's messages or titles", async () => {
    const mine = await userWith(['Geheimwort Zitronenbaum, meins'], 'Zitronenbaum mein Titel');
    const theirs = await userWith(['Geheimwort Zitronenbaum, fremd'], 'Zitronenbaum fremder Titel');
    const found = await hits(mine.cookie, 'zitronenbaum');
    expect(found.map((hit) => hit.conversationId)).toEqual([
      mine.conversation.conversationId,
      mine.conversation.conversationId,
    ]);
    expect(found.some((hit) => hit.conversationId === theirs.conversation.conversationId)).toBe(
      false,
    );
  });

  it('takes % _ and \\ in the query literally', async () => {
    const { cookie, rows } = await userWith([
      'Das ist 100% sicher',
      'Das ist hundert Prozent sicher',
      'Die Variable heißt user_id',
      'Die Variable heißt userXid',
      'Pfad foo\\bar',
      'Pfad foobar',
    ]);
    expect((await hits(cookie, '%')).map((hit) => hit.messageId)).toEqual([rows[0]!.id]);
    expect((await hits(cookie, 'user_id')).map((hit) => hit.messageId)).toEqual([rows[2]!.id]);
    // Unescaped, `\b` would read as a plain b and also match 'foobar'.
    expect((await hits(cookie, 'o\\b')).map((hit) => hit.messageId)).toEqual([rows[4]!.id]);
  });

  it('returns snippets as plain text with ranges, never as markup', async () => {
    const { cookie } = await userWith([
      'Vorsicht <script>alert("x")</script> und <b>fett</b> im Markerwort-Text',
    ]);
    const [hit] = await hits(cookie, 'markerwort');
    expect(hit!.snippet.text).toBe(
      'Vorsicht <script>alert("x")</script> und <b>fett</b> im Markerwort-Text',
    );
    expect(highlighted(hit!)).toEqual(['Markerwort']);
  });

  it('cuts a window around the match out of a long message', async () => {
    const long = `${'Anfang des Textes. '.repeat(40)}Hier steht das Zielwort mitten drin. ${'Ende des Textes. '.repeat(40)}`;
    const { cookie } = await userWith([long]);
    const [hit] = await hits(cookie, 'zielwort');
    expect(hit!.snippet.text.length).toBeLessThanOrEqual(162);
    expect(hit!.snippet.text.startsWith('…')).toBe(true);
    expect(hit!.snippet.text.endsWith('…')).toBe(true);
    expect(highlighted(hit!)).toEqual(['Zielwort']);
  });

  it('pages through results with a cursor, without repeats', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await createConversation(t.db, user.id, {
      messages: Array.from({ length: 25 }, (_, i) => `Seitenprobe Nummer ${i}`),
    });
    const seen: (number | null)[] = [];
    let cursor: string | null = null;
    const pageSizes: number[] = [];
    do {
      const extra: Record<string, string> = { limit: '10', ...(cursor ? { cursor } : {}) };
      const response = await search(cookie, 'seitenprobe', extra);
      expect(response.statusCode).toBe(200);
      const body = response.json<SearchResult>();
      pageSizes.push(body.results.length);
      seen.push(...body.results.map((hit) => hit.messageId));
      cursor = body.nextCursor;
    } while (cursor);
    expect(pageSizes).toEqual([10, 10, 5]);
    expect(new Set(seen).size).toBe(25);
  });

  it('leaves out messages with an excluded word, and reads OR as an alternative', async () => {
    const { cookie, rows } = await userWith([
      'Urlaub in Spanien',
      'Urlaub in Italien',
      'Wandern in den Alpen',
    ]);
    expect((await hits(cookie, 'urlaub -spanien')).map((hit) => hit.messageId)).toEqual([
      rows[1]!.id,
    ]);
    const either = await hits(cookie, 'spanien or alpen');
    expect(either.map((hit) => hit.messageId).sort()).toEqual([rows[0]!.id, rows[2]!.id].sort());
  });

  it('finds nothing for a query of exclusions only', async () => {
    const { cookie } = await userWith(['Alles außer Tomaten']);
    expect(await hits(cookie, '-gurken')).toEqual([]);
  });
});
