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
  /** Whether a visitor without the brand's signature may ask us for a random one. */
  anonymousVisitors: z.boolean(),
});
export type WidgetConfig = z.infer<typeof WidgetConfigSchema>;

/** A visitor's message; `clientMessageId` makes a resend after a lost answer store it once. */
export const WidgetMessageInputSchema = WidgetVisitorSchema.extend({
  clientMessageId: z.uuid('Not a message id'),
  content: textSchema().trim().min(1, 'Write a message').max(4000),
  senderName: textSchema().trim().max(200).nullable().optional(),
});
export type WidgetMessageInput = z.infer<typeof WidgetMessageInputSchema>;

/** A visitor's conversation so far: the newest `limit` messages, oldest first. */
export const WidgetHistoryQuerySchema = WidgetVisitorSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type WidgetHistoryQuery = z.infer<typeof WidgetHistoryQuerySchema>;

/**
 * One message as the visitor sees it: their own by the id their widget gave it, the brand's
 * replies by the stored id (the live stream's `messageId`), so both lists merge without doubles.
 */
export const WidgetHistoryMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['visitor', 'brand']),
  content: z.string(),
  createdAt: z.string(),
});
export type WidgetHistoryMessage = z.infer<typeof WidgetHistoryMessageSchema>;
export const WidgetHistorySchema = z.object({ items: z.array(WidgetHistoryMessageSchema) });
export type WidgetHistory = z.infer<typeof WidgetHistorySchema>;
