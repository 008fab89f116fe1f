/** Control characters, lone surrogates and bidi controls: never part of a header value. */
const UNSAFE = /[\p{Cc}\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const GERMAN_LETTERS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
};

/**
 * The ASCII stand-in for clients that ignore `filename*`: German letters spelled out
 * (ä → ae), other accents dropped (ë → e), anything else non-ASCII or special as '_'.
 */
export function asciiFileName(name: string): string {
  const ascii = name
    .replace(/[äöüÄÖÜß]/g, (char) => GERMAN_LETTERS[char]!)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_.]+/, '');
  return ascii || 'download';
}

/** RFC 8187 ext-value: UTF-8, percent-encoded, only attr-chars left as they are. */
function encodeExtValue(value: string) {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `<kind>; filename="ascii"; filename*=UTF-8''exact` (RFC 6266 §4.3). The fallback holds
 * only [A-Za-z0-9._-] and the exact name is percent-encoded, so neither can close the quoted
 * string or carry CR/LF into another header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const safe = fileName.replace(UNSAFE, '') || 'download';
  return `${kind}; filename="${asciiFileName(safe)}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}

export const attachmentDisposition = (fileName: string) =>
  contentDisposition('attachment', fileName);
