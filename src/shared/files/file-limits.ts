import { isTierAtLeast } from '#shared/plans/tiers.ts';

// Kept apart from file-schemas.ts so the browser checks files without loading zod.

/** Upload limits and texts (spec 01-core §5, §9; 02 §5, §9: Ultimate document analysis up to 50MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES_ULTIMATE = 50 * 1024 * 1024;

export const FILE_MESSAGES = {
  invalidType: 'Invalid file type. Only images and PDFs are allowed.',
  tooLarge: 'File is too large. Maximum 10MB allowed.',
  tooLargeUltimate: 'File is too large. Maximum 50MB allowed.',
  noFile: 'No file uploaded',
  oneFile: 'Send one file per request',
} as const;

/** The largest upload a user of this tier may send, and the message when it is exceeded. */
export function uploadLimitFor(tier: string) {
  return isTierAtLeast(tier, 'ultimate')
    ? { maxBytes: MAX_FILE_BYTES_ULTIMATE, message: FILE_MESSAGES.tooLargeUltimate }
    : { maxBytes: MAX_FILE_BYTES, message: FILE_MESSAGES.tooLarge };
}

/** '100 MB', '20 GB': a quota as the storage-full message names it. */
export function formatQuota(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${Math.round(mb / 1024)} GB` : `${Math.round(mb)} MB`;
}

/** The 413 message when an upload would take a user past their plan's storage. */
export function storageFullMessage(quotaBytes: number): string {
  return `Storage limit reached: your plan keeps up to ${formatQuota(quotaBytes)} of files. Delete conversations with attachments you no longer need, or upgrade for more space.`;
}
