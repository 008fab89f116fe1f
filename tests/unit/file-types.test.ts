import { describe, expect, it } from 'vitest';
import { detectFileType, SIGNATURE_BYTES } from '#shared/files/file-types.ts';
import { buildPdf } from '#tests/support/pdf-builder.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';

const head = (bytes: Uint8Array) => bytes.subarray(0, SIGNATURE_BYTES);

describe('detectFileType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('recognises %s by its first bytes', (sample, type) => {
    expect(detectFileType(head(SAMPLE_FILES[sample]))).toBe(type);
  });

  it('recognises a PDF by its header', () => {
    expect(detectFileType(head(buildPdf({ pages: ['Hallo'] })))).toBe('application/pdf');
  });

  it.each(['html', 'svg', 'exe', 'text'] as const)('refuses %s', (sample) => {
    expect(detectFileType(head(SAMPLE_FILES[sample]))).toBeNull();
  });

  it('refuses empty and truncated signatures', () => {
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(SAMPLE_FILES.png.subarray(0, 7))).toBeNull();
    expect(detectFileType(Buffer.from('GIF88a'))).toBeNull();
  });

  it('needs WEBP after RIFF: other RIFF files (WAV, AVI) are refused', () => {
    expect(detectFileType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('RIFF\x24\x00\x00\x00AVI LIST', 'latin1'))).toBeNull();
  });

  it('does not look for a PDF header after leading bytes', () => {
    expect(detectFileType(Buffer.from('<html>%PDF-1.7'))).toBeNull();
  });
});
