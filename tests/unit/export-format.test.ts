import { describe, expect, it } from 'vitest';
import { attachmentDisposition, asciiFileName } from '#server/http/content-disposition.ts';
import {
  displayTitle,
  exportFileName,
  fileNameStamp,
  formatExportDate,
} from '#shared/export/export-file-name.ts';
import {
  escapeHtml,
  escapeMarkdownInline,
  formatExport,
  type ExportDocument,
} from '#shared/export/export-format.ts';

const AT = new Date('2025-07-14T22:30:05.000Z');

const doc: ExportDocument = {
  title: 'Sommer & Sonne',
  exportedAt: AT,
  timeZone: 'Europe/Berlin',
  language: 'de',
  messages: [
    {
      sender: 'User',
      timestamp: new Date('2025-07-14T22:00:00.000Z'),
      content: 'Zeile 1\r\nZeile 2',
      isUserMessage: true,
    },
    {
      sender: 'Persona42',
      timestamp: new Date('2025-07-14T22:00:07.000Z'),
      content: '**Fett** und `Code`',
      isUserMessage: false,
    },
  ],
};

describe('export dates', () => {
  it('formats in the given zone, with summer time', () => {
    expect(formatExportDate(AT, 'UTC')).toBe('2025-07-14 22:30:05');
    expect(formatExportDate(AT, 'Europe/Berlin')).toBe('2025-07-15 00:30:05');
    expect(formatExportDate(new Date('2025-01-14T22:30:05Z'), 'Europe/Berlin')).toBe(
      '2025-01-14 23:30:05',
    );
    expect(fileNameStamp(AT, 'Asia/Seoul')).toBe('20250715_073005');
  });
});

describe('exportFileName (spec 01-core §9)', () => {
  const name = (title: string | null) => exportFileName(title, AT, 'txt', 'UTC');

  it('strips special characters, turns spaces to underscores, appends the stamp', () => {
    expect(name('Mein Plan: Tag 1 (Entwurf)!')).toBe('Mein_Plan_Tag_1_Entwurf_20250714_223005.txt');
  });

  it('keeps letters of every script, umlauts included', () => {
    expect(name('Größe über Maß')).toBe('Größe_über_Maß_20250714_223005.txt');
    expect(name('北京 旅游')).toBe('北京_旅游_20250714_223005.txt');
    expect(name('Здраво Ѓорѓи')).toBe('Здраво_Ѓорѓи_20250714_223005.txt');
    expect(name('안녕 하세요')).toBe('안녕_하세요_20250714_223005.txt');
    expect(name('Përshëndetje')).toBe('Përshëndetje_20250714_223005.txt');
  });

  it('drops emoji, path separators, quotes and a leading dash', () => {
    expect(name('--rm -rf / "x" 🚀 ../etc')).toBe('rm_-rf_x_etc_20250714_223005.txt');
  });

  it('falls back to Neues_Gespräch for an empty or all-special title', () => {
    expect(name(null)).toBe('Neues_Gespräch_20250714_223005.txt');
    expect(name('   ')).toBe('Neues_Gespräch_20250714_223005.txt');
    expect(name('?!*')).toBe('Neues_Gespräch_20250714_223005.txt');
  });

  it('shortens a long title to 80 characters', () => {
    const fileName = name('Ä'.repeat(200));
    expect(fileName).toBe(`${'Ä'.repeat(80)}_20250714_223005.txt`);
  });

  it('uses the format as extension', () => {
    expect(exportFileName('x', AT, 'pdf', 'UTC')).toBe('x_20250714_223005.pdf');
  });

  it('shows an empty title as Neues Gespräch', () => {
    expect(displayTitle('')).toBe('Neues Gespräch');
    expect(displayTitle('  Titel ')).toBe('Titel');
  });
});

describe('formatExport', () => {
  it('writes plain text', () => {
    expect(formatExport(doc, 'txt')).toBe(
      [
        'Sommer & Sonne',
        'Export-Datum: 2025-07-15 00:30:05 (Europe/Berlin)',
        '',
        '[2025-07-15 00:00:00] User:',
        'Zeile 1',
        'Zeile 2',
        '',
        '[2025-07-15 00:00:07] Persona42:',
        '**Fett** und `Code`',
        '',
      ].join('\n'),
    );
  });

  it('writes Markdown with escaped title and names and the content as it is', () => {
    expect(formatExport({ ...doc, title: '# Plan *A*' }, 'md')).toBe(
      [
        '# \\# Plan \\*A\\*',
        '',
        '**Export-Datum:** 2025-07-15 00:30:05 (Europe/Berlin)',
        '',
        '---',
        '',
        '### User · 2025-07-15 00:00:00',
        '',
        'Zeile 1\nZeile 2',
        '',
        '---',
        '',
        '### Persona42 · 2025-07-15 00:00:07',
        '',
        '**Fett** und `Code`',
        '',
      ].join('\n'),
    );
  });

  it('writes JSON with UTC instants', () => {
    expect(JSON.parse(formatExport(doc, 'json'))).toEqual({
      title: 'Sommer & Sonne',
      exportedAt: '2025-07-14T22:30:05.000Z',
      messages: [
        {
          sender: 'User',
          timestamp: '2025-07-14T22:00:00.000Z',
          content: 'Zeile 1\nZeile 2',
          isUserMessage: true,
        },
        {
          sender: 'Persona42',
          timestamp: '2025-07-14T22:00:07.000Z',
          content: '**Fett** und `Code`',
          isUserMessage: false,
        },
      ],
    });
  });

  it('writes HTML with every text escaped, sender names and the language included', () => {
    const html = formatExport(
      {
        ...doc,
        language: 'de"><script>',
        messages: [{ ...doc.messages[1]!, sender: '<i>Bot</i>', content: "<svg onload='x'>" }],
      },
      'html',
    );
    expect(html).toContain('<html lang="de&quot;&gt;&lt;script&gt;">');
    expect(html).toContain('<title>Sommer &amp; Sonne</title>');
    expect(html).toContain('<strong class="sender">&lt;i&gt;Bot&lt;/i&gt;</strong>');
    expect(html).toContain('<div class="content">&lt;svg onload=&#39;x&#39;&gt;</div>');
    expect(html).not.toMatch(/<script|<svg|<i>/);
  });

  it('escapes HTML and Markdown helpers completely', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(escapeMarkdownInline('a_b [c](d) <e>\nf')).toBe('a\\_b \\[c\\](d) \\<e\\> f');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Größe_北京_20250714_223005.txt')).toBe(
      `attachment; filename="Groesse_20250714_223005.txt"; filename*=UTF-8''Gr%C3%B6%C3%9Fe_%E5%8C%97%E4%BA%AC_20250714_223005.txt`,
    );
  });

  it('cannot be broken out of, whatever the name holds', () => {
    const header = attachmentDisposition('a"; filename="evil.exe"\r\nSet-Cookie: x=1\\.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[^\s";]+$/);
  });

  it('spells out German letters and drops other accents in the fallback', () => {
    expect(asciiFileName('Ärger_Çelik_Ѓорѓи.txt')).toBe('Aerger_Celik_.txt');
  });
});
