import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';

/** Brands, their channels and inbound messages of the omnichannel inbox (spec 02 §3, issue 14). */

export const CHANNEL_TYPES = ['api', 'widget', 'whatsapp', 'telegram', 'sms', 'email'] as const;
export const ChannelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelTypeSchema>;

/** Every secret a channel may hold; each type uses some (see CHANNEL_SECRETS). */
export const SECRET_NAMES = [
  'appSecret',
  'verifyToken',
  'botToken',
  'authToken',
  'hmacKey',
  'smtpPassword',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets that verify each type's deliveries (and later authenticate its replies). */
export const CHANNEL_SECRETS: Record<ChannelType, readonly SecretName[]> = {
  api: ['hmacKey'],
  widget: ['hmacKey'],
  whatsapp: ['appSecret', 'verifyToken', 'authToken'],
  telegram: ['botToken', 'verifyToken'],
  sms: ['authToken'],
  email: ['hmacKey', 'smtpPassword'],
};

const optionalText = (max: number) => textSchema().trim().max(max).nullable();
/** A non-negative decimal with at most two places, as a string (money stays exact). */
const decimal = (maxIntegerDigits: number) =>
  textSchema()
    .trim()
    .regex(new RegExp(`^\\d{1,${maxIntegerDigits}}(\\.\\d{1,2})?$`), 'Not a decimal number');

const brandFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  description: optionalText(2000),
  logo: optionalText(2000),
  primaryColor: textSchema()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Not a colour like #1a2b3c')
    .nullable(),
  voice: optionalText(4000),
  signatureEmail: optionalText(2000),
  signatureChat: optionalText(500),
  legalDisclaimer: optionalText(4000),
  autoReplyEnabled: z.boolean(),
  maxAutopilotAmount: decimal(10),
  maxDiscountPercent: decimal(3).refine((value) => Number(value) <= 100, 'At most 100'),
  slaResponseMinutes: z.number().int().min(1).max(43_200),
  isActive: z.boolean(),
};

/** A new brand; omitted limits take the spec's defaults (02 §9). */
export const BrandInputSchema = z.object({
  ...brandFields,
  description: brandFields.description.default(null),
  logo: brandFields.logo.default(null),
  primaryColor: brandFields.primaryColor.default(null),
  voice: brandFields.voice.default(null),
  signatureEmail: brandFields.signatureEmail.default(null),
  signatureChat: brandFields.signatureChat.default(null),
  legalDisclaimer: brandFields.legalDisclaimer.default(null),
  autoReplyEnabled: brandFields.autoReplyEnabled.default(true),
  maxAutopilotAmount: brandFields.maxAutopilotAmount.default('1000.00'),
  maxDiscountPercent: brandFields.maxDiscountPercent.default('5.00'),
  slaResponseMinutes: brandFields.slaResponseMinutes.default(120),
  isActive: brandFields.isActive.default(true),
});
export type BrandInput = z.infer<typeof BrandInputSchema>;
export const BrandPatchSchema = z.object(brandFields).partial();
export type BrandPatch = z.infer<typeof BrandPatchSchema>;

