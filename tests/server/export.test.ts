import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '#server/db/schema/personas.ts';
import { settings } from '#server/db/schema/settings.ts';
import { fileNameStamp } from '#shared/export/export-file-name.ts';
import { ExportJsonSchema } from '#shared/export/export-schemas.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const START = new Date('2025-03-01T10:00:00.000Z');

async function exportAs(cookie: string, conversationId: string, query: string) {
  return api(t.app, {
    method: 'GET',
    url: `/api/conversations/${encodeURIComponent(conversationId)}/export?${query}`,
    cookie,
  });
}

/** The exact (UTF-8) file name of a Content-Disposition header. */
function exactFileName(disposition: string) {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return match ? decodeURIComponent(match[1]!) : null;
}

function asciiFileName(disposition: string) {
  return /filename="([^"]*)"/.exec(disposition)?.[1] ?? null;
}

async function builtinPersonaId(key: string) {
  const [row] = await t.db
    .select({ id: personas.id })
    .from(personas)
    .where(eq(personas.builtinKey, key));
  return row!.id;
}

async function setLanguage(userId: number, language: string) {
  await t.db.insert(settings).values({ userId, language });
}

describe('GET /api/conversations/:conversationId/export', () => {
  it('exports text with title, export date, senders, times and contents', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Reise nach Köln',
      personaId: await builtinPersonaId('code-expert'),
      startAt: START,
      messages: ['Was soll ich in Köln ansehen?', 'Den Dom und das Museum Ludwig.'],
    });
    const response = await exportAs(
      cookie,
      conversation.conversationId,
      'format=txt&tz=Europe/Berlin',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(
      /^Reise nach Köln\nExport-Datum: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Europe\/Berlin\)\n/,
    );
    // 10:00 UTC is 11:00 in Berlin in March; the default language is German.
    expect(response.body).toContain(
      '[2025-03-01 11:00:00] User:\nWas soll ich in Köln ansehen?\n\n' +
        '[2025-03-01 11:00:01] Code-Experte:\nDen Dom und das Museum Ludwig.\n',
    );
  });

  it('names the file after the title and the export time, with an ASCII fallback', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Größe & Übermaß: Plan?',
      messages: ['Hallo'],
    });
    const before = fileNameStamp(new Date(), 'Europe/Berlin');
    const response = await exportAs(
      cookie,
      conversation.conversationId,
      'format=md&tz=Europe/Berlin',
    );
    const after = fileNameStamp(new Date(), 'Europe/Berlin');
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition.startsWith('attachment; ')).toBe(true);
    const exact = exactFileName(disposition)!;
    expect(exact).toMatch(/^Größe_Übermaß_Plan_\d{8}_\d{6}\.md$/);
    expect([before, after]).toContain(exact.slice('Größe_Übermaß_Plan_'.length, -'.md'.length));
    expect(asciiFileName(disposition)).toBe(exact.replace('Größe_Übermaß', 'Groesse_Uebermass'));
  });

  it('falls back to Neues Gespräch for an untitled conversation', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { messages: ['Hallo'] });
    const response = await exportAs(cookie, conversation.conversationId, 'format=txt');
    expect(response.body.startsWith('Neues Gespräch\nExport-Datum: ')).toBe(true);
    expect(response.body).toContain('(UTC)');
    expect(exactFileName(response.headers['content-disposition'] as string)).toMatch(
      /^Neues_Gespräch_\d{8}_\d{6}\.txt$/,
    );
  });

  it('keeps header injection out of Content-Disposition', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Böse"\r\nSet-Cookie: stolen=1; x="\\',
      messages: ['Hallo'],
    });
    const response = await exportAs(cookie, conversation.conversationId, 'format=txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(asciiFileName(disposition)).toMatch(/^Boese_Set-Cookie_stolen1_x_\d{8}_\d{6}\.txt$/);
    expect(exactFileName(disposition)).toMatch(/^Böse_Set-Cookie_stolen1_x_\d{8}_\d{6}\.txt$/);
  });

  it('exports Markdown', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Notizen *wichtig*',
      startAt: START,
      messages: ['Liste bitte', '- eins\n- zwei'],
    });
    const response = await exportAs(cookie, conversation.conversationId, 'format=md');
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const body = response.body;
    expect(body.startsWith('# Notizen \\*wichtig\\*\n\n**Export-Datum:** ')).toBe(true);
    expect(body).toContain('### User · 2025-03-01 10:00:00\n\nListe bitte');
    expect(body).toContain('### Persona42 · 2025-03-01 10:00:01\n\n- eins\n- zwei\n');
  });

  it('exports JSON with sender, time, content and role per message', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await setLanguage(user.id, 'zh');
    const { conversation } = await createConversation(t.db, user.id, {
      title: '旅行计划',
      personaId: await builtinPersonaId('code-expert'),
      startAt: START,
      messages: ['你好', '你好！有什么可以帮你？'],
    });
    const response = await exportAs(cookie, conversation.conversationId, 'format=json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = ExportJsonSchema.parse(response.json());
    expect(body.title).toBe('旅行计划');
    expect(Number.isNaN(Date.parse(body.exportedAt))).toBe(false);
    expect(body.messages).toEqual([
      {
        sender: 'User',
        timestamp: '2025-03-01T10:00:00.000Z',
        content: '你好',
        isUserMessage: true,
      },
      {
        sender: '编程专家',
        timestamp: '2025-03-01T10:00:01.000Z',
        content: '你好！有什么可以帮你？',
        isUserMessage: false,
      },
    ]);
    expect(exactFileName(response.headers['content-disposition'] as string)).toMatch(
      /^旅行计划_\d{8}_\d{6}\.json$/,
    );
  });

  it('exports a standalone HTML page in which a script in a message stays text', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: '<script>alert("title")</script>',
      messages: [
        '<script>alert("xss")</script><img src=x onerror="alert(1)">',
        'Antwort mit "Anführungszeichen" & <b>Tags</b>',
      ],
    });
    const response = await exportAs(cookie, conversation.conversationId, 'format=html');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('</html>');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("default-src 'none'");
    // No tag from user text survives: only escaped text, which a browser shows and never runs.
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;</title>');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
    expect(html).toContain(
      'Antwort mit &quot;Anführungszeichen&quot; &amp; &lt;b&gt;Tags&lt;/b&gt;',
    );
    expect(html).toContain('Export-Datum');
  });

  // The timeout: a cold worker thread compiles, loads fonts and subsets CJK glyphs, which takes
  // seconds on a busy machine.
  it('exports a PDF whose text reads back in German, Chinese, Korean, Macedonian and Albanian', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, {
      title: 'Mehrsprachiger Verlauf',
      startAt: START,
      messages: [
        'Grüße aus Köln, schöne Straße',
        '我们明天去北京旅游',
        '안녕하세요, 서울에 살아요',
        'Здраво, како си? Ѓорѓи, Љубљана',
        'Përshëndetje nga Tirana, çfarë bëni?',
        `Link https://example.com/${'a1b2c3d4e5'.repeat(60)}END`,
      ],
    });
    const response = await exportAs(
      cookie,
      conversation.conversationId,
      'format=pdf&tz=Europe/Berlin',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(exactFileName(response.headers['content-disposition'] as string)).toMatch(
      /^Mehrsprachiger_Verlauf_\d{8}_\d{6}\.pdf$/,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    // A token wider than a line is wrapped, never cut.
    expect(text.replace(/\s+/g, '')).toContain(`https://example.com/${'a1b2c3d4e5'.repeat(60)}END`);
    for (const expected of [
      'Mehrsprachiger Verlauf',
      'Export-Datum: ',
      'User 2025-03-01 11:00:00',
      'Persona42 2025-03-01 11:00:01',
      'Grüße aus Köln, schöne Straße',
      '我们明天去北京旅游',
      '안녕하세요, 서울에 살아요',
      'Здраво, како си? Ѓорѓи, Љубљана',
      'Përshëndetje nga Tirana, çfarë bëni?',
    ]) {
      expect(flat).toContain(expected);
    }
  }, 120_000);

  it('refuses an empty conversation with 400 "No messages to export"', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { title: 'Leer' });
    const response = await exportAs(cookie, conversation.conversationId, 'format=txt');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'No messages to export',
    });
  });

  it("answers 404 for another user's and for an unknown conversation", async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, owner.user.id, {
      messages: ['Privat'],
    });
    for (const format of ['txt', 'pdf']) {
      const foreign = await exportAs(other.cookie, conversation.conversationId, `format=${format}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('NOT_FOUND');
      expect(foreign.body).not.toContain('Privat');
    }
    const unknown = await exportAs(owner.cookie, 'does-not-exist', 'format=txt');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an unknown format or time zone with 400', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { messages: ['Hallo'] });
    for (const query of ['format=docx', 'format=txt&tz=Mars/Olympus']) {
      const response = await exportAs(cookie, conversation.conversationId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a conversation id with a NUL character with 400, not 500', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await exportAs(cookie, 'a\u0000b', 'format=txt');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('needs a signed-in user', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/conversations/abc/export' });
    expect(response.statusCode).toBe(401);
  });
});
