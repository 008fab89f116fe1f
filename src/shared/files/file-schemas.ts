import { z } from 'zod';
import { isTierAtLeast } from '#shared/plans/tiers.ts';

/** Upload limits and texts (spec 01-core §5, §9; 02 §5, §9: Ultimate document analysis up to 50MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES_ULTIMATE = 50 * 1024 * 1024;

export const FILE_MESSAGES = {
  invalidType: 'Invalid file type. Only images and PDFs are allowed.',
  tooLarge: 'File is too large. Maximum 10MB allowed.',
  tooLargeUltimate: 'File is too large. Maximum 50MB allowed.',
  noFile: 'No file uploaded',
} as const;

/** The largest upload a user of this tier may send, and the message when it is exceeded. */
export function uploadLimitFor(tier: string) {
  return isTierAtLeast(tier, 'ultimate')
    ? { maxBytes: MAX_FILE_BYTES_ULTIMATE, message: FILE_MESSAGES.tooLargeUltimate }
    : { maxBytes: MAX_FILE_BYTES, message: FILE_MESSAGES.tooLarge };
}

/** processing → ready, or failed with processingError (e.g. an unreadable PDF). */
export const FileStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type FileStatus = z.infer<typeof FileStatusSchema>;

/** An uploaded file as the client sees it; name, size and type as spec 01-core §3 "Attached file". */
export const FileInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** The type detected from the content, e.g. image/png or application/pdf. */
  type: z.string(),
  status: FileStatusSchema,
  processingError: z.string().nullable(),
  createdAt: z.string(),
});
export type FileInfo = z.infer<typeof FileInfoSchema>;

export const FileParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'File id must be a positive number')
    .transform(Number),
});

export const FileContentQuerySchema = z.object({
  /** Forces a download (Content-Disposition: attachment) even for images. */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});