export const BrandSchema = z.object({
  brandId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  primaryColor: z.string().nullable(),
  voice: z.string().nullable(),
  signatureEmail: z.string().nullable(),
  signatureChat: z.string().nullable(),
  legalDisclaimer: z.string().nullable(),
  autoReplyEnabled: z.boolean(),
  maxAutopilotAmount: z.string(),
  maxDiscountPercent: z.string(),
  slaResponseMinutes: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;
export const BrandListSchema = z.object({ items: z.array(BrandSchema) });

export const BrandParamsSchema = z.object({ brandId: z.uuid('Not a brand id') });
export const ChannelParamsSchema = BrandParamsSchema.extend({
  channelId: z.uuid('Not a channel id'),
});
export const WebhookParamsSchema = z.object({ channelId: z.uuid('Not a channel id') });

/** What may be shown of a channel's configuration: its provider's API base URL and ids. */
export const ChannelConfigSchema = z.object({
  apiBaseUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** WhatsApp: the phone number id replies are sent from. */
  phoneNumberId: textSchema().trim().max(100).optional(),
  /** API channel: where signed replies go. */
  replyWebhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** Email: the address replies come from. */
  fromAddress: textSchema().trim().max(320).optional(),
  /** Twilio: the account replies are sent from (with the auth token as its password). */
  accountSid: textSchema().trim().max(100).optional(),
  /** Email: the SMTP server replies go through (password: the `smtpPassword` secret). */
  smtpHost: textSchema().trim().max(253).optional(),
  smtpPort: z.number().int().min(1).max(65_535).optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  smtpSecure: z.boolean().optional(),
  smtpUser: textSchema().trim().max(320).optional(),
});
export type ChannelConfig = z.infer<typeof ChannelConfigSchema>;

/** Secrets are write-only: a value sets it, null removes it, leaving it out keeps it. */
export const ChannelSecretsInputSchema = z
  .object(
    Object.fromEntries(
      SECRET_NAMES.map((name) => [name, textSchema().min(1).max(1000).nullable().optional()]),
    ) as Record<SecretName, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .partial();

export const ChannelInputSchema = z.object({
  channelType: ChannelTypeSchema,
  channelIdentifier: textSchema().trim().min(1, 'Identifier is required').max(320),
  config: ChannelConfigSchema.default({}),
  secrets: ChannelSecretsInputSchema.default({}),
  isActive: z.boolean().default(true),
});
export type ChannelInput = z.infer<typeof ChannelInputSchema>;
export const ChannelPatchSchema = z
  .object({
    channelIdentifier: ChannelInputSchema.shape.channelIdentifier,
    config: ChannelConfigSchema,
    secrets: ChannelSecretsInputSchema,
    isActive: z.boolean(),
  })
  .partial();
export type ChannelPatch = z.infer<typeof ChannelPatchSchema>;

export const ChannelSchema = z.object({
  channelId: z.string(),
  brandId: z.string(),
  channelType: ChannelTypeSchema,
  channelIdentifier: z.string(),
  config: ChannelConfigSchema,
  /** Which secrets are set; their values are never sent. */
  secretsConfigured: z.record(z.string(), z.boolean()),
  /** The path to give the provider as its webhook (prefixed by the public origin). */
  webhookPath: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof ChannelSchema>;
export const ChannelListSchema = z.object({ items: z.array(ChannelSchema) });

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
export const URGENCIES = ['low', 'normal', 'high', 'critical'] as const;

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
/** A website widget visitor's stream: the visitor and its HMAC under the channel's key. */
export const WidgetStreamQuerySchema = z.object({
  visitor: textSchema().min(1).max(320),
  signature: textSchema().regex(/^[0-9a-f]{64}$/, 'Not a signature'),
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

/** Response templates: per language and channel, with {{variables}} and quick replies. */
export const TEMPLATE_LANGUAGES = ['de', 'en', 'zh', 'mk', 'sq', 'ko'] as const;
const templateFields = {
  name: textSchema().trim().min(1, 'Name is required').max(200),
  category: textSchema().trim().max(100).nullable(),
  /** null: every channel. */
  channelType: ChannelTypeSchema.nullable(),
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: textSchema().trim().max(500).nullable(),
  content: textSchema().trim().min(1, 'Content is required').max(10_000),
  quickReplies: z.array(textSchema().trim().min(1).max(200)).max(20),
  isActive: z.boolean(),
};
export const TemplateInputSchema = z.object({
  ...templateFields,
  category: templateFields.category.default(null),
  channelType: templateFields.channelType.default(null),
  language: templateFields.language.default('de'),
  subject: templateFields.subject.default(null),
  quickReplies: templateFields.quickReplies.default([]),
  isActive: templateFields.isActive.default(true),
});
export type TemplateInput = z.input<typeof TemplateInputSchema>;
export const TemplatePatchSchema = z.object(templateFields).partial();
export const TemplateSchema = z.object({
  templateId: z.string(),
  brandId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  channelType: ChannelTypeSchema.nullable(),
  language: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  /** The {{names}} its content uses. */
  variables: z.array(z.string()),
  quickReplies: z.array(z.string()),
  usageCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResponseTemplate = z.infer<typeof TemplateSchema>;
export const TemplateListSchema = z.object({ items: z.array(TemplateSchema) });
export const TemplateParamsSchema = BrandParamsSchema.extend({
  templateId: z.uuid('Not a template id'),
});

/** The variables a template's content names: {{customer_name}} → customer_name. */
export function templateVariables(content: string): string[] {
  return [
    ...new Set([...content.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi)].map((m) => m[1]!)),
  ];
}

/** Fills a template's {{variables}}; an unknown one stays as written, for the admin to see. */
export function fillTemplate(content: string, values: Record<string, string | null | undefined>) {
  return content.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi, (whole, name: string) => {
    const value = values[name];
    return value ? value : whole;
  });
}

/** The webhook's JSON deliveries are documented as bytes: the signature covers them exactly. */
export const ChannelDeliverySchema = z
  .custom<unknown>(() => true)
  .meta({ type: 'string', description: 'The signed delivery, as the provider sent it' });
export const ChannelReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
/** WhatsApp's subscription check: the challenge echoed as text. */
export const WhatsAppVerifyQuerySchema = z.looseObject({
  'hub.mode': textSchema().max(50).optional(),
  'hub.verify_token': textSchema().max(500).optional(),
  'hub.challenge': textSchema().max(200).optional(),
});
