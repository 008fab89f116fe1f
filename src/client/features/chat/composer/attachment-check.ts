import { uploadLimitFor } from '#shared/files/file-limits.ts';
import { detectFileType, SIGNATURE_BYTES } from '#shared/files/file-types.ts';

/** What the picker offers (spec 01-core §5: images and PDFs); the content check decides. */
export const ACCEPT_ATTRIBUTE = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

export type AttachmentProblem =
  | { kind: 'type' }
  /** maxMb: the plan's limit (10, or 50 for Ultimate). */
  | { kind: 'size'; maxMb: number };

const MB = 1024 * 1024;

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
}

/**
 * The checks before an upload (spec 01-core §5): the type by the file's first bytes, as the
 * server does (a renamed .exe is refused, a PNG without extension accepted), then the size
 * limit of the user's plan. Null when the file may be uploaded.
 */
export async function checkAttachment(file: File, tier: string): Promise<AttachmentProblem | null> {
  if (detectFileType(await readHead(file)) === null) return { kind: 'type' };
  const { maxBytes } = uploadLimitFor(tier);
  if (file.size > maxBytes) return { kind: 'size', maxMb: maxBytes / MB };
  return null;
}

/** The limit a 413 answer names ('… Maximum 50MB allowed.'), else the client's own. */
export function limitFromMessage(message: string, fallbackMb: number): number {
  const match = /(\d+)\s*MB/i.exec(message);
  return match ? Number(match[1]) : fallbackMb;
}

/** A size for people: '840 KB', '12,4 MB' (decimal comma per language). */
export function formatFileSize(bytes: number, language: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < MB) return `${format(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${format(bytes / MB, 1)} MB`;
}
