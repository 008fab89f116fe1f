import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { textSchema } from '#shared/validation/database-input.ts';

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
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets that verify each type's deliveries (and later authenticate its replies). */
export const CHANNEL_SECRETS: Record<ChannelType, readonly SecretName[]> = {
  api: ['hmacKey'],
  widget: ['hmacKey'],
  whatsapp: ['appSecret', 'verifyToken', 'authToken'],
  telegram: ['botToken', 'verifyToken'],
  sms: ['authToken'],
  email: ['hmacKey'],
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
  status: z.string(),
  createdAt: z.string(),
});
export type OmnichannelMessage = z.infer<typeof MessageSchema>;
export const MessageQuerySchema = PageQuerySchema.omit({ order: true });
export const MessagePageSchema = pageSchema(MessageSchema);

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
