import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

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
  id: textSchema()
    .regex(/^\d{1,9}$/, 'File id must be a positive number')
    .transform(Number),
});

export const FileContentQuerySchema = z.object({
  /** Forces a download (Content-Disposition: attachment) even for images. */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});
