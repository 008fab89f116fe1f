import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { ChannelTypeSchema } from './channel-schemas.ts';

/** The omnichannel inbox: messages and threads, replies, and its live streams (spec 02 §3). */

/** An inbound message's way through the inbox (triage sets the first steps). */
export const INBOUND_STATUSES = [
  'pending',
  'processing',
  'awaiting_approval',
  'responded',
  'resolved',
  'escalated',
  'failed',
] as const;
export const InboundStatusSchema = z.enum(INBOUND_STATUSES);
export type InboundStatus = z.infer<typeof InboundStatusSchema>;
/** A reply: a copilot draft, queued for its delivery job, then sent or failed. */
export const OUTBOUND_STATUSES = ['draft', 'queued', 'sent', 'failed'] as const;
export const OutboundStatusSchema = z.enum(OUTBOUND_STATUSES);
export type OutboundStatus = z.infer<typeof OutboundStatusSchema>;
/** 'received': stored by the webhook, before its job has taken it. */
export const MessageStatusSchema = z.enum([
  'received',
  ...INBOUND_STATUSES,
  'draft',
  'queued',
  'sent',
]);
export const ProcessModeSchema = z.enum(['manual', 'copilot', 'autopilot']);
export type ProcessMode = z.infer<typeof ProcessModeSchema>;

export const MessageSchema = z.object({
  id: z.number().int(),
  messageId: z.string(),
  brandId: z.string(),
  channelId: z.string().nullable(),
  channelType: ChannelTypeSchema,
  direction: z.enum(['inbound', 'outbound']),
  threadKey: z.string(),
  senderIdentifier: z.string(),
  senderName: z.string().nullable(),
  content: z.string(),
  status: MessageStatusSchema,
  intent: z.string().nullable(),
  urgency: z.string().nullable(),
  processMode: ProcessModeSchema.nullable(),
  assignedTo: z.number().int().nullable(),
  parentMessageId: z.string().nullable(),
  /** Seconds from the inbound message to its reply being queued. */
  responseTime: z.number().int().nullable(),
  /** A copilot draft's reasons for not sending it on its own ('discount 10 % > limit 5 %'). */
  reasons: z.array(z.string()),
  /** A reply's delivery: the provider's id once sent, its error once failed. */
  providerMessageId: z.string().nullable(),
  deliveryError: z.string().nullable(),
  createdAt: z.string(),
});
export type OmnichannelMessage = z.infer<typeof MessageSchema>;
export const MessageQuerySchema = PageQuerySchema.omit({ order: true });
export const MessagePageSchema = pageSchema(MessageSchema);

/** The inbox: threads (by their latest inbound message), newest first, filtered. */
export const InboxQuerySchema = PageQuerySchema.omit({ order: true }).extend({
  brandId: z.uuid('Not a brand id').optional(),
  channelId: z.uuid('Not a channel id').optional(),
  status: InboundStatusSchema.optional(),
  urgency: textSchema().trim().max(50).optional(),
  intent: textSchema().trim().max(100).optional(),
  /** 'me', 'none' (unassigned) or a user id. */
  assignee: z.union([z.enum(['me', 'none']), z.coerce.number().pipe(RowIdSchema)]).optional(),
  /** Threads whose latest message an escalation rule named the caller to be told of. */
  escalatedTo: z.literal('me').optional(),
  q: textSchema().trim().max(200).optional(),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;
export const InboxPageSchema = pageSchema(MessageSchema);

export const ThreadParamsSchema = z.object({
  threadKey: textSchema().min(1).max(1000),
});
/** A thread, oldest first: the customer's messages and every reply, drafts included. */
export const ThreadSchema = z.object({
  threadKey: z.string(),
  brandId: z.string(),
  channelId: z.string().nullable(),
  channelType: ChannelTypeSchema,
  senderIdentifier: z.string(),
  senderName: z.string().nullable(),
  messages: z.array(MessageSchema),
});
export type Thread = z.infer<typeof ThreadSchema>;

/** The path names a message by its row `id` (a provider's messageId may not fit in a path). */
export const MessageIdParamsSchema = z.object({ id: z.coerce.number().pipe(RowIdSchema) });
const replyContent = textSchema().trim().min(1, 'Reply is required').max(10_000);
export const ReplyInputSchema = z.object({
  content: replyContent,
  /** The response template it was written from: its usage is counted (and WhatsApp sends it). */
  templateId: z.uuid('Not a template id').optional(),
});
export type ReplyInput = z.infer<typeof ReplyInputSchema>;
export const ApproveInputSchema = z.object({ content: replyContent.optional() });
export const AssignInputSchema = z.object({ userId: RowIdSchema.nullable() });

/** One change in a brand's inbox, as the live stream sends it: read the thread again. */
export const InboxEventSchema = z.object({
  brandId: z.string(),
  threadKey: z.string(),
  id: z.number().int(),
});
export type InboxEvent = z.infer<typeof InboxEventSchema>;
/** The inbox stream's events as Server-Sent Events: `change`, its data a changed thread. */
export const InboxStreamEventSchema = z.object({
  event: z.literal('change'),
  data: InboxEventSchema,
});
/** A reply as the visitor's widget receives it. */
export const WidgetReplySchema = z.object({
  messageId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type WidgetReply = z.infer<typeof WidgetReplySchema>;
export const WidgetStreamEventSchema = z.object({
  event: z.literal('reply'),
  data: WidgetReplySchema,
});
export const InboxStreamQuerySchema = z.object({ brandId: z.uuid('Not a brand id') });
/**
 * What the inbox reads of GET /api/admin/users?role=admin (its AdminUserPageSchema, the other
 * fields dropped): whom a message can be assigned to, without the admin screens' schemas.
 */
export const AssigneePageSchema = z.object({
  items: z.array(
    z.object({ id: z.number().int(), username: z.string(), displayName: z.string().nullable() }),
  ),
});
