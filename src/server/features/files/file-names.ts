import { FILE_EXTENSIONS, type AcceptedFileType } from '#shared/files/file-types.ts';

const MAX_NAME_LENGTH = 200;
/**
 * Control characters, lone surrogates (not encodable as UTF-8), and bidi overrides that make
 * 'gpj.exe' read as 'exe.jpg'.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The user's file name made safe to store and show: no path, no control or bidi characters,
 * at most 200 characters with the extension kept. Only ever displayed; never a path on disk.
 */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'file';
  const characters = Array.from(clean);
  if (characters.length <= MAX_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return characters.slice(0, MAX_NAME_LENGTH - extension.length).join('') + extension;
}

/**
 * The name a download is saved under: the stored name, with the detected type's extension added
 * when the name claims another (a PNG uploaded as 'x.html' downloads as 'x.html.png').
 */
export function downloadName(name: string, type: string): string {
  const extensions = FILE_EXTENSIONS[type as AcceptedFileType] ?? [];
  const lower = name.toLowerCase();
  if (extensions.length === 0 || extensions.some((extension) => lower.endsWith(extension)))
    return name;
  return `${name}${extensions[0]}`;
}
