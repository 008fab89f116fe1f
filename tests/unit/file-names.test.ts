import { describe, expect, it } from 'vitest';
import { downloadName, sanitizeFileName } from '#server/features/files/file-names.ts';
import { contentDisposition } from '#server/http/content-disposition.ts';

/** Decodes the RFC 8187 filename* value back to the name a browser saves. */
function extendedName(header: string) {
  const match = /filename\*=UTF-8''([^;\s]+)/.exec(header);
  return match ? decodeURIComponent(match[1]!) : null;
}

describe('sanitizeFileName', () => {
  it('keeps ordinary names, including non-Latin letters', () => {
    expect(sanitizeFileName('Bericht 2024.pdf')).toBe('Bericht 2024.pdf');
    expect(sanitizeFileName('Übersicht_äöü.png')).toBe('Übersicht_äöü.png');
    expect(sanitizeFileName('报告.pdf')).toBe('报告.pdf');
  });

  it('drops paths, control characters and bidi overrides', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(sanitizeFileName('evil"\r\nSet-Cookie: x.pdf')).toBe('evil"Set-Cookie: x.pdf');
    expect(sanitizeFileName('photo\u202egpj.exe')).toBe('photogpj.exe');
  });

  it('names empty, dot-only and missing names "file"', () => {
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('   ')).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
  });

  it('shortens long names to 200 characters and keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(500)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('downloadName', () => {
  it('adds the detected type’s extension when the name claims another', () => {
    expect(downloadName('photo.html', 'image/png')).toBe('photo.html.png');
    expect(downloadName('scan.PDF', 'application/pdf')).toBe('scan.PDF');
    expect(downloadName('pic.jpeg', 'image/jpeg')).toBe('pic.jpeg');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266)', () => {
    const header = contentDisposition('attachment', 'Übersicht (final) 100%.pdf');
    expect(header).toBe(
      `attachment; filename="Uebersicht_final_100_.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%28final%29%20100%25.pdf`,
    );
    expect(extendedName(header)).toBe('Übersicht (final) 100%.pdf');
  });

  it('cannot be used to inject a header or break out of the quoted name', () => {
    const header = contentDisposition('inline', 'evil"\r\nSet-Cookie: x=1;.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('inline; filename="evil_Set-Cookie_x_1_.png"; ')).toBe(true);
    expect(extendedName(header)).toBe('evil"Set-Cookie: x=1;.png');
  });

  it('falls back to "download" when nothing printable is left', () => {
    expect(contentDisposition('attachment', '\u0000\u0001')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
