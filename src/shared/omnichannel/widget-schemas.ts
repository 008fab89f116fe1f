import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

/**
 * The website chat widget's public routes (issue 14 item 2): what the embedded script
 * (src/client/widget/) reads and sends from a brand's website, without cookies.
 */

/** A visitor as the brand's server names it: the id and its hex HMAC-SHA256 under the key. */
export const WidgetVisitorSchema = z.object({
  visitor: textSchema().min(1).max(320),
  signature: textSchema().regex(/^[0-9a-f]{64}$/, 'Not a signature'),
});

/** The brand's public face: nothing of its limits, voice or channel secrets. */
export const WidgetConfigSchema = z.object({
  channelId: z.string(),
  brandName: z.string(),
  primaryColor: z.string().nullable(),
  logo: z.string().nullable(),
});
export type WidgetConfig = z.infer<typeof WidgetConfigSchema>;

/** A visitor's message; `clientMessageId` makes a resend after a lost answer store it once. */
export const WidgetMessageInputSchema = WidgetVisitorSchema.extend({
  clientMessageId: z.uuid('Not a message id'),
  content: textSchema().trim().min(1, 'Write a message').max(4000),
  senderName: textSchema().trim().max(200).nullable().optional(),
});
export type WidgetMessageInput = z.infer<typeof WidgetMessageInputSchema>;
