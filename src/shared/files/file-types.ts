/**
 * Attachment types recognised by their first bytes, never by file name or declared type
 * (spec 01-core §5: images and PDFs only). Pure, so the client can pre-check a picked file too.
 */
export const ACCEPTED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];

/** How many leading bytes detectFileType needs to decide (WebP: 'RIFF' size 'WEBP'). */
export const SIGNATURE_BYTES = 12;

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0) {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, i) => head[offset + i] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/**
 * The type the bytes say, or null for anything else (HTML, SVG, scripts, executables, text).
 * A PDF must begin with its header: files with leading junk are refused rather than guessed at.
 */
export function detectFileType(head: Uint8Array): AcceptedFileType | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87A) || startsWith(head, GIF89A)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}

export function isImageType(type: string): boolean {
  return type.startsWith('image/');
}

/** The usual extension of each accepted type (download names). */
export const FILE_EXTENSIONS: Record<AcceptedFileType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'application/pdf': ['.pdf'],
};
