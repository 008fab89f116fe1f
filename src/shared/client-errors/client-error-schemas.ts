import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';
import { CLIENT_ERROR_LIMITS } from './client-error-limits.ts';

const optionalText = (max: number) => textSchema().max(max).nullable().optional();

/** POST /api/client-errors: a crash the error screen reports (spec 01-core §2). */
export const ClientErrorReportSchema = z.strictObject({
  message: textSchema().trim().min(1, 'Message is required').max(CLIENT_ERROR_LIMITS.message),
  stack: optionalText(CLIENT_ERROR_LIMITS.stack),
  componentStack: optionalText(CLIENT_ERROR_LIMITS.stack),
  url: optionalText(CLIENT_ERROR_LIMITS.url),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

export const ClientErrorReceiptSchema = z.object({ id: z.number().int() });
export type ClientErrorReceipt = z.infer<typeof ClientErrorReceiptSchema>;
