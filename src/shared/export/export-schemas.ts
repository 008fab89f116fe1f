import { z } from 'zod';
import { ConversationIdSchema } from '#shared/chat/chat-schemas.ts';
import { textSchema } from '#shared/validation/database-input.ts';

/** Spec 01-core §9 and 02 §9: text, Markdown, JSON, HTML and PDF. */
export const EXPORT_FORMATS = ['txt', 'md', 'json', 'html', 'pdf'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: `format must be one of ${EXPORT_FORMATS.join(', ')}`,
});
export type ExportFormat = z.infer<typeof ExportFormatSchema>;
/** The formats built by pure code (also in the browser); PDF is rendered on the server. */
export type TextExportFormat = Exclude<ExportFormat, 'pdf'>;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
};

/** Texts of spec 01-core §3, §5 and §9. */
export const EXPORT_TEXTS = {
  noMessages: 'No messages to export',
  exportDate: 'Export-Datum',
  untitled: 'Neues Gespräch',
  userSender: 'User',
  /** The assistant's name when no persona can be named. */
  assistantSender: 'Assistant',
} as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone such as Europe/Berlin; the web client sends the browser's. */
export const TimeZoneSchema = textSchema()
  .max(64)
  .refine(isTimeZone, 'tz must be an IANA time zone such as Europe/Berlin');

export const ExportParamsSchema = z.object({
  conversationId: ConversationIdSchema,
});

/** GET /api/conversations/:conversationId/export?format=&tz= */
export const ExportQuerySchema = z.object({
  format: ExportFormatSchema.default('txt'),
  /** Zone of the dates in the file and its name; UTC when not given. */
  tz: TimeZoneSchema.default('UTC'),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
export type ExportQueryInput = z.input<typeof ExportQuerySchema>;

/** The JSON export, for clients that read it back. */
export const ExportJsonSchema = z.object({
  title: z.string(),
  exportedAt: z.string(),
  messages: z.array(
    z.object({
      sender: z.string(),
      timestamp: z.string(),
      content: z.string(),
      isUserMessage: z.boolean(),
    }),
  ),
});
export type ExportJson = z.infer<typeof ExportJsonSchema>;
