import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/**
 * The conversations area of /admin (issue 12 item 2): find any user's conversation and read it.
 * Reading needs a reason, which the audit log keeps; the app setting adminConversationAccess
 * switches both off.
 */

/** GET /api/admin/conversations?userId=&q= (most recently updated first). */
export const AdminConversationQuerySchema = PageQuerySchema.extend({
  userId: z.coerce.number().pipe(RowIdSchema).optional(),
  /** Part of the title, any case. */
  q: textSchema().trim().max(200).optional(),
});
export type AdminConversationQuery = z.infer<typeof AdminConversationQuerySchema>;

export const AdminConversationSchema = z.object({
  conversationId: z.string(),
  title: z.string().nullable(),
  userId: z.number().int(),
  username: z.string(),
  messageCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminConversation = z.infer<typeof AdminConversationSchema>;
export const AdminConversationPageSchema = pageSchema(AdminConversationSchema);

export const AdminConversationParamsSchema = z.object({
  conversationId: textSchema().min(1).max(100),
});

/** POST /api/admin/conversations/{conversationId}/open: without a reason → 400. */
export const OpenConversationRequestSchema = z.object({
  reason: textSchema().trim().min(1, 'A reason is required').max(1000),
});
export type OpenConversationRequest = z.infer<typeof OpenConversationRequestSchema>;

export const AdminMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  isUserMessage: z.boolean(),
  timestamp: z.iso.datetime(),
  model: z.string().nullable(),
  status: z.string(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

/** At most this many messages are sent, the first ones in time order; `truncated` says so. */
export const ADMIN_MESSAGE_LIMIT = 2000;

export const OpenedConversationSchema = z.object({
  conversation: AdminConversationSchema,
  messages: z.array(AdminMessageSchema),
  truncated: z.boolean(),
});
export type OpenedConversation = z.infer<typeof OpenedConversationSchema>;
