import { z } from 'zod';
import { PersonaRefSchema } from '#shared/settings/settings-schemas.ts';
import { MAX_ROW_ID, textSchema } from '#shared/validation/database-input.ts';
import { ConversationIdSchema, FeedbackValueSchema } from './chat-schemas.ts';

/** A conversation row (spec 01-core §3); title null is shown as 'Neues Gespräch'. */
export const ConversationSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  timestamp: z.iso.datetime(),
  conversationId: z.string(),
  personaId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.array(ConversationSchema);

export const CONVERSATION_PAGE = { default: 50, max: 200 } as const;
export const MESSAGE_PAGE = { default: 1000, max: 1000 } as const;

const limit = (page: { default: number; max: number }) =>
  z.coerce.number().int().min(1).max(page.max).default(page.default);

/** GET /api/conversations: newest first; `before` is the X-Next-Cursor of the previous page. */
export const ConversationListQuerySchema = z.object({
  limit: limit(CONVERSATION_PAGE),
  before: textSchema().max(200).optional(),
});

const messageRef = z.coerce.number().int().positive().max(MAX_ROW_ID).optional();

/**
 * GET /api/messages/:id: the latest `limit` messages, oldest first. `before` pages back (the
 * X-Next-Cursor), `after` pages forward (the X-Newer-Cursor), `around` opens at a message (a search
 * hit): it with the messages before and after it, `limit` in all. At most one of the three.
 */
export const MessageListQuerySchema = z
  .object({
    limit: limit(MESSAGE_PAGE),
    before: messageRef,
    after: messageRef,
    around: messageRef,
  })
  .refine(
    (query) =>
      [query.before, query.after, query.around].filter((id) => id !== undefined).length < 2,
    { message: 'Give at most one of before, after and around' },
  );
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;
export type MessageListQueryInput = z.input<typeof MessageListQuerySchema>;
export type ConversationListQueryInput = z.input<typeof ConversationListQuerySchema>;

export const ConversationParamsSchema = z.object({ id: ConversationIdSchema });
export const DeleteConversationParamsSchema = z.object({ conversationId: ConversationIdSchema });
export const MessageIdParamsSchema = z.object({
  id: textSchema()
    .regex(/^\d{1,9}$/, 'Message id must be a positive number')
    .transform(Number),
});

export const UpdateConversationSchema = z
  .strictObject({
    title: textSchema().trim().min(1, 'Title must not be empty').max(200).nullable().optional(),
    personaId: PersonaRefSchema.optional(),
  })
  .refine((patch) => patch.title !== undefined || patch.personaId !== undefined, {
    message: 'Give a title or a personaId',
  });
export type UpdateConversation = z.output<typeof UpdateConversationSchema>;
export type UpdateConversationInput = z.input<typeof UpdateConversationSchema>;

export const FeedbackRequestSchema = z.object({ feedback: FeedbackValueSchema.nullable() });
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

/** PUT /api/messages/:id/feedback answers the message's feedback as stored. */
export const FeedbackResponseSchema = z.object({
  id: z.number().int(),
  feedback: FeedbackValueSchema.nullable(),
});
export type FeedbackResponse = z.infer<typeof FeedbackResponseSchema>;
