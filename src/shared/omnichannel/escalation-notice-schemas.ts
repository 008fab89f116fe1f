import { z } from 'zod';
import { InboxStreamEventSchema } from './inbox-schemas.ts';

/**
 * An escalation rule of type notify / reassign_notify names an administrator: they are told,
 * live in their open inbox (issue 14 item 5, decision 286).
 */
export const EscalationNoticeSchema = z.object({
  brandId: z.string(),
  threadKey: z.string(),
  /** The escalated inbound message. */
  id: z.number().int(),
  /** The administrator to tell. */
  userId: z.number().int(),
  reason: z.string(),
});
export type EscalationNotice = z.infer<typeof EscalationNoticeSchema>;
/** The inbox stream's `escalation` event; `change` events name every changed thread. */
export const InboxEscalationEventSchema = z.object({
  event: z.literal('escalation'),
  data: EscalationNoticeSchema,
});
/** Everything the inbox stream sends. */
export const InboxStreamEventsSchema = z.union([
  InboxStreamEventSchema,
  InboxEscalationEventSchema,
]);
